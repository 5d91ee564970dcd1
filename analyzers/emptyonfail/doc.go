// Package emptyonfail defines an analyzer that reports an empty success
// returned on a failure path of MCP tool code.
//
// # Analyzer emptyonfail
//
// emptyonfail: report an empty success returned on a failure path
//
// An empty result means the operation ran and found nothing. If a failure
// stopped it from finding anything, that is a fault (outcome 4): a search
// whose backend failed must not tell the model "no notes match". The error
// has to reach the tool boundary, which logs it and sends the fixed fault
// message.
//
// A failure path is the branch where an operation's error is non-nil: the
// body of `if err != nil` (and `if _, err := f(); err != nil`, and `err !=
// nil && ...` or `err != nil || ...`), `case err != nil:` of a switch, the
// else branch of `if err == nil`, the statements after `if err == nil {
// ...; return }`, and the branches where errors.Is or errors.As holds. The
// error must be a local variable set by this function, not a parameter. On
// such a path the analyzer reports a return with a nil error (or from a
// function with no error result) whose other results are all empty: nil,
// []T{}, make([]T, 0), map[K]V{}, "", a zero struct or one whose slice and
// map fields are empty (a go-sdk typed Out), a variable still holding such a
// value or what the failed call returned, an empty or placeholder tool
// result (NewToolResultText of "", "[]", "{}", "null" or "no results"-style
// text; NewToolResultStructured* or NewToolResultJSON of an empty value; a
// CallToolResult with no content or only such text), a one-line helper
// returning one of these, `return nil` from a function whose only result is
// an error, and `return nil, nil` from an mcp-go handler (answered with
// internal error -32603). A deferred recover() that neither re-panics nor
// touches the function's named results is reported too.
//
//	notes, err := s.store.Search(ctx, q)
//	if err != nil {
//		return mcp.NewToolResultText("no notes match"), nil // reported
//	}
//
//	notes, err := s.store.Search(ctx, q)
//	if err != nil {
//		return nil, fmt.Errorf("search %q: %w", q, err) // a fault for the boundary
//	}
//	if len(notes) == 0 {
//		return mcp.NewToolResultText("no notes match"), nil // found nothing: a result
//	}
//
// Scope: tool handlers, the functions of their package they call, and the
// methods of their package they reach through an interface the module
// declares. A function of another package of the module (not the standard
// library, an SDK or a dependency) that returns an empty success on a
// failure path exports that as a fact, and its call in tool code is
// reported, naming the function and where it returns empty; so is an
// interface call whose only implementation among the imported module
// packages has the fact. A function that returns such a function's result
// unchanged (`return helper(...)`, or a variable only ever assigned from it
// and otherwise only returned) inherits the fact, to any depth. A finding
// already reported in the helper's own package is not reported again at its
// calls.
//
// Not reported: an empty value after the operation ran (`len(hits) == 0`);
// a non-empty value (a fallback, a partial result, a result carrying the
// error, a warning field or a true flag that discloses the degradation, a
// fallback stored before `return nil`); a returned error; io.EOF,
// context.Canceled and SkipDir branches; function literals passed as
// arguments, and functions used as values, whose only result is an error
// (filepath.Walk and fs.WalkDir functions and other visitors, whose nil
// means "go on"), except errgroup's Go; a validator's `return nil` under
// `err != nil || ...`. A not-found branch (fs.ErrNotExist, os.IsNotExist,
// sql.ErrNoRows, errors and constants named NotFound, NotExist, NoRows or
// NoSuch, http.StatusNotFound, isNotFound-style predicates) and a value that
// does not parse (strconv, url.Parse, time.Parse...) are classifications,
// not lost operations: an empty list, and a helper's nil ("absent"), are
// answers such a contract allows. Only a tool handler that answers them
// with an empty text or struct result is reported, as a caller error that
// needs a ToolError at INFO.
//
// When the failed error is in scope and certainly non-nil, a suggested fix
// returns it: `return nil, err`.
//
// Flags: -emptyonfail.all-functions checks every function of a package
// that declares tools, reached by a tool or not; -emptyonfail.loops also
// reports a failure skipped with `continue` in a loop that builds a
// collection the function returns, when the branch records nothing.
package emptyonfail
