// Package store reads notes; it imports no SDK, but its errors reach the
// model through the tools that call it.
package store

import (
	"fmt"
	"os"
	"strings"
)

func Read(path string) ([]byte, error) { // want Read:"rawError\\(os.ReadFile\\)"
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("could not open file: %v", err)
	}
	return data, nil
}

// Wrap returns its argument's error, annotated.
func Wrap(op string, err error) error { // want Wrap:"rawError\\(param 1\\)"
	return fmt.Errorf("%s: %w", op, err)
}

// Check returns errors written for the caller: no fact.
func Check(name string) error {
	if strings.Contains(name, "..") {
		return fmt.Errorf("name %q must not contain '..'", name)
	}
	return nil
}
