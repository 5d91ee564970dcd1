package toolerror

import "testing"

func TestLevelByName(t *testing.T) {
	for name, want := range map[string]Level{
		"InfoLevel": LevelInfo, "WarnLevel": LevelWarn, "ErrorLevel": LevelError,
		"DebugLevel": LevelDebug, "SeverityCritical": LevelError, "LevelNotice": LevelInfo,
		"Verbose": LevelUnknown,
	} {
		if got := LevelByName(name); got != want {
			t.Errorf("LevelByName(%q) = %v, want %v", name, got, want)
		}
	}
}
