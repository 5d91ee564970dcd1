// Package bench is toolcheck's benchmark harness: run.sh measures the
// command against its type-checking floors and go vet on synthetic
// modules (written by bench/gen) and on std; the floors are
// bench/cmd/floor-nofacts, bench/cmd/floor-facts (the multichecker driver)
// and bench/cmd/floor-driver (toolcheck's own driver and loader);
// BenchmarkSuite measures every analyzer on one large generated package.
// See docs/analyzers/bench.md.
package bench
