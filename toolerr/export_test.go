package toolerr

import "time"

// SetNow makes f the clock upstream delays are measured against, until
// the returned function restores time.Now.
func SetNow(f func() time.Time) (restore func()) {
	old := now
	now = f
	return func() { now = old }
}
