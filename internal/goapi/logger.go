package goapi

import "go/types"

// IsLoggerType reports whether t is (a pointer to) a logger: a named type
// called Logger (log, slog, logrus, zap, ...).
func IsLoggerType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Logger"
}
