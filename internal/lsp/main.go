package lsp

import (
	"fmt"
	"os"
)

// Main runs the language server on standard input and output and returns
// the process's exit code. args are the command's flags, the same as for
// "toolcheck ./...": initializationOptions.flags add to them.
func Main(args []string) int {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fmt.Fprintf(os.Stderr, "usage: toolcheck lsp [flags]\n\n"+
				"toolcheck lsp is a language server on standard input and output that\n"+
				"publishes toolcheck's findings and offers their fixes as quick fixes.\n"+
				"It takes the command's flags, here or in initializationOptions.flags:\n\n%s", usage())
			return 0
		}
	}
	if _, err := parseOptions(args, ""); err != nil {
		fmt.Fprintf(os.Stderr, "toolcheck lsp: %v\n", err)
		return 2
	}
	// The protocol owns standard output: anything else that writes there
	// goes to standard error instead.
	out := os.Stdout
	os.Stdout = os.Stderr
	return newServer(os.Stdin, out, os.Stderr, args).serve()
}
