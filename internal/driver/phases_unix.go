//go:build unix

package driver

import (
	"syscall"
	"time"
)

// usage returns the process's CPU time and minor page faults so far.
func usage() (user, sys time.Duration, faults int64, ok bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0, 0, false
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano()), int64(ru.Minflt), true
}
