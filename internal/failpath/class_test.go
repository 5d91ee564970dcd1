package failpath

import (
	"strings"
	"testing"
)

func TestErrorClassByName(t *testing.T) {
	for name, want := range map[string]Class{
		"ErrNotFound": ClassNotFound, "ErrNoSuchNote": ClassNotFound, "NotFoundError": ClassNotFound,
		"ErrRecordNotFound": ClassNotFound, "ErrNoRows": ClassNotFound, "ErrUnknownTool": ClassNotFound,
		"KindNotFound":     ClassNotFound,
		"ErrAlreadyExists": ClassExists, "ErrDuplicateName": ClassExists,
		"ErrConflict": ClassConflict, "ErrPreconditionFailed": ClassConflict,
		"ErrVersionMismatch": ClassStale, "ErrStale": ClassStale, "ErrExpired": ClassStale,
		"ErrInvalidPath": ClassInvalid, "ValidationError": ClassInvalid, "ErrOutOfRange": ClassInvalid,
		"ErrRateLimited": ClassAny, "ErrInvalidConfig": ClassAny, "ErrExpiredToken": ClassAny, "ErrInvalidAPIKey": ClassAny,
		"ErrConfigNotFound": ClassAny, "ErrTimeout": ClassAny, "ErrClosed": ClassAny, "ErrUnknown": ClassAny, "Err": ClassAny,
		"ErrInternal": ClassAny, "ErrUpstreamNotFound": ClassAny,
	} {
		if got := classByName(name); got != want {
			t.Errorf("classByName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestCamelWords(t *testing.T) {
	for in, want := range map[string]string{
		"ErrNotFound":     "err not found",
		"HTTPServerError": "http server error",
		"readOnly":        "read only",
		"allow_writes":    "allow writes",
		"ErrNoSuchKey2":   "err no such key2",
	} {
		if got := strings.Join(CamelWords(in), " "); got != want {
			t.Errorf("CamelWords(%q) = %q, want %q", in, got, want)
		}
	}
}
