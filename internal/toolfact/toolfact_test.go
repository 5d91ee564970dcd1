package toolfact

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// A registrar's constructor: it keeps the server it builds and the
// middleware it is given, and registers a raw handler named by its caller.
var registrar = &FuncFact{
	Servers: []ResultValue{{Result: 0, Value: Value{Kind: ServerByOptions, Param: 1}}},
	Fields: []FieldValue{
		{Result: 0, Field: "mw", Param: 2},
		{Result: 0, Field: "srv", Server: Value{Kind: BareServer}},
	},
	Registers: []ParamReg{{
		Handler: Value{Kind: RawHandler, Name: "tools.read", ToolArg: 1},
		Server:  Value{Kind: FromParam, Param: -1},
		Wrap:    Value{Kind: FromParam, Param: 2},
	}},
	Methods: []MethodFact{{Type: "store", Name: "Register", PtrRecv: true, Fact: &FuncFact{Boundary: true}}},
}

func TestString(t *testing.T) {
	want := "toolmodel(" +
		"method store.Register: toolmodel(boundary); " +
		"registers unwrapped tools.read as param 0 on receiver unless param 2 is a boundary; " +
		"returns param 2 in field mw of 0; " +
		"returns unequipped but for the options of param 1 server; " +
		"returns unequipped server in field srv of 0)"
	if got := registrar.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	pools := &PoolFact{Pools: []Pool{{Type: "example.com/tools.Tool", Records: []Value{{Kind: RawHandler, Name: "tools.read", Tool: "read_note"}, {Kind: WrappedHandler}}}}}
	if got, want := pools.String(), `pools(example.com/tools.Tool: unwrapped tools.read as "read_note", wrapped)`; got != want {
		t.Errorf("PoolFact.String() = %s, want %s", got, want)
	}
}

func TestLookups(t *testing.T) {
	if p, ok := registrar.Field(0, "mw"); !ok || p != 2 {
		t.Errorf("Field(0, mw) = %d, %v; want 2, true", p, ok)
	}
	if _, ok := registrar.Field(0, "srv"); ok {
		t.Errorf("Field(0, srv) found a parameter in the field holding a server")
	}
	if s, ok := registrar.FieldServer(0, "srv"); !ok || s.Kind != BareServer {
		t.Errorf("FieldServer(0, srv) = %v, %v", s, ok)
	}
	if mf, ok := registrar.Method("store", "Register"); !ok || !mf.Fact.Boundary {
		t.Errorf("Method(store, Register) = %v, %v", mf, ok)
	}
	if registrar.Empty() || !new(FuncFact).Empty() {
		t.Errorf("Empty: a fact with registrations is empty, or the zero fact is not")
	}
}

// TestGob checks that the facts survive the encoding drivers store them
// in between packages.
func TestGob(t *testing.T) {
	for _, f := range []analysis.Fact{registrar, &PoolFact{Pools: []Pool{{Type: "p.T", Records: []Value{{Kind: WrappedHandler}}}}}, &ToolVarFact{Names: []string{"export_items"}, Where: "tools.go:12"}} {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(f); err != nil {
			t.Fatal(err)
		}
		back := reflect.New(reflect.TypeOf(f).Elem()).Interface()
		if err := gob.NewDecoder(&buf).Decode(back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(f, back) {
			t.Errorf("%T after gob: %v, want %v", f, back, f)
		}
	}
}
