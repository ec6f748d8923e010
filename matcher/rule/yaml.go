package rule

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/agenttools/agenttools/internal/clip"
)

// An Error is a fault of a rule document, at a path in it
// (rule.all[1].kind), with its line when the document gives one.
type Error struct {
	Path string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	where := e.Path
	if where == "" {
		where = "rule document"
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s (line %d): %s", where, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", where, e.Msg)
}

// A value is one node of a rule document with its path, for errors.
type value struct {
	n    *yaml.Node
	path string
}

// mk is the value of n at path, an alias resolved.
func mk(n *yaml.Node, path string) value {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return value{n, path}
}

func (v value) errorf(format string, args ...any) error {
	return &Error{Path: v.path, Line: v.n.Line, Msg: fmt.Sprintf(format, args...)}
}

// kindName names a YAML node's kind for an error.
func (v value) kindName() string {
	switch v.n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if v.n.Tag == "!!null" {
			return "empty"
		}
		return clip.Quote(v.n.Value)
	}
	return "an alias"
}

func (v value) isNull() bool { return v.n.Kind == yaml.ScalarNode && v.n.Tag == "!!null" }

// str reads a string (any scalar: a number is its text).
func (v value) str() (string, error) {
	if v.n.Kind != yaml.ScalarNode || v.isNull() {
		return "", v.errorf("want a string, not %s", v.kindName())
	}
	return v.n.Value, nil
}

// int reads an integer.
func (v value) int() (int, error) {
	if v.n.Kind == yaml.ScalarNode && v.n.Tag == "!!int" {
		if n, err := strconv.Atoi(v.n.Value); err == nil {
			return n, nil
		}
	}
	return 0, v.errorf("want a whole number, not %s", v.kindName())
}

// bool reads a boolean.
func (v value) bool() (bool, error) {
	if v.n.Kind == yaml.ScalarNode && v.n.Tag == "!!bool" {
		return v.n.Value == "true" || v.n.Value == "True" || v.n.Value == "TRUE", nil
	}
	return false, v.errorf("want true or false, not %s", v.kindName())
}

// list reads a sequence.
func (v value) list() ([]value, error) {
	if v.n.Kind != yaml.SequenceNode {
		return nil, v.errorf("want a list, not %s", v.kindName())
	}
	out := make([]value, len(v.n.Content))
	for i, c := range v.n.Content {
		out[i] = mk(c, fmt.Sprintf("%s[%d]", v.path, i))
	}
	return out, nil
}

// A field is one key of a mapping and its value.
type field struct {
	key string
	val value
}

// fields reads a mapping, its keys in document order, and refuses a key
// not in known (nil: any key).
func (v value) fields(known ...string) ([]field, error) {
	if v.n.Kind != yaml.MappingNode {
		return nil, v.errorf("want a mapping, not %s", v.kindName())
	}
	var out []field
	for i := 0; i+1 < len(v.n.Content); i += 2 {
		k, val := v.n.Content[i], v.n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, v.errorf("a key must be a string")
		}
		p := k.Value
		if v.path != "" {
			p = v.path + "." + k.Value
		}
		if known != nil && !slices.Contains(known, k.Value) {
			return nil, &Error{Path: p, Line: k.Line, Msg: fmt.Sprintf("unknown key; %s takes %s", orDoc(v.path), strings.Join(known, ", "))}
		}
		if slices.ContainsFunc(out, func(f field) bool { return f.key == k.Value }) {
			return nil, &Error{Path: p, Line: k.Line, Msg: "the key is given twice"}
		}
		out = append(out, field{k.Value, mk(val, p)})
	}
	return out, nil
}

func orDoc(path string) string {
	if path == "" {
		return "a rule document"
	}
	return path
}

// MaxDocument bounds a rule document. ast-grep's catalog rules are a
// few hundred bytes; a megabyte of rules would only cost parsing time.
const MaxDocument = 256 << 10

// maxNodes bounds the YAML nodes of a document, aliases expanded: a
// document of a few kilobytes can alias its way to millions.
const maxNodes = 100_000

// documents splits src into its YAML documents.
func documents(src string) ([]value, error) {
	if len(src) > MaxDocument {
		return nil, &Error{Msg: fmt.Sprintf("the rule is %d bytes, over the %d KiB a rule may take", len(src), MaxDocument>>10)}
	}
	dec := yaml.NewDecoder(strings.NewReader(src))
	var out []value
	for i := 0; ; i++ {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, &Error{Msg: "not YAML or JSON: " + strings.TrimPrefix(err.Error(), "yaml: ")}
		}
		if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
			n = *n.Content[0]
		}
		if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
			continue // an empty document, as between two ---
		}
		if count(&n, 0) > maxNodes {
			return nil, &Error{Msg: fmt.Sprintf("document %d expands to over %d nodes; write it without so many aliases", i+1, maxNodes)}
		}
		out = append(out, mk(&n, ""))
	}
	if len(out) == 0 {
		return nil, &Error{Msg: "no rule in it; give at least id, language and rule"}
	}
	return out, nil
}

// count counts the nodes under n, aliases expanded, stopping past
// maxNodes.
func count(n *yaml.Node, sum int) int {
	sum++
	if sum > maxNodes {
		return sum
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return count(n.Alias, sum)
	}
	for _, c := range n.Content {
		if sum = count(c, sum); sum > maxNodes {
			return sum
		}
	}
	return sum
}
