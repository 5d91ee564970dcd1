package teuse

import (
	"errors"
	"log/slog"

	"teapi"
)

func sites(err error) []error {
	out := []error{
		teapi.New("plain"), // want `site ctor=New explicit=- msg="plain"`
		teapi.New("opt", teapi.WithLevel(slog.LevelInfo)),       // want `site ctor=New explicit=teapi.WithLevel\(slog.LevelInfo\) msg="opt"`
		teapi.New("cause", teapi.WithCause(err)),                // want `site ctor=New explicit=- msg="cause"`
		teapi.New("builder").WithLevel(slog.LevelWarn),          // want `site ctor=New explicit=teapi.New\("builder"\).WithLevel\(slog.LevelWarn\) msg="builder"`
		teapi.New("chain").Hint("h").Info(),                     // want `site ctor=New explicit=teapi.New\("chain"\).Hint\("h"\).Info\(\) msg="chain"`
		teapi.New("hint").Hint("h"),                             // want `site ctor=New explicit=- msg="hint"`
		teapi.Caller("caller"),                                  // want `site ctor=Caller explicit=- msg="caller"`
		teapi.Errorf("errorf %d", 1),                            // want `site ctor=Errorf explicit=- msg="errorf %d"`
		&teapi.ToolError{Message: "lit"},                        // want `site ctor=- explicit=- msg="lit"`
		&teapi.ToolError{Message: "lit", Level: slog.LevelInfo}, // want `site ctor=- explicit=slog.LevelInfo msg="lit"`
		&teapi.ToolError{"unkeyed", slog.LevelWarn, nil},        // want `site ctor=- explicit=slog.LevelWarn msg="unkeyed"`
		teapi.As(err),
		errors.New("not a ToolError"),
	}
	return out
}

func later() error {
	e := teapi.New("later") // want `site ctor=New explicit=slog.LevelInfo msg="later"`
	e.Level = slog.LevelInfo
	return e
}

// notFound is a same-package constructor returning error.
func notFound(msg string) error {
	return teapi.New(msg) // want `site ctor=New explicit=- msg=msg`
}

// check is not a constructor: it returns nil too.
func check(s string) error {
	if s == "" {
		return teapi.New("empty") // want `site ctor=New explicit=- msg="empty"`
	}
	return nil
}

func use() []error {
	return []error{
		notFound("nf"), // want `site ctor=notFound explicit=- msg="nf"`
		check(""),
	}
}
