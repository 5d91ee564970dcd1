#!/usr/bin/env bash
# test-toolerr-versions.sh: toolerr's tests at the newest SDK releases, the
# other end of the versions it supports.
#
# toolerr's go.mod requires the oldest releases it works with (adopting it
# upgrades a server's SDK no further than that): mark3labs/mcp-go v1.0.0
# and modelcontextprotocol/go-sdk v1.6.0, the first whose typed handlers
# answer an argument that fails the input schema with a tool result, which
# the boundary classifies, rather than a protocol error. `(cd toolerr && go
# test ./...)` runs the tests there. This script runs them on a copy at the
# newest releases the project has been checked against.
#
# Usage: scripts/test-toolerr-versions.sh [go test flags; -timeout 5m
# unless they give one]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

newest="github.com/mark3labs/mcp-go@v1.2.1 github.com/modelcontextprotocol/go-sdk@v1.8.0"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r toolerr "$work/toolerr"
cd "$work/toolerr"
# shellcheck disable=SC2086
go get $newest >/dev/null
go mod tidy
echo "test-toolerr-versions: the newest checked"
go list -m github.com/mark3labs/mcp-go github.com/modelcontextprotocol/go-sdk
go test -count=1 -timeout 5m "$@" ./...
