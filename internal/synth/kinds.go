package synth

// In the templates below, $I is the tool's index, $TOOL its name, $LIST the
// name of its group's list tool, $TE and $ST the qualifiers of the toolerr
// and store declarations ("toolerr." and "store.", or empty).

// kind is one handler shape, for each SDK, with its registration.
type kind struct {
	name     string
	mcpgo    string // mcp-go handler and helpers
	gosdk    string // go-sdk handler and helpers
	mcpgoReg string // statement in Register (kind 8: element of Tools)
	gosdkReg string // statement in RegisterSDK
}

var kinds = [Kinds]kind{
	// 0: a clean tool: caller errors at INFO, a fault wrapped with %w.
	{
		name: "get",
		mcpgo: `
// get$I reads one item.
func (t *Toolset) get$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err != nil {
		return nil, $TENew("The 'id' argument is missing. Call $LIST to find item ids.", $TEWithLevel(slog.LevelInfo))
	}
	data, err := t.st.Read(id)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, $TENew(fmt.Sprintf("No item '%s'. Call $LIST to find item ids.", id), $TEWithLevel(slog.LevelInfo))
	}
	if err != nil {
		return nil, fmt.Errorf("read item %s: %w", id, err)
	}
	return mcp.NewToolResultText(string(data)), nil
}
`,
		gosdk: `
type getIn$I struct {
	ID string ` + "`json:\"id\"`" + `
}

type getOut$I struct {
	Text string ` + "`json:\"text\"`" + `
}

// get$I reads one item.
func (t *Toolset) get$I(ctx context.Context, req *sdk.CallToolRequest, in getIn$I) (*sdk.CallToolResult, getOut$I, error) {
	if in.ID == "" {
		return nil, getOut$I{}, $TENew("The 'id' argument is empty. Call $LIST to find item ids.", $TEWithLevel(slog.LevelInfo))
	}
	data, err := t.st.Read(in.ID)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, getOut$I{}, $TENew(fmt.Sprintf("No item '%s'. Call $LIST to find item ids.", in.ID), $TEWithLevel(slog.LevelInfo))
	}
	if err != nil {
		return nil, getOut$I{}, fmt.Errorf("read item %s: %w", in.ID, err)
	}
	return nil, getOut$I{Text: string(data)}, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("Read one item."), mcp.WithString("id", mcp.Required(), mcp.Description("The item id."))), $TEBoundary(t.get$I))`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "Read one item."}, $TETypedBoundary(t.get$I))`,
	},
	// 1: a clean tool with a helper; an empty listing is a result.
	{
		name: "list",
		mcpgo: `
// list$I lists the items under a prefix.
func (t *Toolset) list$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	prefix := req.GetString("prefix", "")
	names, err := t.names$I(prefix)
	if err != nil {
		return nil, fmt.Errorf("list items: %w", err)
	}
	if len(names) == 0 {
		return mcp.NewToolResultText("No items match. Call $TOOL with a shorter prefix."), nil
	}
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}

// names$I returns the sorted names of the items that start with prefix.
func (t *Toolset) names$I(prefix string) ([]string, error) {
	all, err := t.st.List("")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range all {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out, nil
}
`,
		gosdk: `
type listIn$I struct {
	Prefix string ` + "`json:\"prefix\"`" + `
}

type listOut$I struct {
	Names []string ` + "`json:\"names\"`" + `
}

// list$I lists the items under a prefix.
func (t *Toolset) list$I(ctx context.Context, req *sdk.CallToolRequest, in listIn$I) (*sdk.CallToolResult, listOut$I, error) {
	names, err := t.names$I(in.Prefix)
	if err != nil {
		return nil, listOut$I{}, fmt.Errorf("list items: %w", err)
	}
	return nil, listOut$I{Names: names}, nil
}

// names$I returns the sorted names of the items that start with prefix.
func (t *Toolset) names$I(prefix string) ([]string, error) {
	all, err := t.st.List("")
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, n := range all {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("List items."), mcp.WithString("prefix", mcp.Description("Only names with this prefix."))), $TEBoundary(t.list$I))`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "List items."}, $TETypedBoundary(t.list$I))`,
	},
	// 2: a tool registered without the boundary (unwrapped).
	{
		name: "count",
		mcpgo: `
// count$I counts the items.
func (t *Toolset) count$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	names, err := t.st.List("")
	if err != nil {
		return nil, fmt.Errorf("count items: %w", err)
	}
	return mcp.NewToolResultText(strconv.Itoa(len(names))), nil
}
`,
		gosdk: `
type countIn$I struct{}

type countOut$I struct {
	Count int ` + "`json:\"count\"`" + `
}

// count$I counts the items.
func (t *Toolset) count$I(ctx context.Context, req *sdk.CallToolRequest, in countIn$I) (*sdk.CallToolResult, countOut$I, error) {
	names, err := t.st.List("")
	if err != nil {
		return nil, countOut$I{}, $TENew("Counting failed; retry later.", $TEWithLevel(slog.LevelWarn), $TEWithCause(err))
	}
	return nil, countOut$I{Count: len(names)}, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("Count items.")), t.count$I)`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "Count items."}, t.count$I)`,
	},
	// 3: an IsError result built in the handler (iserror).
	{
		name: "delete",
		mcpgo: `
// delete$I deletes an item and builds its own error results.
func (t *Toolset) delete$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	if id == "" {
		return mcp.NewToolResultError("The 'id' argument is empty. Call $LIST to find item ids."), nil
	}
	if err := t.st.Delete(id); err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("Could not delete '%s'; retry later.", id)), nil
	}
	return mcp.NewToolResultText("deleted " + id), nil
}
`,
		gosdk: `
type deleteIn$I struct {
	ID string ` + "`json:\"id\"`" + `
}

type deleteOut$I struct {
	Deleted string ` + "`json:\"deleted\"`" + `
}

// delete$I deletes an item and builds its own error results.
func (t *Toolset) delete$I(ctx context.Context, req *sdk.CallToolRequest, in deleteIn$I) (*sdk.CallToolResult, deleteOut$I, error) {
	if in.ID == "" {
		return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "The 'id' argument is empty. Call $LIST to find item ids."}}}, deleteOut$I{}, nil
	}
	if err := t.st.Delete(in.ID); err != nil {
		res := &sdk.CallToolResult{}
		res.SetError(err)
		return res, deleteOut$I{}, nil
	}
	return nil, deleteOut$I{Deleted: in.ID}, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("Delete an item."), mcp.WithString("id", mcp.Required())), $TEBoundary(t.delete$I))`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "Delete an item."}, $TETypedBoundary(t.delete$I))`,
	},
	// 4: caller errors left at the ERROR default (loglevel).
	{
		name: "lookup",
		mcpgo: `
// lookup$I finds an item by id.
func (t *Toolset) lookup$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err != nil {
		return nil, $TENew("The 'id' argument is missing. Call $LIST to find item ids.")
	}
	data, err := t.st.Read(id)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, $TENew(fmt.Sprintf("No item '%s'. Call $LIST to find item ids.", id))
	}
	if err != nil {
		return nil, fmt.Errorf("lookup %s: %w", id, err)
	}
	return mcp.NewToolResultText(string(data)), nil
}
`,
		gosdk: `
type lookupIn$I struct {
	ID string ` + "`json:\"id\"`" + `
}

type lookupOut$I struct {
	Text string ` + "`json:\"text\"`" + `
}

// lookup$I finds an item by id.
func (t *Toolset) lookup$I(ctx context.Context, req *sdk.CallToolRequest, in lookupIn$I) (*sdk.CallToolResult, lookupOut$I, error) {
	data, err := t.st.Read(in.ID)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, lookupOut$I{}, $TENew(fmt.Sprintf("No item '%s'. Call $LIST to find item ids.", in.ID))
	}
	if err != nil {
		return nil, lookupOut$I{}, fmt.Errorf("lookup %s: %w", in.ID, err)
	}
	return nil, lookupOut$I{Text: string(data)}, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("Find an item."), mcp.WithString("id", mcp.Required())), $TEBoundary(t.lookup$I))`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "Find an item."}, $TETypedBoundary(t.lookup$I))`,
	},
	// 5: an empty success on a failure path (emptyonfail).
	{
		name: "search",
		mcpgo: `
// search$I searches the items' text.
func (t *Toolset) search$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, $TENew("The 'query' argument is missing.", $TEWithLevel(slog.LevelInfo))
	}
	names, err := t.st.List("")
	if err != nil {
		return mcp.NewToolResultText("[]"), nil
	}
	var hits []string
	for _, n := range names {
		data, err := t.st.Read(n)
		if err != nil {
			continue
		}
		if strings.Contains(string(data), q) {
			hits = append(hits, n)
		}
	}
	out, err := json.Marshal(hits)
	if err != nil {
		return nil, fmt.Errorf("encode hits: %w", err)
	}
	return mcp.NewToolResultText(string(out)), nil
}
`,
		gosdk: `
type searchIn$I struct {
	Query string ` + "`json:\"query\"`" + `
}

type searchOut$I struct {
	Hits []string ` + "`json:\"hits\"`" + `
}

// search$I searches the items' text.
func (t *Toolset) search$I(ctx context.Context, req *sdk.CallToolRequest, in searchIn$I) (*sdk.CallToolResult, searchOut$I, error) {
	names, err := t.st.List("")
	if err != nil {
		return nil, searchOut$I{}, nil
	}
	var out searchOut$I
	for _, n := range names {
		data, err := t.st.Read(n)
		if err != nil {
			continue
		}
		if strings.Contains(string(data), in.Query) {
			out.Hits = append(out.Hits, n)
		}
	}
	return nil, out, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("Search items."), mcp.WithString("query", mcp.Required())), $TEBoundary(t.search$I))`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "Search items."}, $TETypedBoundary(t.search$I))`,
	},
	// 6: a raw file-system error in model-facing text (messagetext).
	{
		name: "read",
		mcpgo: `
// read$I reads a file under the root.
func (t *Toolset) read$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "index.md")
	data, err := os.ReadFile(filepath.Join(t.root, name))
	if err != nil {
		return nil, $TENew(fmt.Sprintf("could not read %s: %v", name, err), $TEWithLevel(slog.LevelWarn))
	}
	return mcp.NewToolResultText(string(data)), nil
}
`,
		gosdk: `
type readIn$I struct {
	Name string ` + "`json:\"name\"`" + `
}

type readOut$I struct {
	Text string ` + "`json:\"text\"`" + `
}

// read$I reads a file under the root.
func (t *Toolset) read$I(ctx context.Context, req *sdk.CallToolRequest, in readIn$I) (*sdk.CallToolResult, readOut$I, error) {
	data, err := os.ReadFile(filepath.Join(t.root, in.Name))
	if err != nil {
		return nil, readOut$I{}, $TENew("could not read the file: "+err.Error(), $TEWithLevel(slog.LevelWarn))
	}
	return nil, readOut$I{Text: string(data)}, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("Read a file."), mcp.WithString("name")), $TEBoundary(t.read$I))`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "Read a file."}, $TETypedBoundary(t.read$I))`,
	},
	// 7: mcp-go: a typed handler through NewTypedToolHandler; go-sdk: an
	// untyped handler through (*Server).AddTool.
	{
		name: "head",
		mcpgo: `
type headArgs$I struct {
	ID    string ` + "`json:\"id\"`" + `
	Limit int    ` + "`json:\"limit\"`" + `
}

// head$I returns the first lines of an item.
func (t *Toolset) head$I(ctx context.Context, req mcp.CallToolRequest, args headArgs$I) (*mcp.CallToolResult, error) {
	if args.Limit < 0 || args.Limit > 1000 {
		return nil, $TENew(fmt.Sprintf("The 'limit' argument %d is out of range; pass 0 to 1000.", args.Limit), $TEWithLevel(slog.LevelInfo))
	}
	data, err := t.st.Read(args.ID)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", args.ID, err)
	}
	lines := strings.Split(string(data), "\n")
	if args.Limit > 0 && len(lines) > args.Limit {
		lines = lines[:args.Limit]
	}
	return mcp.NewToolResultText(strings.Join(lines, "\n")), nil
}
`,
		gosdk: `
// head$I returns the first line of every item.
func (t *Toolset) head$I(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	names, err := t.st.List("")
	if err != nil {
		return nil, fmt.Errorf("list: %w", err)
	}
	var b strings.Builder
	for _, n := range names {
		data, err := t.st.Read(n)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", n, err)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		b.WriteString(n + ": " + first + "\n")
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: b.String()}}}, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("First lines of an item."), mcp.WithString("id", mcp.Required()), mcp.WithNumber("limit")), $TEBoundary(mcp.NewTypedToolHandler(t.head$I)))`,
		gosdkReg: `s.AddTool(&sdk.Tool{Name: "$TOOL", Description: "First line of every item.", InputSchema: map[string]any{"type": "object"}}, $TERawBoundary(t.head$I))`,
	},
	// 8: mcp-go: a ServerTool literal from a method; go-sdk: a handler kept
	// in a struct field that only ever holds boundary-wrapped handlers.
	{
		name: "save",
		mcpgo: `
// save$I writes an item.
func (t *Toolset) save$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err != nil {
		return nil, $TENew("The 'id' argument is missing.", $TEWithLevel(slog.LevelInfo))
	}
	text := req.GetString("text", "")
	if err := t.st.Write(id, []byte(text)); err != nil {
		return nil, fmt.Errorf("write %s: %w", id, err)
	}
	return mcp.NewToolResultText("saved " + id), nil
}
`,
		gosdk: `
type storedIn$I struct {
	ID   string ` + "`json:\"id\"`" + `
	Text string ` + "`json:\"text\"`" + `
}

type storedOut$I struct {
	Saved string ` + "`json:\"saved\"`" + `
}

// stored$I writes an item.
func (t *Toolset) stored$I(ctx context.Context, req *sdk.CallToolRequest, in storedIn$I) (*sdk.CallToolResult, storedOut$I, error) {
	if in.ID == "" {
		return nil, storedOut$I{}, $TENew("The 'id' argument is empty.", $TEWithLevel(slog.LevelInfo))
	}
	if err := t.st.Write(in.ID, []byte(in.Text)); err != nil {
		return nil, storedOut$I{}, fmt.Errorf("write %s: %w", in.ID, err)
	}
	return nil, storedOut$I{Saved: in.ID}, nil
}
`,
		mcpgoReg: `{Tool: mcp.NewTool("$TOOL", mcp.WithDescription("Save an item."), mcp.WithString("id", mcp.Required()), mcp.WithString("text")), Handler: $TEBoundary(t.save$I)},`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "Save an item."}, t.h$I)`,
	},
	// 9: a larger clean tool: argument parsing, a timeout at WARNING, a
	// chain of helpers, JSON output.
	{
		name: "report",
		mcpgo: `
type reportRow$I struct {
	Name  string ` + "`json:\"name\"`" + `
	Size  int    ` + "`json:\"size\"`" + `
	Lines int    ` + "`json:\"lines\"`" + `
}

// report$I summarises the items.
func (t *Toolset) report$I(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := 50
	if s := req.GetString("limit", ""); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, $TENew(fmt.Sprintf("The 'limit' argument '%s' is not a number; pass an integer.", s), $TEWithLevel(slog.LevelInfo))
		}
		limit = n
	}
	rows, err := t.rows$I(ctx, limit)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return nil, $TENew("The report timed out; retry later.", $TEWithLevel(slog.LevelWarn), $TEWithCause(err))
	case err != nil:
		return nil, fmt.Errorf("report: %w", err)
	}
	out, err := json.Marshal(rows)
	if err != nil {
		return nil, fmt.Errorf("encode report: %w", err)
	}
	return mcp.NewToolResultText(string(out)), nil
}

// rows$I measures up to limit items.
func (t *Toolset) rows$I(ctx context.Context, limit int) ([]reportRow$I, error) {
	names, err := t.st.List("")
	if err != nil {
		return nil, fmt.Errorf("list: %w", err)
	}
	rows := make([]reportRow$I, 0, len(names))
	for i, n := range names {
		if i >= limit {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		row, err := t.measure$I(n)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// measure$I measures one item.
func (t *Toolset) measure$I(name string) (reportRow$I, error) {
	data, err := t.st.Read(name)
	if err != nil {
		return reportRow$I{}, fmt.Errorf("measure %s: %w", name, err)
	}
	return reportRow$I{Name: name, Size: len(data), Lines: strings.Count(string(data), "\n") + 1}, nil
}
`,
		gosdk: `
type reportIn$I struct {
	Limit int ` + "`json:\"limit\"`" + `
}

type reportRow$I struct {
	Name  string ` + "`json:\"name\"`" + `
	Size  int    ` + "`json:\"size\"`" + `
	Lines int    ` + "`json:\"lines\"`" + `
}

type reportOut$I struct {
	Rows []reportRow$I ` + "`json:\"rows\"`" + `
}

// report$I summarises the items.
func (t *Toolset) report$I(ctx context.Context, req *sdk.CallToolRequest, in reportIn$I) (*sdk.CallToolResult, reportOut$I, error) {
	limit := in.Limit
	if limit < 0 {
		return nil, reportOut$I{}, $TENew(fmt.Sprintf("The 'limit' argument %d is negative; pass 0 for the default.", limit), $TEWithLevel(slog.LevelInfo))
	}
	if limit == 0 {
		limit = 50
	}
	rows, err := t.rows$I(ctx, limit)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return nil, reportOut$I{}, $TENew("The report timed out; retry later.", $TEWithLevel(slog.LevelWarn), $TEWithCause(err))
	case err != nil:
		return nil, reportOut$I{}, fmt.Errorf("report: %w", err)
	}
	return nil, reportOut$I{Rows: rows}, nil
}

// rows$I measures up to limit items.
func (t *Toolset) rows$I(ctx context.Context, limit int) ([]reportRow$I, error) {
	names, err := t.st.List("")
	if err != nil {
		return nil, fmt.Errorf("list: %w", err)
	}
	rows := make([]reportRow$I, 0, len(names))
	for i, n := range names {
		if i >= limit {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		row, err := t.measure$I(n)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// measure$I measures one item.
func (t *Toolset) measure$I(name string) (reportRow$I, error) {
	data, err := t.st.Read(name)
	if err != nil {
		return reportRow$I{}, fmt.Errorf("measure %s: %w", name, err)
	}
	return reportRow$I{Name: name, Size: len(data), Lines: strings.Count(string(data), "\n") + 1}, nil
}
`,
		mcpgoReg: `s.AddTool(mcp.NewTool("$TOOL", mcp.WithDescription("Summarise items."), mcp.WithString("limit")), $TEBoundary(t.report$I))`,
		gosdkReg: `sdk.AddTool(s, &sdk.Tool{Name: "$TOOL", Description: "Summarise items."}, $TETypedBoundary(t.report$I))`,
	},
}

// toolErrorDecls declares the ToolError, its options, and the boundaries
// of the SDKs asked for.
func toolErrorDecls(mcpgo, gosdk bool) string {
	s := `
// ToolError is a failure whose message the model reads; its level says who
// has to act: INFO the model, WARNING nobody, ERROR an operator.
type ToolError struct {
	msg   string
	level slog.Level
	cause error
}

// Error returns the model-facing message.
func (e *ToolError) Error() string { return e.msg }

// Unwrap returns the cause, which only the log shows.
func (e *ToolError) Unwrap() error { return e.cause }

// Level returns the level the boundary logs the error at.
func (e *ToolError) Level() slog.Level { return e.level }

// An Option adjusts a ToolError as it is built.
type Option func(*ToolError)

// WithLevel sets the level; the default is ERROR.
func WithLevel(l slog.Level) Option { return func(e *ToolError) { e.level = l } }

// WithCause records the error behind the failure, for the log.
func WithCause(err error) Option { return func(e *ToolError) { e.cause = err } }

// New returns a ToolError with the message the model reads, logged at
// ERROR unless an option sets the level.
func New(msg string, opts ...Option) *ToolError {
	e := &ToolError{msg: msg, level: slog.LevelError}
	for _, o := range opts {
		o(e)
	}
	return e
}

const faultText = "The request was fine but the server failed; retry later, and tell the user if it keeps failing."

// render logs err once, at its level, and returns what the model reads.
func render(ctx context.Context, tool string, err error) string {
	var te *ToolError
	if errors.As(err, &te) {
		slog.Log(ctx, te.level, "tool failed", "tool", tool, "err", err, "cause", te.cause)
		return te.msg
	}
	slog.ErrorContext(ctx, "tool failed", "tool", tool, "err", err)
	return faultText
}
`
	if mcpgo {
		s += `
// Boundary wraps an mcp-go tool handler: an error becomes an IsError
// result with the text the model may read, logged once.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err == nil {
			return res, nil
		}
		return mcp.NewToolResultError(render(ctx, req.Params.Name, err)), nil
	}
}
`
	}
	if gosdk {
		s += `
// TypedBoundary wraps a go-sdk typed tool handler.
func TypedBoundary[In, Out any](h sdk.ToolHandlerFor[In, Out]) sdk.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		if err == nil {
			return res, out, nil
		}
		var zero Out
		return errorResult(render(ctx, req.Params.Name, err)), zero, nil
	}
}

// RawBoundary wraps a go-sdk untyped tool handler.
func RawBoundary(h sdk.ToolHandler) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		res, err := h(ctx, req)
		if err == nil {
			return res, nil
		}
		return errorResult(render(ctx, req.Params.Name, err)), nil
	}
}

func errorResult(text string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}, IsError: true}
}
`
	}
	return s
}

// storeDecls declares the store the tools read: plain file-system code.
const storeDecls = `
// Store keeps items as files under a root directory.
type Store struct{ root string }

// Open returns the store at root.
func Open(root string) *Store { return &Store{root: root} }

func (s *Store) file(id string) string { return filepath.Join(s.root, filepath.Clean("/"+id)) }

// Read returns an item's content.
func (s *Store) Read(id string) ([]byte, error) { return os.ReadFile(s.file(id)) }

// Write replaces an item's content.
func (s *Store) Write(id string, data []byte) error { return os.WriteFile(s.file(id), data, 0o644) }

// Delete removes an item.
func (s *Store) Delete(id string) error { return os.Remove(s.file(id)) }

// List returns the names of the items that start with prefix.
func (s *Store) List(prefix string) ([]string, error) {
	entries, err := os.ReadDir(s.root)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasPrefix(e.Name(), prefix) {
			names = append(names, e.Name())
		}
	}
	return names, nil
}
`
