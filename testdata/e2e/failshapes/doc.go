// Package failshapes is a held-out fixture: tool servers of both SDKs
// written from the design (docs/RULES.md and docs/analyzers), not from the
// analyzers' code. Each subpackage mixes failures a reviewer would report
// (each with a want comment) with shapes a reviewer would accept (none).
//
//   - samples, catalog: emptyonfail (mcp-go and go-sdk)
//   - tracker: messagetext (mcp-go)
//   - docsearch: loglevel (mcp-go)
//
// The e2e module does not require github.com/toolcheck/toolcheck/toolerr,
// so failshapes/toolerr and failshapes/edge stand in for toolerr and its
// SDK boundaries, with the same API.
package failshapes
