// Package config is the operations server's configuration.
package config

// Config says what the operations server may do.
type Config struct {
	ReadOnly     bool
	TraceService string
}
