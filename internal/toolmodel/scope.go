package toolmodel

import (
	gobuild "go/build"
	"path/filepath"
	"strings"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"golang.org/x/tools/go/analysis"
)

// ownCode reports whether the package of pass is the project's own code:
// not the standard library, not an MCP SDK, and not a dependency module
// at a version. In module mode that is the main module or a module
// replaced by a directory; in GOPATH mode, any package outside GOROOT.
func ownCode(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 || mcpsdk.IsSDKPath(pass.Pkg.Path()) || InGOROOT(pass) {
		return false
	}
	mod := pass.Module
	return mod == nil || mod.Path == "" || mod.Main || mod.Version == ""
}

// InGOROOT reports whether the package of pass is part of the standard
// library.
func InGOROOT(pass *analysis.Pass) bool {
	root := gobuild.Default.GOROOT
	if root == "" || len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	return strings.HasPrefix(name, filepath.Join(root, "src")+string(filepath.Separator))
}

// OwnCode reports whether the package is the project's own code (see
// ownCode): code an analyzer reports in even when it reaches no SDK, such
// as the storage layer behind the tools.
func (m *Model) OwnCode() bool { return m.own }
