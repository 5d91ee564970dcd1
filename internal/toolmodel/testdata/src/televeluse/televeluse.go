package televeluse

import (
	"log/slog"

	"televelapi"
)

func use() []error {
	return []error{
		televelapi.New("a"),                                       // want `level=ERROR stated=false`
		televelapi.New("b", televelapi.AsCaller()),                // want `level=INFO stated=true`
		televelapi.New("c", televelapi.WithLevel(slog.LevelWarn)), // want `level=WARN stated=true`
		televelapi.CallerError("d"),                               // want `level=INFO stated=false`
		televelapi.Unavailable("e"),                               // want `level=WARN stated=true`
	}
}
