package lsp

import "encoding/json"

// The subset of the Language Server Protocol 3.17 types the server reads
// and writes. Field names and JSON keys follow the specification.

// Position is a zero-based line and a character offset in UTF-16 code
// units, the protocol's default (and only mandatory) position encoding.
type Position struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

// Range is a half-open range of positions.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// DiagnosticSeverity values.
const (
	severityError   = 1
	severityWarning = 2
)

// MessageType values of window/showMessage and window/logMessage.
const (
	messageError   = 1
	messageWarning = 2
	messageInfo    = 3
	messageLog     = 4
)

// Diagnostic is one finding, as published.
type Diagnostic struct {
	Range              Range                          `json:"range"`
	Severity           int                            `json:"severity"`
	Code               string                         `json:"code,omitempty"`
	CodeDescription    *CodeDescription               `json:"codeDescription,omitempty"`
	Source             string                         `json:"source"`
	Message            string                         `json:"message"`
	RelatedInformation []DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
}

// CodeDescription links a diagnostic's code to its documentation.
type CodeDescription struct {
	Href string `json:"href"`
}

// DiagnosticRelatedInformation is a related location and what it shows.
type DiagnosticRelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// PublishDiagnosticsParams replaces the diagnostics of one document.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int32       `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// TextDocumentIdentifier names a document.
type TextDocumentIdentifier struct {
	URI string `json:"uri"`
}

// TextDocumentItem is a document the client opened.
type TextDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int32  `json:"version"`
	Text       string `json:"text"`
}

// VersionedTextDocumentIdentifier names a version of a document.
type VersionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int32  `json:"version"`
}

// OptionalVersionedTextDocumentIdentifier names a version of a document,
// or, with a null version, the document as it is on disk.
type OptionalVersionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version *int32 `json:"version"`
}

// DidOpenTextDocumentParams is textDocument/didOpen.
type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

// TextDocumentContentChangeEvent replaces Range (or, without one, the
// whole document) with Text.
type TextDocumentContentChangeEvent struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

// DidChangeTextDocumentParams is textDocument/didChange.
type DidChangeTextDocumentParams struct {
	TextDocument   VersionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []TextDocumentContentChangeEvent `json:"contentChanges"`
}

// DidSaveTextDocumentParams is textDocument/didSave.
type DidSaveTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

// DidCloseTextDocumentParams is textDocument/didClose.
type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// CodeActionParams is textDocument/codeAction.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      CodeActionContext      `json:"context"`
}

// CodeActionContext says which diagnostics the client shows at the range
// and which kinds of action it wants.
type CodeActionContext struct {
	Diagnostics []json.RawMessage `json:"diagnostics"`
	Only        []string          `json:"only,omitempty"`
}

// CodeAction is one quick fix.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit"`
}

const kindQuickFix = "quickfix"

// WorkspaceEdit is a set of edits, by document: in Changes, or, for a
// client that supports versioned edits, in DocumentChanges.
type WorkspaceEdit struct {
	Changes         map[string][]TextEdit `json:"changes,omitempty"`
	DocumentChanges []TextDocumentEdit    `json:"documentChanges,omitempty"`
}

// TextDocumentEdit is the edits to one version of a document.
type TextDocumentEdit struct {
	TextDocument OptionalVersionedTextDocumentIdentifier `json:"textDocument"`
	Edits        []TextEdit                              `json:"edits"`
}

// TextEdit replaces Range with NewText.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// InitializeParams is the part of initialize the server reads.
type InitializeParams struct {
	RootURI               *string            `json:"rootUri"`
	RootPath              *string            `json:"rootPath"`
	WorkspaceFolders      []WorkspaceFolder  `json:"workspaceFolders"`
	InitializationOptions json.RawMessage    `json:"initializationOptions"`
	Capabilities          ClientCapabilities `json:"capabilities"`
}

// WorkspaceFolder is one root of the client's workspace.
type WorkspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

// ClientCapabilities holds the client capabilities the server looks at.
type ClientCapabilities struct {
	Workspace struct {
		WorkspaceEdit struct {
			DocumentChanges bool `json:"documentChanges"`
		} `json:"workspaceEdit"`
	} `json:"workspace"`
	TextDocument struct {
		CodeAction struct {
			CodeActionLiteralSupport *json.RawMessage `json:"codeActionLiteralSupport"`
		} `json:"codeAction"`
	} `json:"textDocument"`
}

// InitializeResult answers initialize.
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   ServerInfo         `json:"serverInfo"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ServerCapabilities is what the server does, and nothing more.
type ServerCapabilities struct {
	PositionEncoding   string                  `json:"positionEncoding"`
	TextDocumentSync   TextDocumentSyncOptions `json:"textDocumentSync"`
	CodeActionProvider CodeActionOptions       `json:"codeActionProvider"`
}

// TextDocumentSyncOptions: open and close notifications, incremental
// changes, and save notifications without the text.
type TextDocumentSyncOptions struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"`
	Save      SaveOptions `json:"save"`
}

// SaveOptions of textDocument/didSave.
type SaveOptions struct {
	IncludeText bool `json:"includeText"`
}

const syncIncremental = 2

// CodeActionOptions lists the kinds of code action the server returns.
type CodeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// ShowMessageParams is window/showMessage and window/logMessage.
type ShowMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}
