#!/usr/bin/env bash
# test-golangci.sh: the golangci-lint plugin's end-to-end test, kept apart
# from `go test ./...` because it builds golangci-lint (minutes when cold,
# cached after that).
#
# It builds golangci-lint v2.15.0 with the toolcheck plugin from the module
# proxy (scripts/build-golangci.sh), then runs plugin/golangci_e2e_test.go:
# on the real-SDK fixture module testdata/e2e, golangci-lint reports the same
# findings as `toolcheck -json`, settings change what is reported, bad
# settings fail clearly, //nolint:toolcheck suppresses, SARIF is written,
# and --fix applies the same fixes as `toolcheck -fix`.
#
# Usage: scripts/test-golangci.sh [go test flags, e.g. -v; -timeout 15m
# unless they give one]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

start=$(date +%s)
bin=$(bash scripts/build-golangci.sh)
built=$(date +%s)
echo "test-golangci: custom golangci-lint ready in $((built - start))s: $bin"

TOOLCHECK_GCL="$bin" go test -tags golangci -count=1 -timeout 15m -run '^TestGolangci$' "$@" ./plugin/
echo "test-golangci: build $((built - start))s, test $(($(date +%s) - built))s"
