// Package argcheck checks a tool call's JSON arguments against the tool's
// input schema, and says what is wrong in a sentence that names the
// argument and what would be valid: the model reads it and retries.
package argcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/agenttools/agenttools/internal/clip"
	"github.com/google/jsonschema-go/jsonschema"
)

// A Checker checks arguments against one tool's schema.
type Checker struct {
	tool     string
	schema   *jsonschema.Schema
	resolved *jsonschema.Resolved
}

// New resolves the schema of the tool named tool.
func New(tool string, s *jsonschema.Schema) (*Checker, error) {
	rs, err := s.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("tool %s: schema: %w", tool, err)
	}
	return &Checker{tool: tool, schema: s, resolved: rs}, nil
}

// Check returns what is wrong with args, or "". The per-argument checks
// come first, because they give the clearer message; the whole schema
// still decides.
func (c *Checker) Check(args json.RawMessage) string {
	var v any
	if err := json.Unmarshal(args, &v); err != nil {
		return fmt.Sprintf("arguments are not valid JSON: %v", err)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Sprintf("arguments must be a JSON object, not %s", kind(v))
	}
	props := c.schema.Properties
	for k := range obj {
		if _, ok := props[k]; !ok {
			names := Names(c.schema)
			if len(names) == 0 {
				return fmt.Sprintf("unknown argument %s; %s takes no arguments", clip.Quote(k), c.tool)
			}
			return fmt.Sprintf("unknown argument %s; the arguments are: %s", clip.Quote(k), strings.Join(names, ", "))
		}
	}
	for _, k := range c.schema.Required {
		if _, ok := obj[k]; !ok {
			return fmt.Sprintf("missing required argument %q", k)
		}
	}
	for _, k := range Names(c.schema) {
		val, ok := obj[k]
		if !ok {
			continue
		}
		if err := property(props[k], val); err != nil {
			return fmt.Sprintf("argument %q: %s", k, err)
		}
	}
	if err := c.resolved.Validate(v); err != nil {
		return clip.Text(fmt.Sprintf("arguments do not match the schema: %v", err))
	}
	return ""
}

func property(s *jsonschema.Schema, v any) error {
	rs, err := s.Resolve(nil)
	if err != nil {
		return err
	}
	if err := rs.Validate(v); err != nil {
		if n, ok := v.(float64); ok && s.Minimum != nil && n < *s.Minimum {
			return fmt.Errorf("must be at least %v, got %v", *s.Minimum, n)
		}
		if n, ok := v.(float64); ok && s.Maximum != nil && n > *s.Maximum {
			return fmt.Errorf("must be at most %v, got %v", *s.Maximum, n)
		}
		if len(s.Enum) > 0 {
			if str, ok := v.(string); ok {
				return fmt.Errorf("must be one of %v, got %s", s.Enum, clip.Quote(str))
			}
			return fmt.Errorf("must be one of %v, got %v", s.Enum, v)
		}
		want := s.Type
		if want == "" && len(s.Types) > 0 {
			want = strings.Join(s.Types, " or ")
		}
		if k := kind(v); want != "" && !strings.Contains(want, k) && !(k == "integer" && strings.Contains(want, "number")) {
			return fmt.Errorf("want %s, got %s", want, k)
		}
		msg := strings.TrimPrefix(err.Error(), "validating root: ")
		if s.Description != "" {
			// the validator's words say what is wrong; the schema's
			// description says what would be right
			msg += "; want " + s.Description
		}
		return errors.New(msg)
	}
	return nil
}

// kind is the JSON Schema type of a decoded value.
func kind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// Names returns a schema's property names in its order, or sorted.
func Names(s *jsonschema.Schema) []string {
	if len(s.PropertyOrder) > 0 {
		return s.PropertyOrder
	}
	var names []string
	for k := range s.Properties {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
