//go:build !unix

package driver

import "time"

// usage reports that the process's CPU time is not known here.
func usage() (user, sys time.Duration, faults int64, ok bool) { return 0, 0, 0, false }
