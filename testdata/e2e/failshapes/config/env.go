// Package config reads the server's settings from its environment.
package config

import "os"

// getEnv returns the environment variable key, or def when it is unset.
func getEnv(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}
