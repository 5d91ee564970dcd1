package goapi_test

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/toolcheck/toolcheck/internal/goapi"
)

// fn makes a function of package path, a method when recv is set.
func fn(path, name string, recv bool) *types.Func {
	pkg := types.NewPackage(path, "p")
	var r *types.Var
	if recv {
		r = types.NewParam(token.NoPos, pkg, "r", types.Typ[types.Int])
	}
	return types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(r, nil, nil, nil, nil, false))
}

func TestParseDecodePure(t *testing.T) {
	for _, tc := range []struct {
		path, name          string
		recv                bool
		parse, decode, pure bool
	}{
		{"strconv", "Atoi", false, true, false, true},
		{"time", "ParseDuration", false, true, false, false},
		{"vendor/github.com/google/uuid", "Parse", false, true, false, false},
		{"encoding/json", "Unmarshal", false, false, true, false},
		{"encoding/xml", "Unmarshal", false, false, true, false},
		{"strings", "TrimSpace", false, false, false, true},
		{"strings", "Len", true, false, false, false}, // a method
		{"path/filepath", "Base", false, false, false, true},
		{"path/filepath", "Abs", false, false, false, false}, // reads the working directory
		{"fmt", "Sprintf", false, false, false, true},
		{"os", "Open", false, false, false, false},
		{"example.com/x", "Parse", false, false, false, false},
	} {
		f := fn(tc.path, tc.name, tc.recv)
		if got := goapi.IsParse(f); got != tc.parse {
			t.Errorf("IsParse(%s.%s) = %v", tc.path, tc.name, got)
		}
		if got := goapi.IsDecode(f); got != tc.decode {
			t.Errorf("IsDecode(%s.%s) = %v", tc.path, tc.name, got)
		}
		if got := goapi.IsPure(f); got != tc.pure {
			t.Errorf("IsPure(%s.%s) = %v", tc.path, tc.name, got)
		}
	}
	if goapi.IsParse(nil) || goapi.IsDecode(nil) || goapi.IsPure(nil) {
		t.Error("a nil function parses, decodes or is pure")
	}
}
