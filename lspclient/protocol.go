package lspclient

import "encoding/json"

// The LSP 3.17 structures the client sends and reads, only as much of
// each as the engine uses. Positions are in the encoding the server and
// the client agreed on at initialize (see mapper.go).

// A Position is zero-based: a line and a character offset in the
// negotiated encoding.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// A Range is half-open.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// A Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// A LocationLink is what servers may answer navigation requests with
// instead of Locations.
type LocationLink struct {
	TargetURI            string `json:"targetUri"`
	TargetRange          Range  `json:"targetRange"`
	TargetSelectionRange Range  `json:"targetSelectionRange"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type versionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

type textDocumentPositionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

// Diagnostic severities.
const (
	SeverityError       = 1
	SeverityWarning     = 2
	SeverityInformation = 3
	SeverityHint        = 4
)

// A Diagnostic is an error or warning a server reported.
type Diagnostic struct {
	Range    Range           `json:"range"`
	Severity int             `json:"severity,omitempty"`
	Code     json.RawMessage `json:"code,omitempty"` // a number or a string
	Source   string          `json:"source,omitempty"`
	Message  string          `json:"message"`
}

// CodeString is the diagnostic's code as text, "" when there is none.
func (d Diagnostic) CodeString() string {
	var s string
	if json.Unmarshal(d.Code, &s) == nil {
		return s
	}
	if len(d.Code) == 0 || string(d.Code) == "null" {
		return ""
	}
	return string(d.Code)
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// documentDiagnosticReport is the answer to a pull (textDocument/diagnostic).
type documentDiagnosticReport struct {
	Kind  string       `json:"kind"` // "full" or "unchanged"
	Items []Diagnostic `json:"items"`
}

// A TextEdit replaces a range of a document.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// A WorkspaceEdit is a change to several documents: text edits, and with
// documentChanges, file creations, renames and deletions.
type WorkspaceEdit struct {
	Changes         map[string][]TextEdit `json:"changes,omitempty"`
	DocumentChanges []json.RawMessage     `json:"documentChanges,omitempty"`
}

// documentChange is one entry of WorkspaceEdit.DocumentChanges: a text
// document edit (no kind), or a create, rename or delete.
type documentChange struct {
	Kind         string                          `json:"kind,omitempty"`
	TextDocument versionedTextDocumentIdentifier `json:"textDocument"`
	Edits        []TextEdit                      `json:"edits"`
	URI          string                          `json:"uri"`    // create, delete
	OldURI       string                          `json:"oldUri"` // rename
	NewURI       string                          `json:"newUri"` // rename
	Options      *struct {
		Overwrite      bool `json:"overwrite"`
		IgnoreIfExists bool `json:"ignoreIfExists"`
	} `json:"options,omitempty"`
}

// A DocumentSymbol is one node of a document's symbol tree.
type DocumentSymbol struct {
	Name           string           `json:"name"`
	Detail         string           `json:"detail,omitempty"`
	Kind           int              `json:"kind"`
	Range          Range            `json:"range"`
	SelectionRange Range            `json:"selectionRange"`
	Children       []DocumentSymbol `json:"children,omitempty"`
}

// A SymbolInformation is a flat symbol: what workspace/symbol answers, and
// what older servers answer textDocument/documentSymbol with.
type SymbolInformation struct {
	Name          string   `json:"name"`
	Kind          int      `json:"kind"`
	Location      Location `json:"location"`
	ContainerName string   `json:"containerName,omitempty"`
}

// A CodeAction is a fix or refactoring a server offers.
type CodeAction struct {
	Title       string          `json:"title"`
	Kind        string          `json:"kind,omitempty"`
	IsPreferred bool            `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit  `json:"edit,omitempty"`
	Command     json.RawMessage `json:"command,omitempty"`
}

type registration struct {
	ID              string          `json:"id"`
	Method          string          `json:"method"`
	RegisterOptions json.RawMessage `json:"registerOptions,omitempty"`
}

type unregistration struct {
	ID     string `json:"id"`
	Method string `json:"method"`
}

// SymbolKindName names an LSP SymbolKind.
func SymbolKindName(k int) string {
	names := [...]string{"", "file", "module", "namespace", "package", "class", "method", "property", "field",
		"constructor", "enum", "interface", "function", "variable", "constant", "string", "number", "boolean",
		"array", "object", "key", "null", "enum member", "struct", "event", "operator", "type parameter"}
	if k > 0 && k < len(names) {
		return names[k]
	}
	return "symbol"
}
