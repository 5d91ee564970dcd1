// Package messagetext defines an analyzer that reports model-facing text
// the model cannot act on.
//
// # Analyzer messagetext
//
// messagetext: report model-facing text the model cannot act on
//
// The model reads an error's text once, straight after the call, and acts
// on it next. It cannot catch an exception class, open a server path, read
// a stack frame, set an environment variable, run a command or look up an
// error code, and "see the description" points at text it may never have
// seen. What an operator needs belongs in the log record, not in the text.
//
// Model-facing text is the message of a ToolError; the text of an IsError
// result (mcp.NewToolResultError, NewToolResultErrorf and
// NewToolResultErrorFromErr, the TextContent of a CallToolResult literal
// whose IsError is set, the error given to go-sdk's SetError when the
// result has no content); the error a go-sdk typed handler returns when no
// boundary wraps it, and the error of an mcp-go structured handler; and the
// arguments of a project's own helpers that build such text (learned as
// facts). The text is evaluated statically: constants, fmt.Sprintf and
// fmt.Errorf formats with their arguments, concatenation, strings.Join,
// errors.New, and variables whose definition reaches the use.
//
// Each finding has its own category:
//
//   - raw-error: an error interpolated (%v, %s, %w, err.Error(),
//     NewToolResultErrorFromErr) whose origin is an operation on server
//     resources: the file system and I/O, the network and HTTP transport,
//     os/exec, databases, json.Marshal, and the packages named in the
//     resource-packages configuration. It is followed through the
//     package's own helpers. Errors from the SDK's argument accessors, from parsing the
//     model's input (strconv, time.Parse, json.Unmarshal, a query parser),
//     of unknown origin, ToolErrors and model-safe error types are not
//     reported;
//   - upstream-body: the body of an HTTP response (io.ReadAll(resp.Body)),
//     an httputil dump, a command's captured output, %+v or %#v of a
//     struct;
//   - stack-trace: debug.Stack, runtime.Stack, runtime.Caller, "goroutine N [";
//   - server-path: an absolute path in the text (/var/..., C:\..., ~/...),
//     a Go source position (main.go:42), a value from os.Getwd, os.TempDir
//     and the like, a field of the server's state named like a directory,
//     and filepath.Abs or filepath.Join on a root that is not the model's
//     argument; a path the model sent, quoted back, is fine;
//   - env-var: $VAR, a name the program reads with os.Getenv, os.LookupEnv
//     or os.ExpandEnv (in this package or, by fact, one it imports), or an
//     ALL_CAPS token the text calls an environment variable or tells
//     someone to set; enum values such as IN_PROGRESS are fine;
//   - type-name: %T, a Go type name such as *fs.PathError or
//     json.SyntaxError, an exception class;
//   - points-elsewhere: "see the description", "as documented", "see the
//     docs", "check the logs", "refer to the documentation", and an error
//     code (E1042) with no explanation in the same text;
//   - cli-command: a command line, quoted or in backticks, that the text
//     tells the model to run; a tool name in backticks is fine.
//
// Tool and parameter names, the model's own argument values quoted back,
// numbers and limits, URLs and plain English are not reported.
//
//	return mcp.NewToolResultError(fmt.Sprintf("read failed: %v", err)), nil // err from os.ReadFile: reported
//
//	return nil, toolerr.New(fmt.Sprintf("No note at '%s'. Find the path with search_notes.", path),
//		toolerr.WithLevel(slog.LevelInfo)) // fine
//
// Flags turn on stricter checks, off by default: -long-text reports text
// longer than two sentences; -next-step reports an INFO ToolError whose
// text names none of the package's tools; -fault-text reports a WARNING or
// ERROR ToolError whose text does not say the request was fine and what to
// do (retry later, tell the user).
package messagetext
