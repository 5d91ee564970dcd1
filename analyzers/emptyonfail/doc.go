// Package emptyonfail defines an analyzer that reports an empty success
// returned on a failure path of MCP tool code.
//
// # Analyzer emptyonfail
//
// emptyonfail: report an empty success returned on a failure path
//
// An empty result means the operation ran and found nothing. If a failure
// stopped it from finding anything, that is a fault (outcome 4), not "found
// nothing": a search whose backend failed must not tell the model "no notes
// match". The error has to reach the tool boundary, which logs it at ERROR and
// sends the fixed fault message.
//
// Bad: the failure becomes an empty answer.
//
//	func (n *Notes) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//		notes, err := n.store.Search(ctx, req.GetString("query", ""))
//		if err != nil {
//			log.Printf("search: %v", err)
//			return mcp.NewToolResultText("No notes found."), nil // failure of n.store.Search returns mcp.NewToolResultText("No notes found.") with a nil error, so the answer says there is nothing when the server failed to look; return the error so the tool boundary reports a fault
//		}
//		...
//	}
//
//	// package store (no MCP import): the fact travels to the tools that call it
//	func (s *Store) Search(ctx context.Context, q string) ([]Note, error) {
//		rows, err := s.db.QueryContext(ctx, query, q)
//		if err != nil {
//			return []Note{}, nil
//		}
//		...
//	}
//	notes, err := n.store.Search(ctx, q) // (*store.Store).Search returns []store.Note{} with a nil error on the failure of s.db.QueryContext (store.go:14), so this tool cannot tell a failure from an empty result; make (*store.Store).Search return the error so the tool boundary reports a fault
//
//	func (s *svc) search(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) { // go-sdk
//		paths, err := s.index.Find(in.Query)
//		if err != nil {
//			return nil, SearchOut{Query: in.Query}, nil // failure of s.index.Find returns nil and an empty SearchOut with a nil error, ...
//		}
//		...
//	}
//
// Good: return the error; an empty result only when the operation ran.
//
//	notes, err := n.store.Search(ctx, q)
//	if err != nil {
//		return nil, fmt.Errorf("search %q: %w", q, err) // a fault: the boundary logs it and sends the fixed message
//	}
//	if len(notes) == 0 {
//		return mcp.NewToolResultText("No notes found."), nil // found nothing: a result
//	}
//
// A failure path is the branch where an operation's error is non-nil:
// `if err != nil` (with or without an init statement, also `err != nil && …`
// and `err != nil || …`), `case err != nil:`, `default:` after `case err ==
// nil:` or in `switch err { case nil: … }`, the else branch of `if err == nil`,
// the statements after `if err == nil { …; return }`, and the branches where
// `errors.Is` / `errors.As` hold. The error must be a local variable the
// function set (a walk function's `err` parameter is not its operation).
//
// # Reported
//
// On a failure path, a return with a nil error (or from a function
// with no error result) whose other results are all empty:
//
//   - `nil`, `[]T{}`, `make([]T, 0)`, `map[K]V{}`, `""`; a zero struct, or one
//     whose slice and map fields are empty (a go-sdk typed `Out`, `&Out{}`); a
//     variable still holding such a value, or holding what the failed call
//     returned (`return items, nil` after `items, err := f()`), unless a
//     condition around the return has found it not empty (`if res != nil {
//     return res, nil }`);
//   - an empty or placeholder tool result: `NewToolResultText` of `""`, `"[]"`,
//     `"{}"`, `"null"` or "no results"-style text (also through `fmt.Sprintf`),
//     `NewToolResultStructured*` or `NewToolResultJSON` of an empty value, a
//     `CallToolResult` literal of either SDK with no content or only such text,
//     a one-line helper returning one of these;
//   - `return nil` from a function whose only result is an error;
//   - `return nil, nil` from an mcp-go handler, which mcp-go answers with
//     internal error -32603 "handler returned no result";
//   - a deferred `recover()` branch that neither re-panics nor touches the
//     function's named results: the function returns zero values and a nil
//     error.
//
// A `false` or `0` is an ordinary answer, so where it is returned it is no
// finding; it is one where it becomes what the model is told:
//
//   - a function with one bool or number result and no error result that
//     returns `false` or `0` on a failure path, when a call in tool code
//     formats the value into the answer (`fmt.Sprintf("installed: %t",
//     up)`), stores it in a field of a literal (`Status{Available: up}`)
//     or of the function's own variable (`h.Available = up`, `out["up"] =
//     up`; not the receiver's or a parameter's, which outlive the call),
//     or tests it in a condition whose branch returns a tool result or text
//     built on the spot (`if !exporterUp(ctx) { return
//     mcp.NewToolResultText("no metrics found; check that the exporter
//     runs"), nil }`). A branch that hands the call on (`return
//     listDir(p)`) is control flow, not the answer. Across packages by
//     fact, reported at such a call;
//   - a function with no results that fills a map, or a struct or slice
//     behind a pointer, its caller passed (it writes the parameter on
//     another path) and returns on a failure path without filling it, when
//     a call in tool code passes a variable of its own and reads it
//     afterwards: the tool answers from the empty value (an error rate of
//     0). Across packages by fact, reported at such a call.
//
// A suggested fix returns the failed error (`return nil, err`, nil for the
// nilable results) when it is in scope and certainly non-nil, and the tools
// are behind a boundary as far as the package shows (it registers no tool
// without one, and the file sees a boundary: the module requires toolerr or
// a boundary function is in scope). Without a boundary the error's text
// would reach the model as it is, trading this finding for a messagetext
// one.
//
// # Scope
//
// Tool handlers, the functions of their package they call, and the
// methods of their package that tool code reaches through an interface the
// module declares (not `io.Closer` or `fmt.Stringer`). Across packages, by
// fact: a function of the analysed module (never the standard library, an SDK
// or a dependency module; its package need not import an SDK) that returns an
// empty success on a failure path exports a fact, and the *call* in tool code
// is reported, naming the function and the file:line where it returns empty.
// A function that returns such a result unchanged (`return helper(…)`, or a
// variable only ever assigned from it and otherwise only returned) inherits
// the fact, to any depth and across packages; one that inspects the result
// (`if len(x) == 0`) does not. An interface call in tool code is reported when
// the only implementation among this package and the module packages it
// imports has the fact. A helper already reported in its own package (because
// a tool there reaches it) is not reported again at its calls.
//
// # Not reported
//
//   - an empty result when the operation ran and found nothing (`len(hits) == 0`);
//   - a non-empty value: a fallback, a partial result built before the failure,
//     a result that carries the error (`Warning: err.Error()`), a warning field
//     or a true flag set on the failure path (`Partial: true`), a variable
//     changed in the branch (`out.Warning = …`); in a function whose only
//     result is an error, a fallback stored before `return nil`
//     (`s.cfg = defaults`);
//   - a returned or wrapped error, an IsError result (the iserror analyzer's
//     business);
//   - `io.EOF`, `context.Canceled`, `fs.SkipDir`/`SkipAll`,
//     `http.ErrServerClosed`, `net.ErrClosed` branches;
//   - function literals passed as arguments, and declared functions used as
//     values (or shaped like `filepath.WalkFunc`/`fs.WalkDirFunc`), whose only
//     result is an error: walk functions and visitors, whose nil means "go on"
//     (errgroup's `Go` and `TryGo` excepted);
//   - a validator's `return nil` under `if err != nil || nothingToCheck`;
//   - a failure branch that says why it returns empty: a comment after the
//     return on its line or on the line just above it (`return nil
//     //nolint:nilerr // best effort: skip the check`, `return "" //
//     optional`), or nilerr's `//nolint:nilerr` anywhere in the branch; a
//     marker of unfinished work (TODO, FIXME, XXX, HACK, BUG), a directive
//     without a reason, or a comment above another statement of the branch
//     explains nothing;
//   - a failure branch that decides: on another path it returns an error or
//     a non-empty value, so the empty return is its choice for the rest
//     (`if cfg.Fallback == "allow" { slog.Warn(…); return nil }; return err`,
//     `if errors.Is(err, ErrDeclined) { return cancelled() }; return nil`);
//     a nested test that swallows one kind of error (`if errors.Is(err,
//     ErrTimeout) { return nil, nil }`) passes nothing on and is reported;
//   - a function with no error result whose every call in the package tests
//     the empty value and takes another path (`if c == nil { c =
//     defaultClient }`, `if r := confirm(ctx); r != nil { return r, nil }`,
//     also through the field it is stored in: `cfg.Scopes = detect(ctx)`,
//     then `if cfg.Scopes == nil`): nil means "none" to its callers; the
//     same test at a call of another
//     package's function silences the report at that call;
//   - an optional part: a function with no error result whose every call
//     merges its value with other data, of any type: appended to text that
//     holds other data (`"file " + path + thumbnail(path)`, not only a
//     constant header), to another list (`append(hits, remoteHits(q)...)`),
//     copied into another map (`maps.Copy(labels, extra(x))`), or ranged
//     over into another list;
//   - a function whose doc comment says its result is best effort, optional
//     or degrading, or that it returns nil (empty, false) on an error,
//     whatever its results (`(rows, summary, err)` too): its contract says
//     the empty value is the answer;
//   - an operation that cannot fail: `json.Marshal` of a value whose type
//     cannot fail to marshal (strings, integers, bools, and slices, maps
//     with string or integer keys and structs of them; no floats or custom
//     marshalers), or of an interface every value assigned to which has
//     such a type, the same knowledge messagetext uses;
//   - a text that names the resource of the failed standard-library
//     operation (`"no data file found for %q"` after `os.ReadFile`): it
//     tells the model what is missing; `"No notes found."` after the same
//     call names what was in the file, and is reported;
//   - absence and unparsable values. A not-found branch (`errors.Is(err,
//     fs.ErrNotExist)`, `os.IsNotExist`, `sql.ErrNoRows`, sentinels, error types
//     and constants named like `NotFound`, `NotExist`, `NoRows`, `NoSuch`,
//     `http.StatusNotFound`/404, `isNotFound`-style predicates) and a value that
//     does not parse (`strconv`, `url.Parse`, `time.Parse`, `regexp.Compile`,
//     …), or the model's own argument that does not decode (`json.Unmarshal`
//     of an argument in a handler; an upstream body that does not decode
//     stays a failure), classify the input; they are not an operation that
//     failed to run. A
//     list or search contract may answer them with an empty list, and a helper
//     with the "nil means absent" idiom: not reported. Only a tool handler that
//     answers them with an empty *non-list* result (`NewToolResultText("")`, a
//     zero `Out`) is reported, as a caller error: return a ToolError at INFO
//     that names the missing item or the argument.
//   - code no tool reaches (unless `-emptyonfail.all-functions`), tests and
//     generated files, boundary code.
//
// Not seen (precision first): a failure branch that falls through to a later
// return (`if err != nil { log…; items = nil }` then `return items, nil`);
// helpers reached through function values, or through interfaces implemented
// outside this package's module imports; non-error failure signals such as a
// non-2xx status code without an error.
//
// # Wider checks
//
// Two flags, off by default and bound to each analyzer instance made by
// `emptyonfail.New`, widen the check:
//
//   - `-emptyonfail.all-functions`: check every function of a package that
//     declares tools (has tool handlers or tool definitions), reached by a tool
//     or not;
//   - `-emptyonfail.loops`: also report a failure skipped with `continue` inside
//     a loop that builds a collection (`v = append(v, …)`, `v.f = append(…)`,
//     `m[k] = …`) which the function then returns with a nil error, when the
//     skip branch records nothing (no assignment, increment or send; a retry
//     loop records its last error).
//
// Suppress a deliberate case with a reason:
//
//	//toolcheck:ignore emptyonfail the search is advisory and the description says so
package emptyonfail
