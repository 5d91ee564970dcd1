// Package loglevel defines an analyzer that reports caller-error
// ToolErrors left at the ERROR default.
//
// # Analyzer loglevel
//
// loglevel: report caller-error ToolErrors left at the ERROR default
//
// A ToolError's level says who has to act: INFO when only the model has
// to (a caller error: a bad argument, something not found, a feature the
// operator turned off; or stale state: a version conflict, an expired
// handle), WARNING when nobody has to because the fault heals itself,
// ERROR when an operator has to. A ToolError built by a constructor is
// logged at ERROR unless the call sets its level, so leaving the level off
// a caller error makes every mistyped path an operator alert.
//
// The analyzer reports a ToolError at the ERROR default built where the
// code shows the caller can act:
//
//   - on the failure path of a not-found, already-exists, invalid,
//     conflict or stale error: errors.Is with fs.ErrNotExist, fs.ErrExist,
//     sql.ErrNoRows, strconv.ErrSyntax or ErrRange, os.IsNotExist and
//     os.IsExist, a sentinel or error type whose name says so (ErrNotFound,
//     ErrNoSuchNote, ErrConflict, ErrVersionMismatch, ErrStale, ErrExpired,
//     ErrInvalidPath, NotFoundError), errors.As to such a type, a type
//     switch case or type assertion on one, an HTTP or gRPC not-found or
//     conflict status, and the sentinels and types named in caller-errors;
//   - on a check of the handler's own arguments: the failure of
//     req.RequireString and its siblings, of BindArguments, of parsing an
//     argument (strconv, time, url, json), of a project function that only
//     reads arguments and says so by its name (RequiredParam(args, "owner"),
//     validateInput(in)); a condition that reads only arguments
//     (path == "", limit < 1 || limit > 100, the default of a switch on
//     one) when it is the innermost condition around the ToolError; a
//     lookup keyed by an argument that finds nothing; an argument that does
//     not match the current version. Arguments are what an mcp-go request
//     returns (GetString, RequireInt, GetArguments), the typed input of a
//     go-sdk or mcp-go typed handler, and the parameters named args, input
//     or params of a function that also takes the request;
//   - where a boolean server setting turned a feature off, when the
//     message steers the model elsewhere;
//   - with a message that names a tool registered in the package.
//
// Not reported: a ToolError whose level is set (an argument, an option
// such as WithLevel(slog.LevelInfo), a builder, a Level field, or a
// constructor named after its outcome); ERROR for a fault, including
// missing configuration ("the server is not configured"), and messages
// about faults that heal themselves ("retry later"); ToolErrors built in
// the boundary.
//
//	if errors.Is(err, fs.ErrNotExist) {
//		return nil, toolerr.New("No note at '" + path + "'. Find the path with search_notes.") // reported
//	}
//
//	if errors.Is(err, fs.ErrNotExist) {
//		return nil, toolerr.New("No note at '"+path+"'. Find the path with search_notes.",
//			toolerr.WithLevel(slog.LevelInfo))
//	}
//
// ToolErrors are recognised with no configuration: a type called
// ToolError that implements error, whose level is a log/slog.Level field
// or option; tool-errors and level-types name others. A constructor's
// default level, and the level an option or builder sets, are learned from
// its package and exported as facts. The suggested fix sets INFO the way
// the API does: the level option, a level builder, the Level field of a
// literal, or the API's INFO constructor of the same signature.
//
// With -loglevel.strict, every ToolError built at a call site must state
// its level: a literal without the level field, or a general constructor
// (New, Errorf, Wrap...) left at its default, is reported too.
package loglevel
