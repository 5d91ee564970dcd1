package toolmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolfact"
)

// Where a tool registration is recognised: a call that registers a tool
// on an SDK server, directly or through a function of the project
// (registrationOf), and the Registration the model reports for one it
// follows to a server built without the boundary. build.go follows the
// registrations to their servers and decides them.

// A Registration is a tool registered without the boundary, with a
// handler the boundary does not wrap, on a server built without it: what
// the model decides for each registration it can follow to such a server.
type Registration struct {
	Tool    ToolDef
	Handler Handler
	// Site is the registration in this package: the SDK call, or the
	// ServerTool literal registered. It is token.NoPos for a registration
	// in another package, which Where (file.go:12) and Via (the registrar
	// function performing it) name.
	Site  token.Pos
	Where string
	Via   string
	// Call is the call, in the function deciding the registration, that
	// leads to it (the SDK call itself for a direct registration), and
	// CallVia the function it calls.
	Call    *ast.CallExpr
	CallVia string
	// Server is the construction of the server in this package, when it
	// is known (server.NewMCPServer, mcp.NewServer), and ServerHere says the
	// registration is decided where that construction is in reach: in the
	// function that builds it, or with no parameter bound on the way.
	Server     *ast.CallExpr
	ServerHere bool
	// ServerFrom names the method of an interface of another package
	// that returns the server (pkg.Server.MCP), when it comes from one.
	ServerFrom string
	// Session and Task say what kind of registration it is; SDK names the
	// SDK ("mcp-go" or "go-sdk").
	Session, Task bool
	SDK           string
}

// regSite is one SDK registration call.
type regSite struct {
	call        *ast.CallExpr
	handler     ast.Expr   // the handler argument, or nil
	tool        ast.Expr   // the tool argument, or nil
	tools       []ast.Expr // server.ServerTool arguments
	server      ast.Expr
	serverField *types.Var // the server is this (embedded) field of server
	session     bool
	task        bool
	sdk         string
	handlerType types.Type
	// serverFrame, for a registration through a method value, is the
	// frame its receiver is evaluated in (the call's arguments are
	// evaluated in the frame of the call).
	serverFrame *flow.Frame
	dynamic     bool
}

// A template is a registration whose handler or server may depend on the
// parameters of the function that holds it.
type template struct {
	site    *regSite           // a direct registration
	call    *ast.CallExpr      // or a call that registers
	dyn     bool               // ... through a function value, traced where the template is evaluated
	reg     *toolfact.ParamReg // ... described by the callee's fact
	sub     *template          // ... or by a template of the callee's body
	target  ast.Node           // the callee's body (with sub)
	closure *flow.Frame        // the callee literal's frame (with sub)
	via     *types.Func        // the called registrar, for messages
	// stash is a registration of another function on a server it reads
	// from a field or package variable that this function stores its
	// parameter stashParam in: a registry keeping the server it is given
	// and registering on it later (from a callback, a session hook).
	stash      *template
	stashParam *types.Var
	// stashOpts says stashParam holds the middleware or options the
	// server is given rather than the server.
	stashOpts bool
}

// registrationOf recognises the SDK registration forms.
func (m *Model) registrationOf(call *ast.CallExpr) *regSite {
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return m.registrationFor(m.Flow.Callee(call), call, sel)
}

// registrationFor recognises a call of fn, the SDK function or method
// called (statically, or through a function value: a method value such as
// s.AddTool passed along), with the method's receiver selected by sel.
func (m *Model) registrationFor(fn *types.Func, call *ast.CallExpr, sel *ast.SelectorExpr) *regSite {
	if fn == nil {
		return nil
	}
	path := mcpsdk.PkgPath(fn)
	if path != mcpsdk.MCPGoServer && path != mcpsdk.GoSDKMCP {
		return nil // most calls: no SDK registrar, nothing allocated
	}
	info := m.Pass.TypesInfo
	sig := fn.Type().(*types.Signature)
	site := &regSite{call: call}
	switch path {
	case mcpsdk.MCPGoServer:
		if mcpsdk.RecvTypeName(sig) != "MCPServer" {
			return nil
		}
		site.sdk = "mcp-go"
		n := len(call.Args)
		switch fn.Name() {
		case "AddTool", "AddTaskTool":
			if n != 2 {
				return nil
			}
			site.tool, site.handler = call.Args[0], call.Args[1]
			site.task = fn.Name() == "AddTaskTool"
		case "AddSessionTool":
			if n != 3 {
				return nil
			}
			site.tool, site.handler, site.session = call.Args[1], call.Args[2], true
		case "AddTools", "SetTools", "AddTaskTools":
			site.tools = call.Args
			site.task = fn.Name() == "AddTaskTools"
		case "AddSessionTools":
			if n < 1 {
				return nil
			}
			site.tools, site.session = call.Args[1:], true
		default:
			return nil
		}
		m.setReceiver(site, sel)
	case mcpsdk.GoSDKMCP:
		site.sdk = "go-sdk"
		switch {
		case sig.Recv() == nil && fn.Name() == "AddTool" && len(call.Args) == 3:
			site.server, site.tool, site.handler = call.Args[0], call.Args[1], call.Args[2]
		case mcpsdk.RecvTypeName(sig) == "Server" && fn.Name() == "AddTool" && len(call.Args) == 2:
			site.tool, site.handler = call.Args[0], call.Args[1]
			m.setReceiver(site, sel)
		default:
			return nil
		}
	default:
		return nil
	}
	if site.handler != nil {
		if p := paramTypeAt(info, call, site.handler); p != nil {
			site.handlerType = p
		}
	}
	if site.server == nil && site.serverField == nil {
		return nil
	}
	return site
}

func paramTypeAt(info *types.Info, call *ast.CallExpr, arg ast.Expr) types.Type {
	t := info.TypeOf(call.Fun)
	sig, ok := t.(*types.Signature)
	if !ok {
		return nil
	}
	for i, a := range call.Args {
		if a == arg && i < sig.Params().Len() {
			return sig.Params().At(i).Type()
		}
	}
	return nil
}

// setReceiver records the server a method registers on, resolving a
// promoted method to the embedded server field.
func (m *Model) setReceiver(site *regSite, sel *ast.SelectorExpr) {
	if sel == nil {
		return
	}
	site.server = sel.X
	s, ok := m.Pass.TypesInfo.Selections[sel]
	if !ok || len(s.Index()) < 2 {
		return
	}
	// Walk the embedding path to the last embedded field.
	t := s.Recv()
	var field *types.Var
	for _, i := range s.Index()[:len(s.Index())-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return
		}
		field = st.Field(i)
		t = field.Type()
	}
	site.serverField = field
}
