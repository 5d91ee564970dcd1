package goapi_test

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/toolcheck/toolcheck/internal/goapi"
)

func TestIsLoggerType(t *testing.T) {
	named := func(path, name string) *types.Named {
		pkg := types.NewPackage(path, "p")
		return types.NewNamed(types.NewTypeName(token.NoPos, pkg, name, nil), types.NewStruct(nil, nil), nil)
	}
	for _, tc := range []struct {
		t    types.Type
		want bool
	}{
		{named("log/slog", "Logger"), true},
		{types.NewPointer(named("log/slog", "Logger")), true},
		{types.NewPointer(named("go.uber.org/zap", "Logger")), true},
		{named("log/slog", "Handler"), false},
		{types.Typ[types.String], false},
	} {
		if got := goapi.IsLoggerType(tc.t); got != tc.want {
			t.Errorf("IsLoggerType(%s) = %v, want %v", tc.t, got, tc.want)
		}
	}
}
