package envhelp // want package:"env\\(TRACKER_URL\\)\\+helpers"

// Envhelp reads the environment through helpers: the names its
// callers pass are environment variables, in this package and in those
// that import it.

import "os"

// getEnv reads the variable key names, or def.
func getEnv(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}

// Lookup reads the variable name names, through getEnv.
func Lookup(name string) string { return getEnv(name, "") } // want Lookup:"envparam\\(0\\)"

// Prefixed reads a variable whose name it builds: not a helper of a name
// its caller passes.
func Prefixed(suffix string) string { return os.Getenv("TRACKER_" + suffix) }

// URL is the tracker's address.
func URL() string { return getEnv("TRACKER_URL", "https://tracker.example") }
