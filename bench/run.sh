#!/usr/bin/env bash
# bench/run.sh: what toolcheck costs above loading and type-checking.
#
# In one run, alternating the commands (and rotating their order from one
# repetition to the next), it measures wall time, CPU time (user+sys,
# children included) and peak RSS (GNU /usr/bin/time -v) of:
#
#   floor-nofacts  the multichecker driver with one no-op analyzer, no fact type
#   floor-facts    the same with a fact type (loads every dependency from source)
#   floor-driver   toolcheck's own driver and loader (the standard library from
#                  its declarations) running the no-op analyzer with a fact type
#   toolcheck      every toolcheck analyzer (suite.New), standalone
#   govet          go vet, default suite
#   vettool        go vet -vettool=toolcheck
#   floor-vettool  go vet -vettool=floor-facts
#
# on synthetic modules of N packages of M tools (bench/gen) and on std, and
# prints the medians, the ratios toolcheck/floor (same load mode) and
# toolcheck/go vet (and, "cpu by pair", the median of the CPU ratios of the
# two commands within each repetition, which the machine's drift moves
# less), and toolcheck's cost above its floor per package; for
# toolcheck and floor-driver also the analysis's own CPU and allocation,
# which their driver prints (TOOLCHECK_PHASES) and which move far less from
# run to run than the whole run's CPU.
#
# Every go vet run misses the vet result cache: the vet tools are fresh
# copies with a unique tail (the cache key is the tool's content hash, so a
# plain copy would hit it), and the default suite gets a unique no-op flag
# value (-printf.funcs=...), since its key is its version line and its
# flags. The build cache is warmed first (go list -export -deps -test) and
# a first round of every command is discarded (-warmup), so go vet compiles
# nothing: the figures are analysis on a warm build cache. Run it on an
# idle machine; see docs/analyzers/bench.md.
#
# Usage: bench/run.sh [-reps 3] [-sizes "50 200 500"] [-tools 10] [-nostd]
#                     [-cmds "floor-nofacts floor-facts floor-driver toolcheck govet vettool floor-vettool"]
#                     [-warmup 1] [-work DIR]
#        bench/run.sh -summary DIR/results.tsv

# The braces make bash read the whole script before running it, so that
# editing the file during a run cannot change the run.
{
set -uo pipefail

reps=3
sizes="50 200 500"
tools=10
std=1
cmds="floor-nofacts floor-facts floor-driver toolcheck govet vettool floor-vettool"
warmup=1
work=""
summary=""
while [ $# -gt 0 ]; do
	case "$1" in
	-reps) reps=$2; shift ;;
	-sizes) sizes=$2; shift ;;
	-tools) tools=$2; shift ;;
	-nostd) std=0 ;;
	-std) std=1 ;;
	-cmds) cmds=$2; shift ;;
	-warmup) warmup=$2; shift ;;
	-work) work=$2; shift ;;
	-summary) summary=$2; shift ;;
	-h | -help | --help) sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "bench/run.sh: unknown argument $1 (see -help)" >&2; exit 2 ;;
	esac
	shift
done

die() { echo "bench/run.sh: $*" >&2; exit 1; }

# summarize prints the table of medians and the ratios from a results file
# (target cmd rep wall cpu rss_kb ok, then analysis_cpu analysis_mb where
# the driver printed them, "-" elsewhere).
summarize() {
	awk -F'\t' '
	function median(list,   n, a, i, j, t) {
		n = split(list, a, " ")
		for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j+1] = a[j]; a[j+1] = t }
		if (n == 0) return ""
		if (n % 2) return a[(n+1)/2]
		return (a[n/2] + a[n/2+1]) / 2
	}
	function ratio(t, num, den,   r, pairs) {
		if (!((t, num) in wall) || !((t, den) in wall)) return
		# The pairs: the two commands in the same repetition, run one
		# after the other, so that the machine drifts less between them.
		pairs = ""
		for (r = 1; (t, r) in reps; r++)
			if ((t, num, r) in cpurep && (t, den, r) in cpurep && cpurep[t, den, r] > 0)
				pairs = pairs " " cpurep[t, num, r] / cpurep[t, den, r]
		printf "%-8s %-28s", t, num "/" den
		printf " %7.3f %7.3f %7.3f %11s\n", med[t, num, "wall"] / med[t, den, "wall"], med[t, num, "cpu"] / med[t, den, "cpu"], med[t, num, "rss"] / med[t, den, "rss"], pairs == "" ? "-" : sprintf("%.3f", median(pairs))
	}
	$1 == "target" { next }
	{
		k = $1 SUBSEP $2
		if (!(k in wall)) { if (!($1 in seenT)) { seenT[$1] = 1; targets[++nt] = $1 }; if (!($2 in seenC)) { seenC[$2] = 1; cmds[++nc] = $2 } }
		wall[k] = wall[k] " " $4; cpu[k] = cpu[k] " " $5; rss[k] = rss[k] " " $6; runs[k]++
		cpurep[$1, $2, $3] = $5; reps[$1, $3] = 1
		if (NF >= 9 && $8 != "-") { ancpu[k] = ancpu[k] " " $8; anmb[k] = anmb[k] " " $9 }
		if ($7 != "ok") bad[k]++
	}
	END {
		printf "%-8s %-14s %9s %9s %9s %5s\n", "target", "command", "wall_s", "cpu_s", "rss_MB", "runs"
		for (i = 1; i <= nt; i++) for (j = 1; j <= nc; j++) {
			t = targets[i]; c = cmds[j]; k = t SUBSEP c
			if (!(k in wall)) continue
			med[t, c, "wall"] = median(wall[k]); med[t, c, "cpu"] = median(cpu[k]); med[t, c, "rss"] = median(rss[k]) / 1024
			printf "%-8s %-14s %9.2f %9.2f %9.0f %5d%s\n", t, c, med[t, c, "wall"], med[t, c, "cpu"], med[t, c, "rss"], runs[k], (k in bad) ? "  FAILED RUNS: " bad[k] : ""
		}
		printf "\nratios of medians                      wall     cpu     rss  cpu by pair\n"
		for (i = 1; i <= nt; i++) {
			t = targets[i]
			ratio(t, "toolcheck", "floor-driver")
			ratio(t, "toolcheck", "floor-facts")
			ratio(t, "toolcheck", "floor-nofacts")
			ratio(t, "toolcheck", "govet")
			ratio(t, "vettool", "floor-vettool")
			ratio(t, "vettool", "govet")
			ratio(t, "floor-facts", "floor-nofacts")
		}
		printf "\ntoolcheck above its floor, per package (linear in N if constant)\n"
		printf "%-8s %24s %24s %24s\n", "target", "standalone cpu_ms/pkg", "standalone rss_MB/pkg", "vettool cpu_ms/pkg"
		for (i = 1; i <= nt; i++) {
			t = targets[i]
			if (t !~ /^N=/) continue
			n = substr(t, 3) + 0
			a = b = c = "-"
			if ((t, "toolcheck") in wall && (t, "floor-driver") in wall) {
				a = sprintf("%.2f", 1000 * (med[t, "toolcheck", "cpu"] - med[t, "floor-driver", "cpu"]) / n)
				b = sprintf("%.3f", (med[t, "toolcheck", "rss"] - med[t, "floor-driver", "rss"]) / n)
			}
			if ((t, "vettool") in wall && (t, "floor-vettool") in wall)
				c = sprintf("%.2f", 1000 * (med[t, "vettool", "cpu"] - med[t, "floor-vettool", "cpu"]) / n)
			printf "%-8s %24s %24s %24s\n", t, a, b, c
		}
		header = 0
		for (i = 1; i <= nt; i++) {
			t = targets[i]
			if (!((t, "toolcheck") in ancpu) || !((t, "floor-driver") in ancpu)) continue
			if (!header++) {
				printf "\nthe analysis alone, medians (TOOLCHECK_PHASES: steadier than the whole run)\n"
				printf "%-8s %-28s %9s %9s\n", "target", "command", "cpu_s", "alloc_MB"
			}
			tc = median(ancpu[t, "toolcheck"]); fc = median(ancpu[t, "floor-driver"])
			tm = median(anmb[t, "toolcheck"]); fm = median(anmb[t, "floor-driver"])
			printf "%-8s %-28s %9.3f %9.0f\n", t, "toolcheck", tc, tm
			printf "%-8s %-28s %9.3f %9.0f\n", t, "floor-driver", fc, fm
			printf "%-8s %-28s %9.3f %9.0f\n", t, "toolcheck - floor-driver", tc - fc, tm - fm
		}
	}' "$1"
}

if [ -n "$summary" ]; then
	summarize "$summary"
	exit 0
fi

# GNU time, for peak RSS.
if ! /usr/bin/time -v true >/dev/null 2>&1; then
	if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
		echo "bench/run.sh: installing GNU time (apt-get install time)" >&2
		{ apt-get install -y time || { apt-get update && apt-get install -y time; }; } >/dev/null 2>&1
	fi
	/usr/bin/time -v true >/dev/null 2>&1 || die "GNU time is missing: install it (apt-get install time) so that /usr/bin/time -v works"
fi

repo=$(cd "$(dirname "$0")/.." && pwd)
[ -n "$work" ] || work=$(mktemp -d /tmp/toolcheck-bench.XXXXXX)
mkdir -p "$work/bin" "$work/logs" "$work/vettools" || die "cannot create $work"
bin=$work/bin
results=$work/results.tsv
printf 'target\tcmd\trep\twall\tcpu\trss_kb\tok\tanalysis_cpu\tanalysis_mb\n' >"$results"

echo "bench/run.sh: work directory $work" >&2
(cd "$repo" && go build -o "$bin/" ./cmd/toolcheck ./bench/cmd/floor-nofacts ./bench/cmd/floor-facts ./bench/cmd/floor-driver) || die "build failed"

# Targets: name, directory, pattern.
targets=()
for n in $sizes; do
	dir=$work/mod$n
	if [ ! -f "$dir/go.mod" ]; then
		(cd "$repo" && go run ./bench/gen -n "$n" -m "$tools" -o "$dir") || die "generating N=$n failed"
	fi
	targets+=("N=$n|$dir|./...")
done
if [ "$std" = 1 ]; then
	mkdir -p "$work/std"
	targets+=("std|$work/std|std")
fi

uniq=0
# run TARGET CMD REP DIR PATTERN: one measured run.
run() {
	local target=$1 cmd=$2 rep=$3 dir=$4 pat=$5
	uniq=$((uniq + 1))
	local tag="$(echo "$target" | tr -c 'A-Za-z0-9\n' _)-$cmd-$rep"
	local log=$work/logs/$tag.log tf=$work/logs/$tag.time
	local nonce="bench$$x$uniq" tool=""
	local argv
	case "$cmd" in
	floor-nofacts | floor-facts | floor-driver | toolcheck) argv=("$bin/$cmd" "$pat") ;;
	govet) argv=(go vet "-printf.funcs=$nonce" "$pat") ;;
	vettool | floor-vettool)
		local src=$bin/toolcheck
		[ "$cmd" = floor-vettool ] && src=$bin/floor-facts
		tool=$work/vettools/$cmd-$nonce
		cp "$src" "$tool" && printf '\n%s\n' "$nonce" >>"$tool"
		argv=(go vet "-vettool=$tool" "$pat")
		;;
	*) die "unknown command $cmd" ;;
	esac
	# toolcheck's driver prints the analysis's own cost (TOOLCHECK_PHASES).
	local phases=""
	case "$cmd" in floor-driver | toolcheck) phases=1 ;; esac
	(cd "$dir" && TOOLCHECK_PHASES=$phases /usr/bin/time -v -o "$tf" "${argv[@]}" >"$log" 2>&1)
	[ -n "$tool" ] && rm -f "$tool"
	local wall cpu rss rc
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, a, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + a[i]; print s }' "$tf")
	cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { print u + s }' "$tf")
	rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tf")
	rc=$(awk -F': ' '/Exit status/ { print $2 }' "$tf")
	local ancpu=- anmb=-
	if [ -n "$phases" ]; then
		read -r ancpu anmb < <(awk '/^[a-z-]+: phases: / {
			if (match($0, /analysis [0-9.]+ s user \+ [0-9.]+ s system/)) { split(substr($0, RSTART, RLENGTH), a, " "); c = a[2] + a[6] }
			if (match($0, /[0-9]+ MB allocated/)) { split(substr($0, RSTART, RLENGTH), b, " "); m = b[1] }
		} END { if (c != "") print c, m; else print "-", "-" }' "$log")
	fi
	local ok=ok
	case "$cmd:$rc" in
	floor-*:0 | toolcheck:0 | toolcheck:3 | govet:0 | govet:1 | vettool:0 | vettool:1) ;;
	*) ok="exit$rc" ;;
	esac
	if grep -qE '^(panic: |fatal error: )' "$log"; then ok=panic; fi
	if [ "$ok" != ok ]; then
		echo "bench/run.sh: $target $cmd run $rep: $ok (see $log)" >&2
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "$cmd" "$rep" "$wall" "$cpu" "$rss" "$ok" "$ancpu" "$anmb" >>"$results"
	printf '%-8s %-14s rep %-2s wall %7.2fs cpu %7.2fs rss %6.0fMB %s\n' "$target" "$cmd" "$rep" "$wall" "$cpu" "$((rss / 1024))" "$ok" >&2
}

# Warm the build cache (export data of every package and test variant) and
# the file cache, so that no measured run compiles.
for t in "${targets[@]}"; do
	IFS='|' read -r name dir pat <<<"$t"
	echo "bench/run.sh: warming $name" >&2
	(cd "$dir" && go list -export -deps -test "$pat" >/dev/null) || die "go list -export $pat in $dir failed"
done

read -r -a cmdlist <<<"$cmds"
ncmd=${#cmdlist[@]}
for ((rep = 1 - warmup; rep <= reps; rep++)); do
	for t in "${targets[@]}"; do
		IFS='|' read -r name dir pat <<<"$t"
		for ((i = 0; i < ncmd; i++)); do
			cmd=${cmdlist[$(((i + rep + ncmd) % ncmd))]}
			if [ "$rep" -le 0 ]; then
				run "$name" "$cmd" "warmup$((1 - rep))" "$dir" "$pat"
				sed -i '$d' "$results" # warm-up runs are not counted
			else
				run "$name" "$cmd" "$rep" "$dir" "$pat"
			fi
		done
	done
done

echo
echo "toolcheck benchmark: $(go version | cut -d' ' -f3-), $(nproc) CPUs, reps=$reps, M=$tools, $(date -u +%Y-%m-%dT%H:%MZ)"
summarize "$results"
echo
echo "raw results: $results; logs: $work/logs"
}
