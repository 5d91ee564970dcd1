// Package loglevel defines an analyzer that reports caller-error
// ToolErrors left at the ERROR default.
//
// # Analyzer loglevel
//
// loglevel: report caller-error ToolErrors left at the ERROR default
//
// A ToolError's level answers one question: who has to act? Only the model (a
// caller error, or stale state): INFO. Nobody, because it heals itself:
// WARNING. An operator: ERROR. A ToolError built by a constructor is logged at
// ERROR unless the call sets its level, so leaving the level off a caller error
// makes every mistyped path an operator alert.
//
// Bad: a missing note, a missing argument and a stale version page the operator.
//
//	func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//		path, err := req.RequireString("path")
//		if err != nil {
//			return nil, toolerr.New("The 'path' argument is missing. Call read_note with a path from search_notes.") // a ToolError built when req.RequireString("path") fails is a caller error left at the ERROR default; set its level to INFO
//		}
//		note, err := n.store.Read(path)
//		if errors.Is(err, fs.ErrNotExist) {
//			return nil, toolerr.New("No note at '" + path + "'. Find the path with search_notes.") // a ToolError built on the fs.ErrNotExist path is ...
//		}
//		if errors.Is(err, store.ErrVersionMismatch) {
//			return nil, toolerr.New("Note '" + path + "' changed; the same call fails again. Call read_note for the current version.") // ... on the store.ErrVersionMismatch path ...
//		}
//		if err != nil {
//			return nil, fmt.Errorf("read %s: %w", path, err) // a fault: the boundary logs it at ERROR
//		}
//		return mcp.NewToolResultText(note.Text), nil
//	}
//
// Good: the level says the model has to act.
//
//	if errors.Is(err, fs.ErrNotExist) {
//		return nil, toolerr.New("No note at '"+path+"'. Find the path with search_notes.",
//			toolerr.WithLevel(slog.LevelInfo)) // or toolerr.CallerError(...)
//	}
//
// # Reported
//
// A ToolError at the ERROR default built where the code shows the
// caller can act:
//
//   - on the failure path of a not-found, already-exists, invalid, conflict or
//     stale error: `errors.Is` with `fs.ErrNotExist`, `os.ErrNotExist`,
//     `fs.ErrExist`, `sql.ErrNoRows`, `strconv.ErrSyntax`/`ErrRange`;
//     `os.IsNotExist`/`os.IsExist`; `err == sentinel`; a sentinel or error type
//     whose name says so (`ErrNotFound`, `ErrNoSuchNote`, `ErrConflict`,
//     `ErrVersionMismatch`, `ErrStale`, `ErrExpired`, `ErrInvalidPath`,
//     `ErrAlreadyExists`, `NotFoundError`, …, but not a name about configuration,
//     credentials or the server: `ErrInvalidConfig`, `ErrExpiredToken`);
//     `errors.As` to such a type, a type switch case or type assertion on one; an
//     HTTP or gRPC status (`http.StatusNotFound`, `StatusConflict`, `StatusGone`,
//     `StatusPreconditionFailed`, `StatusBadRequest`,
//     `StatusUnprocessableEntity`, `codes.NotFound`, …), or the literal (400,
//     404, 409, 410, 412, 422) compared with an integer named like a status
//     (`resp.StatusCode == 404`); the sentinels and types
//     named in `caller-errors`;
//   - on a check of the handler's own arguments: the failure of
//     `req.RequireString` and its siblings or of `req.BindArguments`; the failure
//     of parsing an argument (`strconv`, `time.Parse`, `url.Parse`,
//     `regexp.Compile`, `json.Unmarshal` of `req.Params.Arguments`, …) or of a
//     project function that only reads arguments and says so by its name
//     (`RequiredParam(args, "owner")`, `validateInput(in)`), or of a validator
//     given only the request, arguments and constants, whatever its name
//     (`GetToolReqParam[string](req, "query", true)`, `ExtractMountPath(args)`):
//     a function (not a method) that can fail, reads no package variable but
//     sentinel errors, and calls only request accessors, parsers, pure
//     standard functions and other validators (known across packages by
//     fact), whose results are arguments too; a condition that
//     reads only arguments and constants (`path == ""`, `limit < 1 || limit >
//     100`, the `default` of a `switch` on an argument), when it is the innermost
//     condition around the ToolError; a map lookup keyed by an argument that
//     finds nothing, or a read keyed by one that answers nil (`s, err :=
//     vault.Read(ctx, name)`, then `s == nil`); an argument that does not
//     match the current version (`in.Version != note.Version`). Arguments
//     are the values read from an mcp-go request
//     (`GetString`, `RequireInt`, `GetArguments()[k]`, `mcp.ParseString`), the
//     typed input of a go-sdk or mcp-go typed handler, a struct filled by
//     `BindArguments` or `json.Unmarshal`, and the parameters named `args`,
//     `input`, `params` of a function that also takes the request;
//   - where a boolean server setting turned a feature off (`!s.cfg.EnableWrites`,
//     `s.readOnly`), when the message steers the model elsewhere (names a tool,
//     or says "instead", "use", "call", "try");
//   - with a message that sends the model to a tool registered in the package
//     ("Call read_note …", "… with search_notes").
//
// # Not reported
//
// A ToolError whose level is set in any way (an argument of
// the level type, an option such as `WithLevel(slog.LevelInfo)` or one known
// by its body to set a level, a builder such as `.WithLevel(l)` or `.Info()`,
// the `Level` field of a literal, an assignment to it afterwards); a
// constructor whose default is not ERROR (`CallerError`, `Stale`,
// `Unavailable`) or whose name states a fault (`Fault`, `Internal`,
// `Unavailable`); ERROR for a fault, including missing configuration, and
// messages about faults ("not configured", "retry later", "rebuilding", "rate
// limit", "tell the user"); a failure path of any other error; code that is
// opaque; ToolErrors built in the boundary.
//
// # Recognition, with no configuration
//
// A ToolError is a named type called
// `ToolError` that implements `error`; its level is a field (or option) of type
// `log/slog.Level`. A constructor is a function returning a ToolError, or
// returning `error` while every return builds one (in another package: an
// exported function of the package that declares the ToolError, taking a
// string). A constructor's default level, and the level an option, option
// variable or builder sets, are learned from its package and exported as
// facts, so a ToolError package imported by the tools package needs no
// configuration. `tool-errors`, `level-types` and `caller-errors` name others
// (a zap, zerolog or logrus level, or an int level with its own constants,
// read by the constants' names).
//
// # Suggested fix
//
// The suggested fix sets INFO the way the API does: it adds the level
// option (`toolerr.WithLevel(slog.LevelInfo)`, importing `log/slog` if needed),
// appends a level builder (`.WithLevel(slog.LevelInfo)`), adds the level field
// to a literal (`Level: slog.LevelInfo`), or switches to the API's INFO
// constructor of the same signature (`newToolError` → `callerError`).
//
// # Strict mode
//
// `-loglevel.strict` reports every ToolError that leaves its level to
// a default: a literal without its level field, and a general constructor
// (`New`, `Newf`, `Errorf`, `Wrap`, …) at its ERROR or unknown default. A
// constructor named after its outcome states the level by its name.
package loglevel
