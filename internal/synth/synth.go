// Package synth writes synthetic Go MCP servers for toolcheck's benchmarks,
// fuzz seeds and robustness tests.
//
// A synthetic package holds tool handlers on the real mark3labs/mcp-go
// (v1.2.1) and modelcontextprotocol/go-sdk (v1.8.0) APIs, in the mix the
// analyzers look at: tools wrapped in the tool boundary and one registered
// without it, ToolErrors with and without a level, same-package helpers,
// failure paths, IsError results built in a handler, an empty result on a
// failure path, raw errors in model-facing text, typed handlers, handlers
// reaching the server through ServerTool literals and struct fields. The
// ten shapes repeat in groups of ten tools, so a package of M tools holds
// M/10 of each.
//
// [Module] writes a whole module (go.mod and go.sum resolve from the module
// proxy); [Package.Source] writes one package, either importing the
// module's toolerr and store packages or declaring them itself
// (self-contained, for tests that type-check against the SDK stubs).
package synth

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// SDK says which MCP SDK a package's tools use.
type SDK int

const (
	MCPGo SDK = iota // github.com/mark3labs/mcp-go
	GoSDK            // github.com/modelcontextprotocol/go-sdk
	Both             // mcp-go and go-sdk by turns, ten tools at a time
)

// Package describes one synthetic package of tools.
type Package struct {
	Name  string // package name, also used in tool names
	Tools int    // number of tool handlers
	SDK   SDK
	// Module is the path of the module whose internal/toolerr and
	// internal/store packages the package imports. When empty the package
	// declares the ToolError, the boundary and the store itself.
	Module string
}

// Kinds is the number of handler shapes; tool i has shape i%Kinds.
const Kinds = 10

// imports maps the package names the generated code may use to their
// import declarations.
var imports = map[string]string{
	"context":  `"context"`,
	"json":     `"encoding/json"`,
	"errors":   `"errors"`,
	"fmt":      `"fmt"`,
	"fs":       `"io/fs"`,
	"slog":     `"log/slog"`,
	"os":       `"os"`,
	"filepath": `"path/filepath"`,
	"sort":     `"sort"`,
	"strconv":  `"strconv"`,
	"strings":  `"strings"`,
	"mcp":      `"github.com/mark3labs/mcp-go/mcp"`,
	"server":   `"github.com/mark3labs/mcp-go/server"`,
	"sdk":      `sdk "github.com/modelcontextprotocol/go-sdk/mcp"`,
}

// sdkOf returns the SDK of tool i.
func (p Package) sdkOf(i int) SDK {
	if p.SDK != Both {
		return p.SDK
	}
	if (i/Kinds)%2 == 0 {
		return MCPGo
	}
	return GoSDK
}

func (p Package) toolName(i int) string {
	return fmt.Sprintf("%s_%s_%d", kinds[i%Kinds].name, p.Name, i)
}

// listTool names the list tool of tool i's group, which error messages
// point the model to.
func (p Package) listTool(i int) string {
	j := i - i%Kinds + 1
	if j >= p.Tools {
		j = i
	}
	return p.toolName(j)
}

func (p Package) replacer(i int) *strings.Replacer {
	te, st := "", ""
	if p.Module != "" {
		te, st = "toolerr.", "store."
	}
	return strings.NewReplacer("$I", fmt.Sprint(i), "$TE", te, "$ST", st,
		"$LIST", p.listTool(i), "$TOOL", p.toolName(i))
}

// Source returns the package's source, gofmt-formatted, as one file.
func (p Package) Source() ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "// Package %s is a synthetic toolset written by toolcheck's internal/synth.\npackage %s\n\n", p.Name, p.Name)
	var mcpgo, gosdk bool
	for i := 0; i < p.Tools; i++ {
		if p.sdkOf(i) == MCPGo {
			mcpgo = true
		} else {
			gosdk = true
		}
	}
	if p.Module == "" {
		b.WriteString(toolErrorDecls(mcpgo, gosdk))
		b.WriteString(storeDecls)
	}
	p.writeToolset(&b)
	for i := 0; i < p.Tools; i++ {
		k := kinds[i%Kinds]
		src := k.mcpgo
		if p.sdkOf(i) == GoSDK {
			src = k.gosdk
		}
		b.WriteString(p.replacer(i).Replace(src))
	}
	p.writeRegister(&b)
	return finish(b.String(), p.Module)
}

func (p Package) writeToolset(b *strings.Builder) {
	b.WriteString("\n// Toolset holds the state the package's tools share.\ntype Toolset struct {\n\troot string\n\tst   *$STStore\n")
	var fields []int
	for i := 0; i < p.Tools; i++ {
		if i%Kinds == 8 && p.sdkOf(i) == GoSDK {
			fields = append(fields, i)
			fmt.Fprintf(b, "\th%d sdk.ToolHandlerFor[storedIn%d, storedOut%d]\n", i, i, i)
		}
	}
	b.WriteString("}\n\n// NewToolset returns the toolset over the items stored under root.\nfunc NewToolset(root string) *Toolset {\n\tt := &Toolset{root: root, st: $STOpen(root)}\n")
	for _, i := range fields {
		fmt.Fprintf(b, "\tt.h%d = $TETypedBoundary(t.stored%d)\n", i, i)
	}
	b.WriteString("\treturn t\n}\n")
}

func (p Package) writeRegister(b *strings.Builder) {
	var mcpgo, gosdk, stored []string
	for i := 0; i < p.Tools; i++ {
		r := p.replacer(i)
		k := kinds[i%Kinds]
		if p.sdkOf(i) == MCPGo {
			line := r.Replace(k.mcpgoReg)
			if i%Kinds == 8 {
				stored = append(stored, line)
			} else {
				mcpgo = append(mcpgo, line)
			}
		} else {
			gosdk = append(gosdk, r.Replace(k.gosdkReg))
		}
	}
	if len(mcpgo)+len(stored) > 0 {
		b.WriteString("\n// Register adds the package's mcp-go tools to s.\nfunc (t *Toolset) Register(s *server.MCPServer) {\n")
		for _, l := range mcpgo {
			b.WriteString("\t" + l + "\n")
		}
		if len(stored) > 0 {
			b.WriteString("\ts.AddTools(t.Tools()...)\n")
		}
		b.WriteString("}\n")
	}
	if len(stored) > 0 {
		b.WriteString("\n// Tools returns the package's tools that reach the server as values.\nfunc (t *Toolset) Tools() []server.ServerTool {\n\treturn []server.ServerTool{\n")
		for _, l := range stored {
			b.WriteString("\t\t" + l + "\n")
		}
		b.WriteString("\t}\n}\n")
	}
	if len(gosdk) > 0 {
		b.WriteString("\n// RegisterSDK adds the package's go-sdk tools to s.\nfunc (t *Toolset) RegisterSDK(s *sdk.Server) {\n")
		for _, l := range gosdk {
			b.WriteString("\t" + l + "\n")
		}
		b.WriteString("}\n")
	}
}

// finish adds the imports the code uses and formats it. With a module,
// toolerr. and store. refer to the module's packages.
func finish(src, module string) ([]byte, error) {
	if module != "" {
		src = strings.ReplaceAll(src, "$TE", "toolerr.")
		src = strings.ReplaceAll(src, "$ST", "store.")
	} else {
		src = strings.ReplaceAll(src, "$TE", "")
		src = strings.ReplaceAll(src, "$ST", "")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "synth.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("synth: generated code does not parse: %v", err)
	}
	declared := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				declared[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					declared[s.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range s.Names {
						declared[n.Name] = true
					}
				}
			}
		}
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && !declared[id.Name] {
				used[id.Name] = true
			}
		}
		return true
	})
	var std, third []string
	for name := range used {
		switch {
		case imports[name] != "":
			if strings.Contains(imports[name], ".") {
				third = append(third, imports[name])
			} else {
				std = append(std, imports[name])
			}
		case module != "" && (name == "toolerr" || name == "store"):
			third = append(third, fmt.Sprintf("%q", module+"/internal/"+name))
		}
	}
	sort.Strings(std)
	sort.Strings(third)
	var decl strings.Builder
	decl.WriteString("\nimport (\n")
	for _, s := range std {
		decl.WriteString("\t" + s + "\n")
	}
	if len(std) > 0 && len(third) > 0 {
		decl.WriteString("\n")
	}
	for _, s := range third {
		decl.WriteString("\t" + s + "\n")
	}
	decl.WriteString(")\n")
	end := fset.Position(f.Name.End()).Offset
	out := src[:end] + "\n" + decl.String() + src[end:]
	formatted, err := format.Source([]byte(out))
	if err != nil {
		return nil, fmt.Errorf("synth: generated code does not format: %v", err)
	}
	return formatted, nil
}

//go:embed gomod-require.txt
var gomodRequire string

//go:embed gosum.txt
var gosum string

// ModuleOptions describes a synthetic module.
type ModuleOptions struct {
	Path     string // module path; default example.com/bench
	Packages int    // number of tool packages (N)
	Tools    int    // tools per package (M)
}

// Module writes a synthetic module to dir: go.mod and go.sum on the real
// SDKs, internal/toolerr (the ToolError and the boundaries of both SDKs),
// internal/store (a package that imports no SDK), Packages tool packages
// p0000... of Tools tools each (mcp-go and go-sdk by turns), and
// cmd/server, which builds the servers and registers every package: on a
// server without the boundary, one that carries it as middleware, and a
// go-sdk server.
func Module(dir string, o ModuleOptions) error {
	if o.Path == "" {
		o.Path = "example.com/bench"
	}
	write := func(rel string, data []byte) error {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, data, 0o644)
	}
	if err := write("go.mod", []byte("module "+o.Path+"\n\ngo 1.26\n\n"+gomodRequire)); err != nil {
		return err
	}
	if err := write("go.sum", []byte(gosum)); err != nil {
		return err
	}
	te, err := finish("// Package toolerr is the synthetic module's ToolError and tool boundary.\npackage toolerr\n"+toolErrorDecls(true, true), "")
	if err != nil {
		return err
	}
	if err := write("internal/toolerr/toolerr.go", te); err != nil {
		return err
	}
	st, err := finish("// Package store keeps the synthetic module's items; it imports no SDK.\npackage store\n"+storeDecls, "")
	if err != nil {
		return err
	}
	if err := write("internal/store/store.go", st); err != nil {
		return err
	}
	var main strings.Builder
	main.WriteString(`// Command server serves every synthetic toolset.
package main

func main() {
	root := os.Getenv("BENCH_ROOT")
	bare := server.NewMCPServer("bench", "1.0.0", server.WithRecovery())
	guarded := server.NewMCPServer("bench-guarded", "1.0.0", server.WithToolHandlerMiddleware(toolerr.Boundary))
	typed := sdk.NewServer(&sdk.Implementation{Name: "bench", Version: "1.0.0"}, nil)
`)
	for i := 0; i < o.Packages; i++ {
		p := Package{Name: fmt.Sprintf("p%04d", i), Tools: o.Tools, SDK: MCPGo, Module: o.Path}
		if i%2 == 1 {
			p.SDK = GoSDK
		}
		src, err := p.Source()
		if err != nil {
			return err
		}
		if err := write(p.Name+"/tools.go", src); err != nil {
			return err
		}
		switch {
		case o.Tools == 0:
		case p.SDK == GoSDK:
			fmt.Fprintf(&main, "\t%s.NewToolset(root).RegisterSDK(typed)\n", p.Name)
		case i%4 == 2:
			fmt.Fprintf(&main, "\t%s.NewToolset(root).Register(guarded)\n", p.Name)
		default:
			fmt.Fprintf(&main, "\t%s.NewToolset(root).Register(bare)\n", p.Name)
		}
	}
	main.WriteString(`	if err := server.ServeStdio(bare); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	_, _ = guarded, typed
}
`)
	src := main.String()
	var pkgImports []string
	for i := 0; i < o.Packages && o.Tools > 0; i++ {
		pkgImports = append(pkgImports, fmt.Sprintf("\t%q\n", fmt.Sprintf("%s/p%04d", o.Path, i)))
	}
	out, err := finish(src, o.Path)
	if err != nil {
		return err
	}
	if len(pkgImports) > 0 {
		// The toolset packages go in their own import group.
		s := string(out)
		i := strings.Index(s, "\n)\n")
		s = s[:i] + "\n\n" + strings.Join(pkgImports, "") + s[i:]
		if out, err = format.Source([]byte(s)); err != nil {
			return fmt.Errorf("synth: cmd/server: %v", err)
		}
	}
	return write("cmd/server/main.go", out)
}
