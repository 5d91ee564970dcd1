package gosdktest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A registration is a tool the server holds.
type registration struct {
	def     []byte // its definition, as JSON
	handler mcp.ToolHandler
}

// registered returns the tools s holds, by name.
//
// go-sdk has no API for them: the only list is tools/list, which every
// receiving middleware can change, and the handlers are not exported at
// all. So registered reads them where every go-sdk v1 release from v1.6.0
// to v1.8.0 keeps them (Server.tools.features, a map of *serverTool with
// the fields tool and handler, guarded by Server.mu), holding the
// server's lock, and only reading. It checks each field's type first: a
// release that keeps them elsewhere is reported, never misread.
func registered(s *mcp.Server) (map[string]registration, error) {
	v := reflect.ValueOf(s).Elem()
	mu, err := field(v, "mu", reflect.TypeFor[sync.Mutex]())
	if err != nil {
		return nil, err
	}
	tools := v.FieldByName("tools")
	if tools.Kind() != reflect.Pointer || tools.IsNil() || tools.Elem().Kind() != reflect.Struct {
		return nil, internalsError("Server.tools")
	}
	features := tools.Elem().FieldByName("features")
	if features.Kind() != reflect.Map || features.Type().Key().Kind() != reflect.String ||
		features.Type().Elem().Kind() != reflect.Pointer || features.Type().Elem().Elem().Kind() != reflect.Struct {
		return nil, internalsError("Server.tools.features")
	}

	lock := (*sync.Mutex)(mu.Addr().UnsafePointer())
	lock.Lock()
	defer lock.Unlock()
	out := make(map[string]registration, features.Len())
	it := features.MapRange()
	for it.Next() {
		st := it.Value()
		if st.IsNil() {
			continue
		}
		tf, err := field(st.Elem(), "tool", reflect.TypeFor[*mcp.Tool]())
		if err != nil {
			return nil, err
		}
		hf, err := field(st.Elem(), "handler", reflect.TypeFor[mcp.ToolHandler]())
		if err != nil {
			return nil, err
		}
		tool := *(**mcp.Tool)(tf.Addr().UnsafePointer())
		if tool == nil {
			continue
		}
		def, err := json.Marshal(tool)
		if err != nil {
			return nil, fmt.Errorf("tool %q: cannot marshal its definition: %v", tool.Name, err)
		}
		out[tool.Name] = registration{def: def, handler: *(*mcp.ToolHandler)(hf.Addr().UnsafePointer())}
	}
	return out, nil
}

func field(v reflect.Value, name string, t reflect.Type) (reflect.Value, error) {
	f := v.FieldByName(name)
	if !f.IsValid() || f.Type() != t || !f.CanAddr() {
		return reflect.Value{}, internalsError(v.Type().Name() + "." + name)
	}
	return f, nil
}

func internalsError(where string) error {
	return fmt.Errorf("cannot read the tools the server holds: this go-sdk release does not keep them in %s as v1.6.0 to v1.8.0 do; update toolerr", where)
}

// typedAdapter is the function of the handler mcp.AddTool registers for a
// typed handler: it validates the arguments against the input schema
// before it calls the typed handler.
const typedAdapter = "github.com/modelcontextprotocol/go-sdk/mcp.toolForErr["

// isTyped reports whether h is the handler mcp.AddTool registered for a
// typed handler.
func isTyped(h mcp.ToolHandler) bool {
	if h == nil {
		return false
	}
	f := runtime.FuncForPC(reflect.ValueOf(h).Pointer())
	return f != nil && strings.HasPrefix(f.Name(), typedAdapter)
}
