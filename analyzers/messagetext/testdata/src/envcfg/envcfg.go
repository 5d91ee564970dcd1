package envcfg // want package:"env\\(NOTES_HOME, NOTES_SYNC_TOKEN\\)"

import "os"

// Token is the sync token the operator configures.
func Token() string { return os.Getenv("NOTES_SYNC_TOKEN") }

// Home is where the notes live.
func Home() string { return os.ExpandEnv("$NOTES_HOME/notes") }
