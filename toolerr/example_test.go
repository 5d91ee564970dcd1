package toolerr_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"

	"github.com/toolcheck/toolcheck/toolerr"
)

func ExampleCallerError() {
	read := func(path string) (string, error) {
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return "", toolerr.CallerError(fmt.Sprintf("No note at '%s'. Find the path with search_notes.", path),
				toolerr.WithCause(err))
		}
		if err != nil {
			return "", fmt.Errorf("read note %s: %w", path, err) // a fault: the boundary logs it and sends the fixed message
		}
		return string(data), nil
	}
	_, err := read("inbox/missing.md")
	var te *toolerr.ToolError
	if errors.As(err, &te) {
		fmt.Println(te.Level(), te.Outcome())
		fmt.Println(te)
		fmt.Println(errors.Is(err, fs.ErrNotExist))
	}
	// Output:
	// INFO caller_error
	// No note at 'inbox/missing.md'. Find the path with search_notes.
	// true
}

func ExampleResolve() {
	ctx := context.Background()
	for _, err := range []error{
		toolerr.Stale("Note 'plan.md' changed since version 'a1b2', so resending this call fails again. Call read_note for the current version."),
		fmt.Errorf("query: %w", context.DeadlineExceeded),
		errors.New("open /srv/notes/db: permission denied"),
	} {
		te := toolerr.Resolve(ctx, err)
		fmt.Printf("%s %s: %s\n", te.Level(), te.Outcome(), te.Message())
	}
	// Output:
	// INFO stale_state: Note 'plan.md' changed since version 'a1b2', so resending this call fails again. Call read_note for the current version.
	// WARN timeout: The request was fine but took too long on the server's side; retry it in a moment.
	// ERROR fault: The request was fine; retry later, and tell the user if it keeps failing.
}

func ExampleWithLevel() {
	te := toolerr.New("The 'export' feature is turned off on this server; use read_note instead.", toolerr.WithLevel(slog.LevelInfo))
	fmt.Println(te.Level(), te.Outcome())
	// Output: INFO caller_error
}
