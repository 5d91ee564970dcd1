package driver

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"time"
)

// measurePhases, set from TOOLCHECK_PHASES, makes a command run print to
// standard error what loading and the analysis cost: CPU time, page
// faults and the analysis's allocation. A measuring aid: the analysis's
// own cost, read in the process, moves far less from run to run than the
// whole run's CPU time, which loading dominates (docs/analyzers/bench.md).
var measurePhases = os.Getenv("TOOLCHECK_PHASES") != ""

// A phaseMark is the process's cost up to a moment.
type phaseMark struct {
	user, sys      time.Duration
	faults         int64
	alloc, objects uint64
	rusage         bool // user, sys and faults are known (usage)
}

func markPhase() phaseMark {
	var pm phaseMark
	pm.user, pm.sys, pm.faults, pm.rusage = usage()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	pm.alloc, pm.objects = ms.TotalAlloc, ms.Mallocs
	return pm
}

// writePhases prints the cost of loading (from the start of the process
// to start) and of the analysis (from start to end).
func writePhases(w io.Writer, name string, start, end phaseMark) {
	alloc := fmt.Sprintf("%d MB allocated in %d objects", (end.alloc-start.alloc)>>20, end.objects-start.objects)
	if !start.rusage {
		fmt.Fprintf(w, "%s: phases: analysis %s\n", name, alloc)
		return
	}
	fmt.Fprintf(w, "%s: phases: loading %.2f s user + %.2f s system, %d page faults; analysis %.2f s user + %.2f s system, %d page faults, %s\n",
		name, start.user.Seconds(), start.sys.Seconds(), start.faults,
		(end.user - start.user).Seconds(), (end.sys - start.sys).Seconds(), end.faults-start.faults, alloc)
}
