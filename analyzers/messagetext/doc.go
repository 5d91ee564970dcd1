// Package messagetext defines an analyzer that reports model-facing text
// the model cannot act on.
//
// # Analyzer messagetext
//
// messagetext: report model-facing text the model cannot act on
//
// The model reads an error's text once, straight after the call, and acts on
// it next. It cannot catch an exception class, open a server path, read a
// stack frame, set an environment variable, run a command or look up an error
// code, and "see the description" points at text it may never have seen.
// What an operator needs belongs in the log record the boundary writes, not
// in the text.
//
// Bad: the raw error of a file operation, a server path, a pointer elsewhere.
//
//	data, err := os.ReadFile(filepath.Join(n.root, path))
//	if errors.Is(err, fs.ErrNotExist) {
//		return nil, toolerr.New(fmt.Sprintf("no note under %s", filepath.Join(n.root, path)), // model-facing text includes a server path (a path filepath.Join builds on the server's own directory), ...
//			toolerr.WithLevel(slog.LevelInfo))
//	}
//	if err != nil {
//		return mcp.NewToolResultError(fmt.Sprintf("read failed: %v", err)), nil // model-facing text includes the raw error of os.ReadFile, ...
//	}
//	if len(data) == 0 {
//		return nil, toolerr.New("The note is empty; see the docs.", toolerr.WithLevel(slog.LevelInfo)) // model-facing text points elsewhere ("see the docs"), ...
//	}
//
// Good: the model's own path quoted back, the next step by tool name, and the
// fault left to the boundary, which logs it and sends its fixed message.
//
//	data, err := os.ReadFile(filepath.Join(n.root, path))
//	if errors.Is(err, fs.ErrNotExist) {
//		return nil, toolerr.New(fmt.Sprintf("No note at '%s'. Find the path with search_notes.", path),
//			toolerr.WithLevel(slog.LevelInfo))
//	}
//	if err != nil {
//		return nil, fmt.Errorf("read %s: %w", path, err) // a fault: logged by the boundary, never shown
//	}
//
// # Model-facing text
//
// Model-facing text is:
//
//   - the message of a ToolError (constructor or literal; a constructor taking
//     a format and `...any` is evaluated as a format);
//   - the text of an IsError result: mcp-go `mcp.NewToolResultError`,
//     `NewToolResultErrorf`, `NewToolResultErrorFromErr` (its error appended),
//     the `TextContent` of either SDK's `CallToolResult` literal whose `IsError`
//     is not `false`, a result built with `NewToolResultText` or a literal and
//     then given `res.IsError = true`, and go-sdk `res.SetError(err)`'s error
//     when the result has no content of its own;
//   - the error a go-sdk typed handler (`mcp.ToolHandlerFor`, registered with
//     `mcp.AddTool`) returns when no boundary wraps it, and the error of an
//     mcp-go structured handler (`mcp.NewStructuredToolHandler`), whose text the
//     SDKs put in the result;
//   - the arguments of the project's own helpers that build such text
//     (`utils.NewToolResultErrorFromErr(msg, err)`), learned as facts across
//     packages and within one.
//
// The text is evaluated statically: string constants, `fmt.Sprintf` /
// `fmt.Errorf` / `NewToolResultErrorf` formats with their arguments, `+`,
// `strings.Join` of a literal slice, `errors.New`, `err.Error()`, named
// constants, and variables whose last definition before the use reaches it.
// Each finding has a category, in the JSON and SARIF output and in the
// finding's URL, so it can be filtered; each has its section below.
//
// The text of an IsError result built outside the tool boundary is one place
// to fix with iserror's finding there: the ToolError iserror asks for, or the
// fault its fix returns for the boundary to render, answers both. When a run
// reports both analyzers, such a finding is not reported on its own but as
// related information of iserror's, which golangci-lint leaves out; run with
// -iserror=false to see it on its own.
//
// # raw-error
//
// An error interpolated (`%v`, `%s`, `%w`, `err.Error()`,
// `NewToolResultErrorFromErr`) whose origin is an operation on server
// resources: `os`, `io`, `io/fs`, `bufio`, `path/filepath`, `net`,
// `net/http` transport (`Client`, `Transport`, `http.Get`...), `os/exec`,
// `database/sql`, archives, `json.Marshal` of a value that can fail, and the
// packages named in the `resource-packages` configuration. The origin is
// followed through variables and the package's own helpers ("returned
// through validatePath"), and `filepath.Walk`'s error is what its callback
// returns.
//
// # upstream-body
//
// The body of an HTTP response (`string(body)` after
// `io.ReadAll(resp.Body)`), also kept in a field of the project's own
// response type that a client fills with it (`Response{Body: b}`, then
// `string(r.Body)` or `r.Body.String()`; across packages by fact), an
// `httputil` dump, a command's captured output
// (`cmd.CombinedOutput()`, a buffer wired to `cmd.Stderr`,
// `ExitError.Stderr`), `%+v` / `%#v` of a struct.
//
// # stack-trace
//
// `debug.Stack()`, a buffer `runtime.Stack` filled, `runtime.Caller`'s file
// and line, runtime frames, "goroutine N [".
//
// # server-path
//
// An absolute path in the text (`/var/...`, `/etc/...`, `/home/...`,
// `C:\...`, `~/...`), a Go source position (`store.go:42`), `os.Getwd`,
// `os.TempDir`, `os.UserHomeDir` and kin, a field of the server's state
// named like a directory (`s.dataDir`, `root`), `filepath.Abs` /
// `filepath.Join` on a root that is not the model's argument.
//
// # env-var
//
// `$VAR`, a name the program reads with `os.Getenv` / `os.LookupEnv` /
// `os.ExpandEnv` or through the project's own helper that passes its
// parameter to one of them (`getEnv("TRACKER_TOKEN", "")`, learned across
// packages by fact) in this package and those it imports, an ALL_CAPS
// token the text calls an environment variable or tells someone to set ("set
// X", "export X", "X is not set").
//
// # type-name
//
// `%T`, `reflect.TypeOf(x).String()`, a Go type name such as `*fs.PathError`
// or `json.SyntaxError`, an exception class.
//
// # points-elsewhere
//
// "see the description", "as documented", "see the docs", "check the logs",
// "refer to the documentation"; an error code (`E1042`, "error code 1042")
// with no explanation in the same text.
//
// # cli-command
//
// A command line in backticks or quotes that the text tells the model to run
// ("run `notes-admin unlock`").
//
// # Not reported
//
// Errors from the SDK's argument accessors (`RequireString`,
// `BindArguments`), from the project's own argument helpers and from parsing
// the model's input (`strconv`, `time.Parse`, `json.Unmarshal`, `regexp`,
// `filepath.Match`); errors of unknown origin (an interface method, another
// package's API client unless named in `resource-packages`);
// ToolErrors and the error types named in `model-safe-errors`; `json.Marshal`
// of a value that cannot fail to marshal (by its type, or, for an
// interface, by every value that reaches it: a helper's `format(data any)`
// called with a struct of strings, a callback returning a string), or of
// the model's own decoded input (it marshals again); the error of a file operation of package `os`
// on paths the model sent and nothing else (`os.Create(args.LogPath)`: it
// names the model's path and what the system said of it; a path joined with
// the server's directory stays server detail); the model's own argument
// quoted back (`'inbox/todo.md'`, an absolute path it sent); tool and parameter
// names, a tool name in backticks after "run"; numbers and limits (`%d`); URLs
// and API routes; enum values and codes the contract defines (`IN_PROGRESS`,
// `RESOURCE_NOT_FOUND`); an error code followed by its explanation; "check the
// logs of job 42 with get_job_logs", which names where the model can look; the
// error a handler returns when the boundary wraps it, or when its SDK turns it
// into a protocol error (an mcp-go handler, a go-sdk raw `ToolHandler`).
//
// The shared configuration key `resource-packages` (flag `-resource-packages`)
// names packages whose errors carry server detail, such as an upstream API
// client (`github.com/google/go-github/v89/github`).
//
// # Stricter checks
//
// Three flags, off by default and bound to each analyzer instance, report
// more, each in a category of its own.
//
// # long-text
//
// With `-messagetext.long-text`: model-facing text longer than two
// sentences.
//
// # no-next-step
//
// With `-messagetext.next-step`: an INFO ToolError whose text names none of
// the package's registered tools, so the model is not told what to call
// next.
//
// # fault-text
//
// With `-messagetext.fault-text`: a WARNING or ERROR ToolError whose text
// does not say the request was fine and what to do (retry later, tell the
// user).
package messagetext
