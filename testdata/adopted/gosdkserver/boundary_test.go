package gosdkserver_test

import (
	"testing"

	"github.com/toolcheck/toolcheck/toolerr/gosdk/gosdktest"

	"example.com/adopted/gosdkserver"
	"example.com/adopted/internal/logcheck"
	"example.com/adopted/notes"
)

// TestToolBoundary: every tool of the server as production builds it is
// behind the boundary, and offered as registered.
func TestToolBoundary(t *testing.T) {
	store, err := notes.Open(logcheck.Notes(t))
	if err != nil {
		t.Fatal(err)
	}
	var log logcheck.Log
	gosdktest.Check(t, gosdkserver.New(store, log.Logger()))
}
