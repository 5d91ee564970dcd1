package unwrapped_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/analyzers/unwrapped"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

func TestUnwrapped(t *testing.T) {
	dir := testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
	analysistest.Run(t, dir, unwrapped.Analyzer, "mcpgo", "gosdk", "app", "generic", "clean", "directives")
}

// TestShapes runs the registration architectures of large servers, each
// beside its wrapped twin.
func TestShapes(t *testing.T) {
	dir := testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
	analysistest.Run(t, dir, unwrapped.Analyzer, "shapes/...")
}

// TestInstallFix installs the one boundary in sight as server middleware
// where each server is built.
func TestInstallFix(t *testing.T) {
	dir := testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
	analysistest.RunWithSuggestedFixes(t, dir, unwrapped.Analyzer, "installfix", "installlater", "installpool", "installreg")
}

// TestInterfaces runs registrations through the project's own interfaces,
// registrar objects, generic helpers and names of other packages, each
// beside its wrapped twin.
func TestInterfaces(t *testing.T) {
	dir := testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
	analysistest.Run(t, dir, unwrapped.Analyzer, "ifaces/...")
}
