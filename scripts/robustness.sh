#!/usr/bin/env bash
# scripts/robustness.sh: toolcheck must never crash on real code.
#
# Runs toolcheck (standalone, -json, every analyzer) over std,
# golang.org/x/tools/... (v0.52.0, from the module cache or proxy, copied to
# a temporary directory), and every target given: a module path@version
# (downloaded the same way) or a directory holding a module. It fails on
# any panic or runtime fatal error, and on any analyzer error; findings and
# packages that do not type-check (the driver skips those) are reported,
# not failures. With -vet it also runs each target through
# go vet -vettool=<a fresh copy of toolcheck> -json (each copy misses the
# vet cache), where a panic in any package, dependencies included, fails.
#
# Usage: scripts/robustness.sh [-nostd] [-notools] [-vet] [-work DIR] [module@version | dir]...
#
# Exit status: 0 clean, 1 a panic, a fatal error or an analyzer error,
# 2 a target could not be set up or loaded at all.

# The braces make bash read the whole script before running it, so that
# editing the file during a run cannot change the run.
{
set -uo pipefail

std=1
xtools=1
vet=0
work=""
targets=()
while [ $# -gt 0 ]; do
	case "$1" in
	-nostd) std=0 ;;
	-notools) xtools=0 ;;
	-vet) vet=1 ;;
	-work) work=$2; shift ;;
	-h | -help | --help) sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) echo "scripts/robustness.sh: unknown flag $1 (see -help)" >&2; exit 2 ;;
	*) targets+=("$1") ;;
	esac
	shift
done

repo=$(cd "$(dirname "$0")/.." && pwd)
[ -n "$work" ] || work=$(mktemp -d /tmp/toolcheck-robustness.XXXXXX)
mkdir -p "$work/bin" "$work/src" "$work/out" || exit 2
echo "robustness: work directory $work"
(cd "$repo" && go build -o "$work/bin/toolcheck" ./cmd/toolcheck && go build -o "$work/bin/robustcheck" ./scripts/robustcheck) || {
	echo "robustness: build failed" >&2
	exit 2
}
bin=$work/bin/toolcheck

# fetch MODULE@VERSION: copy the module into $work/src and print its path.
fetch() {
	local dir
	dir=$(go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
	[ -n "$dir" ] && [ -d "$dir" ] || return 1
	local dst=$work/src/$(echo "$1" | tr '/@' '__')
	if [ ! -d "$dst" ]; then
		cp -r "$dir" "$dst" && chmod -R u+w "$dst" || return 1
	fi
	echo "$dst"
}

status=0
fail() { echo "FAIL: $*"; status=1; }

# check NAME DIR PATTERN
check() {
	local name=$1 dir=$2 pat=$3
	local tag
	tag=$(echo "$name" | tr -c 'A-Za-z0-9.\n' _)
	local out=$work/out/$tag.json err=$work/out/$tag.stderr
	echo "== $name ($dir: toolcheck -json $pat)"
	local start=$SECONDS
	(cd "$dir" && "$bin" -json "$pat" >"$out" 2>"$err")
	local rc=$?
	echo "   exit $rc in $((SECONDS - start))s"
	if grep -qE '^(panic: |fatal error: )' "$err"; then
		fail "$name: toolcheck crashed:"
		grep -E -A 30 '^(panic: |fatal error: )' "$err" | head -60 | sed 's/^/   /'
	elif [ "$rc" -gt 1 ]; then
		fail "$name: toolcheck exited $rc (see $err)"
		tail -20 "$err" | sed 's/^/   /'
	elif [ "$rc" = 1 ]; then
		echo "   load errors (the packages', not toolcheck's): $(grep -c . "$err") lines in $err"
	fi
	if [ -s "$out" ]; then
		"$work/bin/robustcheck" <"$out" | sed 's/^/   /'
		[ "${PIPESTATUS[0]}" = 0 ] || fail "$name: analyzer errors"
	elif [ "$rc" -le 1 ]; then
		echo "   no output: the packages could not be loaded (see $err)"
		[ "$status" = 0 ] && status=2
	fi
	if [ "$vet" = 1 ]; then
		local tool=$work/bin/toolcheck-vet-$tag
		cp "$bin" "$tool" && printf '\nrobustness %s %s\n' "$tag" "$$" >>"$tool"
		echo "   go vet -vettool -json $pat"
		(cd "$dir" && go vet -vettool="$tool" -json "$pat" >"$out.vet" 2>"$err.vet")
		rc=$?
		rm -f "$tool"
		if grep -qE '^(panic: |fatal error: )' "$err.vet"; then
			fail "$name: toolcheck crashed under go vet:"
			grep -E -B 3 -A 30 '^(panic: |fatal error: )' "$err.vet" | head -60 | sed 's/^/   /'
		fi
		if [ -s "$out.vet" ]; then
			"$work/bin/robustcheck" <"$out.vet" | sed 's/^/   vet: /'
			[ "${PIPESTATUS[0]}" = 0 ] || fail "$name: analyzer errors under go vet"
		else
			echo "   vet: no output (exit $rc; see $err.vet)"
		fi
	fi
}

if [ "$std" = 1 ]; then
	mkdir -p "$work/std"
	check std "$work/std" std
fi
if [ "$xtools" = 1 ]; then
	if dir=$(fetch golang.org/x/tools@v0.52.0); then
		check golang.org/x/tools@v0.52.0 "$dir" ./...
	else
		echo "FAIL: cannot download golang.org/x/tools@v0.52.0"
		status=2
	fi
fi
for t in "${targets[@]}"; do
	if [ -d "$t" ]; then
		check "$t" "$(cd "$t" && pwd)" ./...
	elif [[ "$t" == *@* ]]; then
		if dir=$(fetch "$t"); then
			check "$t" "$dir" ./...
		else
			echo "FAIL: cannot download $t"
			[ "$status" = 0 ] && status=2
		fi
	else
		echo "FAIL: $t is neither a directory nor module@version"
		[ "$status" = 0 ] && status=2
	fi
done

if [ "$status" = 0 ]; then
	echo "robustness: no panic, no analyzer error"
else
	echo "robustness: FAILED (status $status)"
fi
exit $status
}
