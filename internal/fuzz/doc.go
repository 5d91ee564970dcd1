// Package fuzz holds toolcheck's fuzz tests: handler-shaped source, from
// hand-written seeds with unusual shapes (generics, cgo, method values on
// interfaces, handlers in maps, reflection-built registrations), from
// internal/synth, and from every analyzer's test fixtures, is mutated,
// type-checked against the SDK stubs, and run through every analyzer of
// suite.New. No input may make an analyzer panic or fail on a package that
// type-checks.
//
// The seed corpus runs in every go test; fuzz with
//
//	go test ./internal/fuzz -run '^$' -fuzz FuzzSuite -fuzztime 5m
package fuzz
