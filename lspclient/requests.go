package lspclient

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// The requests the lsp tool makes, each decoding the several shapes the
// protocol allows into one.

func positionParams(path string, pos Position) textDocumentPositionParams {
	return textDocumentPositionParams{TextDocument: textDocumentIdentifier{URI: FileURI(path)}, Position: pos}
}

// Locations sends a navigation request (textDocument/definition,
// typeDefinition, implementation) and returns its locations.
func (c *Client) Locations(ctx context.Context, method, path string, pos Position) ([]Location, error) {
	var raw json.RawMessage
	if err := c.Call(ctx, method, positionParams(path, pos), &raw); err != nil {
		return nil, err
	}
	return decodeLocations(raw)
}

// decodeLocations reads null, a Location, or a list of Locations or
// LocationLinks.
func decodeLocations(raw json.RawMessage) ([]Location, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return nil, nil
	}
	if strings.HasPrefix(s, "{") {
		var l Location
		err := json.Unmarshal(raw, &l)
		return []Location{l}, err
	}
	var items []struct {
		Location
		LocationLink
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, err
	}
	out := make([]Location, 0, len(items))
	for _, it := range items {
		if it.URI == "" && it.TargetURI != "" {
			out = append(out, Location{URI: it.TargetURI, Range: it.TargetSelectionRange})
			continue
		}
		out = append(out, it.Location)
	}
	return out, nil
}

// References returns every use of the symbol at pos, its declaration
// included.
func (c *Client) References(ctx context.Context, path string, pos Position) ([]Location, error) {
	params := map[string]any{
		"textDocument": textDocumentIdentifier{URI: FileURI(path)},
		"position":     pos,
		"context":      map[string]any{"includeDeclaration": true},
	}
	var raw json.RawMessage
	if err := c.Call(ctx, "textDocument/references", params, &raw); err != nil {
		return nil, err
	}
	return decodeLocations(raw)
}

// Hover returns the hover text at pos, "" when there is none.
func (c *Client) Hover(ctx context.Context, path string, pos Position) (string, error) {
	var res *struct {
		Contents json.RawMessage `json:"contents"`
	}
	if err := c.Call(ctx, "textDocument/hover", positionParams(path, pos), &res); err != nil || res == nil {
		return "", err
	}
	return markupText(res.Contents), nil
}

// markupText reads MarkupContent, a MarkedString or a list of them.
func markupText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var one struct {
		Value string `json:"value"`
	}
	if json.Unmarshal(raw, &one) == nil && one.Value != "" {
		return one.Value
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		var parts []string
		for _, item := range list {
			if t := markupText(item); t != "" {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, "\n\n")
	}
	return ""
}

// A Symbol is a document or workspace symbol, flattened: Depth is its
// nesting in a document's symbol tree.
type Symbol struct {
	Name      string
	Detail    string
	Kind      int
	Container string
	Location  Location
	Encoding  string // of Location's positions: the server's
	Depth     int
}

// DocumentSymbols returns a file's symbols in document order, nested ones
// after their parent.
func (c *Client) DocumentSymbols(ctx context.Context, path string) ([]Symbol, error) {
	var raw []json.RawMessage
	if err := c.Call(ctx, "textDocument/documentSymbol", map[string]any{"textDocument": textDocumentIdentifier{URI: FileURI(path)}}, &raw); err != nil {
		return nil, err
	}
	var out []Symbol
	for _, item := range raw {
		var probe struct {
			Location *Location `json:"location"`
		}
		json.Unmarshal(item, &probe)
		if probe.Location != nil {
			var si SymbolInformation
			json.Unmarshal(item, &si)
			out = append(out, Symbol{Name: si.Name, Kind: si.Kind, Container: si.ContainerName, Location: si.Location})
			continue
		}
		var ds DocumentSymbol
		if err := json.Unmarshal(item, &ds); err != nil {
			return nil, fmt.Errorf("documentSymbol: %w", err)
		}
		out = flatten(out, ds, FileURI(path), "", 0)
	}
	for i := range out {
		out[i].Encoding = c.encoding
	}
	return out, nil
}

func flatten(out []Symbol, ds DocumentSymbol, uri, container string, depth int) []Symbol {
	out = append(out, Symbol{Name: ds.Name, Detail: ds.Detail, Kind: ds.Kind, Container: container, Location: Location{URI: uri, Range: ds.SelectionRange}, Depth: depth})
	for _, child := range ds.Children {
		out = flatten(out, child, uri, ds.Name, depth+1)
	}
	return out
}

// WorkspaceSymbols searches the workspace's symbols.
func (c *Client) WorkspaceSymbols(ctx context.Context, query string) ([]Symbol, error) {
	var raw []struct {
		Name          string `json:"name"`
		Kind          int    `json:"kind"`
		ContainerName string `json:"containerName"`
		Location      struct {
			URI   string `json:"uri"`
			Range *Range `json:"range"`
		} `json:"location"`
	}
	if err := c.Call(ctx, "workspace/symbol", map[string]any{"query": query}, &raw); err != nil {
		return nil, err
	}
	out := make([]Symbol, 0, len(raw))
	for _, s := range raw {
		sym := Symbol{Name: s.Name, Kind: s.Kind, Container: s.ContainerName, Location: Location{URI: s.Location.URI}}
		if s.Location.Range != nil {
			sym.Location.Range = *s.Location.Range
		}
		out = append(out, sym)
	}
	for i := range out {
		out[i].Encoding = c.encoding
	}
	return out, nil
}

// CodeActions returns the actions the server offers for a range, given
// the diagnostics there.
func (c *Client) CodeActions(ctx context.Context, path string, rng Range, diags []Diagnostic) ([]CodeAction, error) {
	if diags == nil {
		diags = []Diagnostic{}
	}
	params := map[string]any{
		"textDocument": textDocumentIdentifier{URI: FileURI(path)},
		"range":        rng,
		"context":      map[string]any{"diagnostics": diags},
	}
	var raw []json.RawMessage
	if err := c.Call(ctx, "textDocument/codeAction", params, &raw); err != nil {
		return nil, err
	}
	var out []CodeAction
	for _, item := range raw {
		var a CodeAction
		if json.Unmarshal(item, &a) == nil && a.Title != "" {
			out = append(out, a)
		}
	}
	return out, nil
}

// Rename asks for the edit that renames the symbol at pos. When the server
// supports prepareRename, it is asked first, so that a position that
// cannot be renamed is refused with the server's reason.
func (c *Client) Rename(ctx context.Context, path string, pos Position, newName string) (*WorkspaceEdit, error) {
	if strings.Contains(string(c.caps.RenameProvider), "prepareProvider") {
		var raw json.RawMessage
		if err := c.Call(ctx, "textDocument/prepareRename", positionParams(path, pos), &raw); err != nil {
			return nil, fmt.Errorf("the server cannot rename here: %w", err)
		}
		if s := strings.TrimSpace(string(raw)); s == "" || s == "null" {
			return nil, fmt.Errorf("the server cannot rename the symbol at this position")
		}
	}
	params := map[string]any{
		"textDocument": textDocumentIdentifier{URI: FileURI(path)},
		"position":     pos,
		"newName":      newName,
	}
	var edit *WorkspaceEdit
	if err := c.Call(ctx, "textDocument/rename", params, &edit); err != nil {
		return nil, err
	}
	if edit == nil {
		return nil, fmt.Errorf("the server returned no edit for the rename")
	}
	return edit, nil
}

// Has reports whether the server offers a request, in its capabilities
// or by registering it since: "definition", "typeDefinition",
// "implementation", "references", "hover", "documentSymbol",
// "workspaceSymbol", "codeAction", "rename".
func (c *Client) Has(feature string) bool {
	raw, method := c.capability(feature)
	if has(raw) {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return method != "" && c.registeredLocked(method)
}

// capability is a feature's capability and its request's method.
func (c *Client) capability(feature string) (json.RawMessage, string) {
	switch feature {
	case "definition":
		return c.caps.DefinitionProvider, "textDocument/definition"
	case "typeDefinition":
		return c.caps.TypeDefinition, "textDocument/typeDefinition"
	case "implementation":
		return c.caps.Implementation, "textDocument/implementation"
	case "references":
		return c.caps.ReferencesProvider, "textDocument/references"
	case "hover":
		return c.caps.HoverProvider, "textDocument/hover"
	case "documentSymbol":
		return c.caps.DocumentSymbol, "textDocument/documentSymbol"
	case "workspaceSymbol":
		return c.caps.WorkspaceSymbol, "workspace/symbol"
	case "codeAction":
		return c.caps.CodeActionProvider, "textDocument/codeAction"
	case "rename":
		return c.caps.RenameProvider, "textDocument/rename"
	case "callHierarchy":
		return c.caps.CallHierarchy, "textDocument/prepareCallHierarchy"
	}
	return nil, ""
}

// A CallItem is a function or method of a call hierarchy: its name,
// what the server adds to it (a receiver, a signature), and where it is.
type CallItem struct {
	Name   string `json:"name"`
	Detail string `json:"detail,omitempty"`
	Kind   int    `json:"kind"`
	URI    string `json:"uri"`
	// Range is the item's whole declaration; SelectionRange its name.
	Range          Range           `json:"range"`
	SelectionRange Range           `json:"selectionRange"`
	Data           json.RawMessage `json:"data,omitempty"`
}

// A Call is one caller or callee of a call hierarchy's item, with the
// ranges of the calls: in the caller's text for incoming calls, in the
// item's own for outgoing ones.
type Call struct {
	Item   CallItem
	Ranges []Range
}

// PrepareCallHierarchy returns the call hierarchy's items at pos: none
// when no function is there.
func (c *Client) PrepareCallHierarchy(ctx context.Context, path string, pos Position) ([]CallItem, error) {
	var items []CallItem
	if err := c.Call(ctx, "textDocument/prepareCallHierarchy", positionParams(path, pos), &items); err != nil {
		return nil, err
	}
	return items, nil
}

// IncomingCalls returns the callers of item, each with the ranges of its
// calls.
func (c *Client) IncomingCalls(ctx context.Context, item CallItem) ([]Call, error) {
	return c.calls(ctx, "callHierarchy/incomingCalls", "from", item)
}

// OutgoingCalls returns the callees of item, each with the ranges of the
// calls in item.
func (c *Client) OutgoingCalls(ctx context.Context, item CallItem) ([]Call, error) {
	return c.calls(ctx, "callHierarchy/outgoingCalls", "to", item)
}

// calls asks method about item; each answer holds the other function
// under the key other ("from" or "to") and the calls' ranges.
func (c *Client) calls(ctx context.Context, method, other string, item CallItem) ([]Call, error) {
	var res []map[string]json.RawMessage
	if err := c.Call(ctx, method, map[string]any{"item": item}, &res); err != nil {
		return nil, err
	}
	out := make([]Call, len(res))
	for i, r := range res {
		if err := json.Unmarshal(r[other], &out[i].Item); err != nil {
			return nil, fmt.Errorf("%s: %w", method, err)
		}
		if raw := r["fromRanges"]; len(raw) > 0 {
			if err := json.Unmarshal(raw, &out[i].Ranges); err != nil {
				return nil, fmt.Errorf("%s: fromRanges: %w", method, err)
			}
		}
	}
	return out, nil
}
