// Package toolmodel is toolcheck's shared tool model: a prerequisite
// analyzer, computed once per package, that every toolcheck analyzer queries.
//
// It finds the MCP tool registrations of both Go SDKs, the handler reaching
// each, the tool boundary (by name and shape, by configuration, or by fact),
// the servers and whether they carry the boundary as middleware, and the
// registrar functions that register on a server they are given. What one
// package learns about its functions travels to its importers as facts.
//
// It holds, for every analyzer, the package's answers of the packages
// built on what it finds: the failure paths (Failures, an
// internal/failpath Finder), the ToolErrors and their levels (ToolErrors,
// an internal/toolerror Index), the IsError results built (IsErrors, an
// internal/isresult Index) and the outcome the evidence around a failure
// shows (Outcomes, an internal/outcome Judge: caller error, stale state,
// feature off, unavailable, fault), which loglevel reports on and the
// fixes convert by.
//
// Test variants: with the tests setting off (the default), findings in
// _test.go files are not reported. An external test package can then
// report nothing, and the test variant of a package that toolcheck's own
// driver also analyses on its own (Config.SetAnalysedAlone) would repeat
// that pass's findings, plus what only its tests make of the package's
// code (a tool that only a test registers makes tool code of the functions
// it reaches). The model gives both nothing to analyse (Relevant and OwnCode
// are false). go vet analyses a package only as its test variant, which is
// then analysed in full, tests' registrations included. With tests on,
// every package is analysed.
//
// Analyzers are built on a model with Attach. A model made by NewHost also
// runs their analyses in its own pass (those of the analyzers that report
// in the run, when the driver says which) and carries their facts, so that
// it is the only analyzer a driver must run on every dependency; a model
// made by New leaves each analyzer to declare and compute its own.
//
// Where things are: registrations.go recognises a tool registration, and
// tools.go the tool it registers; build.go follows registrations to their
// servers and decides them, with classify.go (handlers, servers, the
// boundary), records.go, pools.go and dispatch.go (tools carried in
// records, pools and the project's own interfaces) and facts.go (what a
// package tells its importers, in internal/toolfact's facts); code.go says
// which code is tool code; fixes.go says where a server is stored and
// gives the analyzers internal/fixes, the builder of what their fixes
// share. Beside the model: what a handler returns as it is is
// internal/forward's, failure paths and error classes internal/failpath's,
// ToolErrors and their levels internal/toolerror's, IsError results
// internal/isresult's, outcomes internal/outcome's; internal/report
// suppresses and reports. Knowledge of Go APIs (parse, decode, marshal,
// loggers) is in internal/goapi, of the SDKs in internal/mcpsdk; where a
// value comes from is internal/flow.
package toolmodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/failpath"
	"github.com/toolcheck/toolcheck/internal/fixes"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/forward"
	"github.com/toolcheck/toolcheck/internal/goapi"
	"github.com/toolcheck/toolcheck/internal/isresult"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/memo"
	"github.com/toolcheck/toolcheck/internal/outcome"
	"github.com/toolcheck/toolcheck/internal/report"
	"github.com/toolcheck/toolcheck/internal/toolerror"
	"github.com/toolcheck/toolcheck/internal/toolfact"
	"github.com/toolcheck/toolcheck/internal/toolrecord"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/astindex"
)

// Model is the result of the model analyzer for one package. It is built
// once and then shared, read-only, by analyzers that may run concurrently;
// its exported methods are safe for concurrent use.
type Model struct {
	Pass   *analysis.Pass
	Config *config.Config // the effective configuration for this package

	own bool // the project's own code (OwnCode)

	// Relevant reports whether the package reaches an MCP SDK or a
	// ToolError; when false every other field but Directives is empty and
	// analyzers should return at once.
	Relevant bool

	Syntax     *astindex.Index
	Directives *report.Directives

	// Handlers holds the tool handlers declared in this package
	// (*ast.FuncDecl or *ast.FuncLit): functions that reach a registration
	// and functions shaped like an SDK tool handler.
	Handlers map[ast.Node]bool
	// ToolCode holds Handlers and the functions of this package they call,
	// transitively: the code that runs inside a tool call.
	ToolCode map[ast.Node]bool
	// BoundaryCode holds boundary functions, the function literals inside
	// them, and the package's functions only they call.
	BoundaryCode map[ast.Node]bool
	// toolSpans and boundarySpans are the positions ToolCode and
	// BoundaryCode cover (InToolCode, InBoundary).
	toolSpans, boundarySpans flow.Spans
	// Unwrapped lists the tools registered without the boundary, with a
	// handler it does not wrap, on a server that does not carry it, as the
	// package's functions decide them, in source order.
	Unwrapped []*Registration

	// ToolNames holds the names of the tools the package declares
	// (mcp.NewTool("name"), &mcp.Tool{Name: "name"}).
	ToolNames map[string]bool

	// Flow is the package's value-flow index, shared with the analyzers.
	Flow *flow.Info
	// Failures finds the package's error tests and failure paths.
	Failures *failpath.Finder
	// ToolErrors finds the package's ToolErrors and evaluates their levels.
	ToolErrors *toolerror.Index
	// IsErrors finds the IsError results the package builds.
	IsErrors *isresult.Index
	// Marshal judges the package's JSON marshal calls.
	Marshal goapi.Marshal
	tr      *flow.Tracer // the model's own traces (build, and IsBoundary under mu)

	cfgNames nameSet
	teNames  nameSet                       // configured ToolError types
	equipped map[types.Object]bool         // storages that carry boundary middleware
	equipIf  map[types.Object][]*types.Var // ... when a caller passes it as one of these parameters
	// usesOn holds, per method, its parameters whose middleware it
	// installs on the server its receiver holds (a wrapper's Use).
	usesOn    map[ast.Node][]int
	boundary  map[*types.Func]int // memo: 0 unknown, 1 yes, 2 no, 3 in progress
	summaries map[ast.Node]*summary
	stashes   map[ast.Node][]*template // registrations on a server stored from the node's parameter (see stashForeign)
	stashed   map[string]bool
	restash   bool
	// deciding is the function whose registrations decide is evaluating:
	// its parameters, met through the frames of the calls it makes, are
	// its callers' to bind.
	deciding  ast.Node
	reported  map[string]bool
	pools     map[string][]entry // the tool records the package builds, by type
	poolCache map[string][]entry // ... and its imports
	records   *toolrecord.Table  // the record types seen, for this package only
	reaches   bool               // the package imports an MCP SDK, directly or not (learnReach)
	reach     mcpsdk.Reach       // reachesSDK's answers for other packages
	funcFacts map[*types.Func]*toolfact.FuncFact
	standIns  map[standInKey]types.Type // types importers cannot see (concreteType)
	// serverLits holds the types of the package's composite literals
	// that hold a server or middleware (serverLitFits), once asked.
	serverLits   []types.Type
	serverLitFit map[types.Type]bool       // serverLitFits' answers for interfaces
	impls        map[implKey][]flow.Callee // memoizes implementations
	named        []*types.TypeName         // namedTypes, once asked
	// factScratch receives the next imported FuncFact (factOf).
	factScratch *toolfact.FuncFact
	generated   map[*ast.File]bool
	fileOf      map[*token.File]*ast.File
	visiting    map[visitKey]bool

	// judge judges outcomes (Outcomes), forward says what handlers
	// return as it is (Forward), and fixes builds the fixes' shared edits
	// (Fixes), each made on first use.
	judge       *outcome.Judge
	judgeOnce   sync.Once
	forward     *forward.Index
	forwardOnce sync.Once
	fixes       *fixes.Builder
	fixesOnce   sync.Once

	// mu guards the memo tables behind methods that analyzers may call
	// concurrently once the model is built (IsBoundary).
	mu sync.Mutex

	// pending counts the dependent analyzers still to finish with this
	// package; the last one to finish releases the model's indexes.
	pending atomic.Int32
	// counted is how many dependents were attached when the model ran:
	// those pending counts. While one attached later exists (it runs its
	// analysis in its own pass, at any time), the model is kept.
	counted int32
	info    *modelInfo
	// hosted holds the reporters of the dependents whose analysis the
	// model ran in its own pass (NewHost), by analyzer name.
	hosted map[string]hostedRun
}

// An Analyzer is a model analyzer, made by New or NewHost, with what it
// knows of the analyzers attached to it (Attach). Drivers and analyzers
// that require it use its Analyzer.
type Analyzer struct {
	*analysis.Analyzer
	info *modelInfo
}

// New returns a fresh model analyzer bound to cfg. Analyzers built on it
// share its result and declare their own facts; two models with different
// configurations never share settings.
func New(cfg *config.Config) *Analyzer { return newModel(cfg, "toolmodel", false) }

// NewHost returns a model analyzer, like New, that also carries the facts
// of the analyzers built on it (see Attach): it runs their analysis of each
// package in its own pass and holds their findings until they report
// them. Only the model then declares facts, so a driver runs the other
// analyzers on the packages it was asked about alone, not on every
// dependency too: the suite's layout, cheaper by an action (a goroutine,
// a fact table and a pass) per dependency package and analyzer.
//
// name is the analyzer's name, "toolmodel" unless a driver keys caches of
// facts by analyzer name and needs the configuration in it (the
// golangci-lint plugin's toolmodel_<fingerprint>).
func NewHost(cfg *config.Config, name string) *Analyzer { return newModel(cfg, name, true) }

func newModel(cfg *config.Config, name string, host bool) *Analyzer {
	if cfg == nil {
		cfg = &config.Config{}
	}
	a := &analysis.Analyzer{
		Name:       name,
		Doc:        "computes the shared MCP tool model (registrations, handlers, boundaries, servers) for toolcheck's analyzers",
		URL:        "https://github.com/toolcheck/toolcheck",
		ResultType: reflect.TypeFor[*Model](),
		FactTypes:  []analysis.Fact{new(toolfact.FuncFact), new(toolerror.LevelFact), new(toolfact.PoolFact), new(outcome.ValidatorFact), new(toolfact.ToolVarFact), new(toolfact.ReachFact)},
	}
	info := &modelInfo{host: host}
	a.Run = func(pass *analysis.Pass) (any, error) { return run(pass, cfg, info) }
	return &Analyzer{Analyzer: a, info: info}
}

// reachesSDK reports whether pkg, this package or one it imports, is an
// MCP SDK package or imports one, directly or not.
func (m *Model) reachesSDK(pkg *types.Package) bool {
	if m.Pass != nil && pkg == m.Pass.Pkg {
		return m.reaches || mcpsdk.IsSDKPath(pkg.Path())
	}
	return m.reach.Reaches(pkg)
}

// learnReach decides whether the package of pass reaches an MCP SDK, from
// its direct imports (an SDK package, or one whose ReachFact says so: a
// direct import's own facts are visible under every driver, go vet's
// included, and a package that reaches none has no fact), and tells its
// importers. What it learns of each direct import settles reachesSDK's
// answer for it too. For other packages reachesSDK walks their imports,
// as facts of indirect imports are not visible under go vet, taking a
// ReachFact where there is one.
func (m *Model) learnReach() {
	pass := m.Pass
	hasFact := func(pkg *types.Package) bool { return pass.ImportPackageFact(pkg, new(toolfact.ReachFact)) }
	imports := pass.Pkg.Imports()
	direct := make(map[*types.Package]bool, len(imports))
	for _, imp := range imports {
		v := mcpsdk.IsSDKPath(imp.Path()) || hasFact(imp)
		direct[imp] = v
		m.reaches = m.reaches || v
	}
	m.reach.Known = func(pkg *types.Package) (bool, bool) {
		if v, ok := direct[pkg]; ok {
			return v, true
		}
		v := hasFact(pkg)
		return v, v
	}
	if m.reaches && !mcpsdk.IsSDKPath(pass.Pkg.Path()) {
		pass.ExportPackageFact(&toolfact.ReachFact{Reaches: true})
	}
}

// definesToolError reports whether pkg declares a type named ToolError.
func definesToolError(pkg *types.Package, cfg nameSet) bool {
	if obj, ok := pkg.Scope().Lookup("ToolError").(*types.TypeName); ok && obj != nil {
		return true
	}
	for n := range cfg {
		if strings.HasPrefix(n, pkg.Path()+".") {
			return true
		}
	}
	return false
}

// relevantPackage reports whether pkg reaches an MCP SDK, or declares or
// imports a ToolError type: only such a package can hold tools, ToolError
// constructors, or the helpers toolcheck learns facts about.
func (m *Model) relevantPackage(pkg *types.Package) bool {
	if m.reachesSDK(pkg) || definesToolError(pkg, m.teNames) {
		return true
	}
	for _, imp := range pkg.Imports() {
		if definesToolError(imp, m.teNames) {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass, cfg *config.Config, info *modelInfo) (any, error) {
	info.mu.Lock()
	names := info.names
	info.mu.Unlock()
	m, err := build(pass, cfg, names)
	if err != nil {
		return nil, err
	}
	info.start(m)
	return m, nil
}

// build computes the model of the package of pass, for the analyzers
// called names.
func build(pass *analysis.Pass, cfg *config.Config, names []string) (*Model, error) {
	m := &Model{Pass: pass, records: new(toolrecord.Table)}
	dir := ""
	if len(pass.Files) > 0 {
		dir = filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	}
	eff, err := cfg.Effective(dir)
	if err != nil {
		return nil, err
	}
	m.Config = eff
	m.Failures = failpath.New(pass.TypesInfo, nil, eff.CallerErrors)
	m.ToolErrors = toolerror.New(pass, eff, nil, nil, false)
	m.IsErrors = isresult.New(pass.TypesInfo, nil, nil, false)
	m.Directives = report.ParseDirectives(pass, names)
	m.own = ownCode(pass)
	m.learnReach()

	if mcpsdk.IsSDKPath(pass.Pkg.Path()) {
		// The SDK itself: toolcheck knows its API by name and reports
		// nothing in it, so it costs no more than an unrelated package.
		return m, nil
	}
	m.teNames = newNameSet(eff.ToolErrors)
	if !eff.Tests && skipTests(pass, cfg) {
		m.own = false
		return m, nil
	}
	if !m.relevantPackage(pass.Pkg) {
		if m.own {
			// The project's own code that reaches no SDK, such as the
			// storage layer behind the tools: analyzers still follow its
			// values and failure paths, for the facts they export.
			m.Syntax = astindex.New(pass.Files)
			m.Flow = flow.New(pass.Fset, pass.Pkg, pass.TypesInfo, m.Syntax)
			m.Failures = failpath.New(pass.TypesInfo, m.Flow, eff.CallerErrors)
			m.ToolErrors = toolerror.New(pass, eff, m.Flow, m.Syntax, false)
			m.IsErrors = isresult.New(pass.TypesInfo, m.Flow, m.Syntax, false)
			m.Outcomes().ExportValidators()
		}
		return m, nil
	}
	m.Relevant = true
	m.cfgNames = newNameSet(eff.Boundaries)
	m.Syntax = astindex.New(pass.Files)
	m.index()
	m.build()
	m.ToolErrors.Levels().ExportFacts()
	m.Outcomes().ExportValidators()
	return m, nil
}

// index builds the value-flow index and the model's own tables.
func (m *Model) index() {
	pass := m.Pass
	m.Flow = flow.New(pass.Fset, pass.Pkg, pass.TypesInfo, m.Syntax)
	m.Failures = failpath.New(pass.TypesInfo, m.Flow, m.Config.CallerErrors)
	m.ToolErrors = toolerror.New(pass, m.Config, m.Flow, m.Syntax, m.Relevant)
	m.IsErrors = isresult.New(pass.TypesInfo, m.Flow, m.Syntax, m.Relevant)
	m.tr = m.Flow.NewTracer()
	m.tr.Concrete = m.concreteTypes
	m.equipIf = map[types.Object][]*types.Var{}
	m.usesOn = map[ast.Node][]int{}
	m.stashes = map[ast.Node][]*template{}
	m.stashed = map[string]bool{}
	m.standIns = map[standInKey]types.Type{}
	m.serverLits, m.serverLitFit = nil, nil
	m.generated = map[*ast.File]bool{}
	m.takeTables()

	for _, f := range pass.Files {
		m.generated[f] = ast.IsGenerated(f)
		m.fileOf[pass.Fset.File(f.Pos())] = f
	}
	for _, lit := range m.Flow.CompositeLits() {
		m.indexCompositeLit(lit.Lit, lit.Type)
	}
	for _, ca := range m.Flow.Calls() {
		m.indexCall(ca.Call)
	}
}

// tables are the maps the model makes when it indexes a package and
// drops when it releases the package (release): emptied then, and kept for
// the next package's model (spareTables), so that each package does not
// grow maps of the same size again.
type tables struct {
	equipped     map[types.Object]bool
	boundary     map[*types.Func]int
	summaries    map[ast.Node]*summary
	reported     map[string]bool
	funcFacts    map[*types.Func]*toolfact.FuncFact
	fileOf       map[*token.File]*ast.File
	visiting     map[visitKey]bool
	handlers     map[ast.Node]bool
	toolCode     map[ast.Node]bool
	boundaryCode map[ast.Node]bool
	toolNames    map[string]bool
}

// spareTables keeps the emptied tables of released models (giveTables).
var spareTables = memo.Spare[tables]{New: func() *tables {
	return &tables{
		equipped:     map[types.Object]bool{},
		boundary:     map[*types.Func]int{},
		summaries:    map[ast.Node]*summary{},
		reported:     map[string]bool{},
		funcFacts:    map[*types.Func]*toolfact.FuncFact{},
		fileOf:       map[*token.File]*ast.File{},
		visiting:     map[visitKey]bool{},
		handlers:     map[ast.Node]bool{},
		toolCode:     map[ast.Node]bool{},
		boundaryCode: map[ast.Node]bool{},
		toolNames:    map[string]bool{},
	}
}}

// takeTables gives m empty tables, a released model's if there is one.
func (m *Model) takeTables() {
	t := spareTables.Get()
	m.equipped, m.boundary, m.summaries, m.reported = t.equipped, t.boundary, t.summaries, t.reported
	m.funcFacts, m.fileOf, m.visiting = t.funcFacts, t.fileOf, t.visiting
	m.Handlers, m.ToolCode, m.BoundaryCode, m.ToolNames = t.handlers, t.toolCode, t.boundaryCode, t.toolNames
}

// giveTables empties m's tables and keeps them for the next model; m's
// fields are left to its caller (release) to drop.
func (m *Model) giveTables() {
	t := &tables{
		equipped: m.equipped, boundary: m.boundary, summaries: m.summaries, reported: m.reported,
		funcFacts: m.funcFacts, fileOf: m.fileOf, visiting: m.visiting,
		handlers: m.Handlers, toolCode: m.ToolCode, boundaryCode: m.BoundaryCode, toolNames: m.ToolNames,
	}
	if t.equipped == nil {
		return // not indexed (takeTables sets them all), or released already
	}
	clear(t.equipped)
	clear(t.boundary)
	clear(t.summaries)
	clear(t.reported)
	clear(t.funcFacts)
	clear(t.fileOf)
	clear(t.visiting)
	clear(t.handlers)
	clear(t.toolCode)
	clear(t.boundaryCode)
	clear(t.toolNames)
	spareTables.Put(t)
}

func (m *Model) indexCompositeLit(n *ast.CompositeLit, t types.Type) {
	info := m.Pass.TypesInfo
	if t == nil {
		return
	}
	if mcpsdk.IsNamed(t, mcpsdk.MCPGoMCP, "Tool") || mcpsdk.IsNamed(t, mcpsdk.GoSDKMCP, "Tool") {
		for _, elt := range n.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
					if s, ok := constString(info, kv.Value); ok {
						m.ToolNames[s] = true
					}
				}
			}
		}
	}
}

func (m *Model) indexCall(call *ast.CallExpr) {
	info := m.Pass.TypesInfo
	fn := m.Flow.Callee(call)
	if fn == nil {
		return
	}
	if mcpsdk.IsToolConstructor(fn) && len(call.Args) > 0 {
		if s, ok := constString(info, call.Args[0]); ok {
			m.ToolNames[s] = true
		}
	}
}

func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// FileOf returns the syntax tree holding pos.
func (m *Model) FileOf(pos token.Pos) *ast.File {
	if tf := m.Pass.Fset.File(pos); tf != nil {
		if f, ok := m.fileOf[tf]; ok {
			return f
		}
		// A package the model does not index (the project's own code that
		// reaches no SDK).
		for _, f := range m.Pass.Files {
			if f.FileStart <= pos && pos <= f.FileEnd {
				return f
			}
		}
	}
	return nil
}

// isGenerated reports whether pos lies in a generated file.
func (m *Model) isGenerated(pos token.Pos) bool {
	f := m.FileOf(pos)
	return f != nil && m.generated[f]
}

// skipTests reports whether, with findings in _test.go files off, the
// package of pass can only repeat what another pass of the run reports
// (see the package doc): an external test package, all of whose files are
// _test.go files, or a test variant of a package the driver also analyses
// on its own.
func skipTests(pass *analysis.Pass, cfg *config.Config) bool {
	tests := 0
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			tests++
		}
	}
	return tests > 0 && (tests == len(pass.Files) || cfg.AnalysedAlone(pass.Pkg.Path()))
}

// isTestFile reports whether pos lies in a _test.go file.
func (m *Model) isTestFile(pos token.Pos) bool {
	tf := m.Pass.Fset.File(pos)
	return tf != nil && strings.HasSuffix(tf.Name(), "_test.go")
}

// nameSet is a set of qualified names from the configuration.
type nameSet map[string]bool

func newNameSet(names []string) nameSet {
	s := nameSet{}
	for _, n := range names {
		s[n] = true
	}
	return s
}

// Outcomes returns the package's outcome judge, made on first use.
func (m *Model) Outcomes() *outcome.Judge {
	m.judgeOnce.Do(func() {
		m.judge = outcome.New(outcome.Inputs{
			Pass: m.Pass, Flow: m.Flow, Syntax: m.Syntax, Failures: m.Failures,
			Handlers: m.Handlers, ToolCode: m.ToolCode, ToolNames: m.ToolNames,
			CallsIfOnlyCalled: m.Forward().CallsIfOnlyCalled, ReturnedByHandler: m.Forward().ReturnedByHandler,
		})
	})
	return m.judge
}

// Forward returns the package's index of what its tool handlers return
// as it is, made on first use.
func (m *Model) Forward() *forward.Index {
	m.forwardOnce.Do(func() {
		m.forward = forward.New(forward.Inputs{Info: m.Pass.TypesInfo, Flow: m.Flow, Syntax: m.Syntax, Handlers: m.Handlers})
	})
	return m.forward
}
