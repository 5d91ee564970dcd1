// Package lsp is "toolcheck lsp": a language server over standard input
// and output (a subset of LSP 3.17) that publishes toolcheck's findings as
// diagnostics beside gopls, which cannot load third-party analyzers, and
// offers their suggested fixes as quick fixes.
//
// The server analyses the packages of a Go file when it is opened, saved
// and (debounced) changed, with unsaved buffers as go/packages overlays,
// one run at a time; a run that newer edits supersede is cancelled. It
// takes the command's flags and reads the same .toolcheck.json, afresh on
// every run. Configuration and load errors show once as window/showMessage.
//
// Loading is most of a run's cost (go list, then parsing and type-checking
// every dependency from source, for the facts). The backend keeps each
// module's last load; when only the contents of files changed, a run
// parses them again and re-checks their packages and those above them
// (cache.go), and anything else loads afresh. After ten minutes without a
// run the loads are dropped.
//
// The JSON-RPC 2.0 transport is written here (jsonrpc.go): the server only
// answers requests and sends notifications, which takes a few hundred
// lines, and toolcheck, a golangci-lint module plugin, keeps its
// dependencies to golang.org/x/tools.
package lsp
