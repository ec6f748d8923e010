package golang

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/interp"
)

// render turns a value into the output display() or the echo gives it.
// quote says whether a string is shown quoted, as an echo shows it.
func render(v any, quote bool) interp.Output {
	if data := pngBytes(v); data != nil {
		return interp.Output{Kind: interp.Image, MimeType: "image/png", Data: data}
	}
	if t, ok := table(v); ok {
		return interp.Output{Kind: interp.Table, Text: t}
	}
	return interp.Output{Kind: interp.Value, Text: inspect(v, quote)}
}

var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// pngBytes returns the bytes of a byte slice that holds a PNG image, or
// nil.
func pngBytes(v any) []byte {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Slice || rv.Type().Elem().Kind() != reflect.Uint8 {
		return nil
	}
	if b := rv.Bytes(); bytes.HasPrefix(b, pngMagic) {
		return bytes.Clone(b)
	}
	return nil
}

// inspect renders a value as Go's %+v does, with three changes: a string
// is itself at top level (quoted when quote is set, as an echo shows it)
// and quoted inside a structure, so that its spaces do not read as
// separators; a function is its type, its address saying nothing; and a
// field has the name the cell gave it (see fieldName).
func inspect(v any, quote bool) string {
	if s, ok := v.(string); ok && !quote {
		return s
	}
	var b strings.Builder
	writeValue(&b, reflect.ValueOf(v), 0)
	return b.String()
}

// maxDepth bounds how deep writeValue goes: a structure may point to
// itself.
const maxDepth = 8

// writeValue writes v as inspect describes.
func writeValue(b *strings.Builder, v reflect.Value, depth int) {
	if !v.IsValid() {
		b.WriteString("<nil>")
		return
	}
	if v.CanInterface() {
		switch x := v.Interface().(type) {
		case error, fmt.Stringer, fmt.Formatter:
			if v.Kind() != reflect.Pointer || !v.IsNil() {
				fmt.Fprintf(b, "%v", x)
				return
			}
		}
	}
	if depth > maxDepth {
		b.WriteString("…")
		return
	}
	switch v.Kind() {
	case reflect.String:
		b.WriteString(strconv.Quote(v.String()))
	case reflect.Func:
		b.WriteString(v.Type().String())
	case reflect.Interface:
		writeValue(b, v.Elem(), depth)
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("<nil>")
			return
		}
		switch v.Elem().Kind() {
		case reflect.Struct, reflect.Map, reflect.Slice, reflect.Array:
			b.WriteByte('&')
			writeValue(b, v.Elem(), depth+1)
		default:
			fmt.Fprintf(b, "%p", v.Interface())
		}
	case reflect.Struct:
		t := v.Type()
		b.WriteByte('{')
		for i := 0; i < t.NumField(); i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(fieldName(t, t.Field(i)) + ":")
			if f := v.Field(i); f.CanInterface() {
				writeValue(b, f, depth+1)
			} else {
				fmt.Fprintf(b, "%v", f) // unexported: fmt can read it, reflect cannot hand it out
			}
		}
		b.WriteByte('}')
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(x, y reflect.Value) int { return strings.Compare(fmt.Sprint(x), fmt.Sprint(y)) })
		b.WriteString("map[")
		for i, key := range keys {
			if i > 0 {
				b.WriteByte(' ')
			}
			writeValue(b, key, depth+1)
			b.WriteByte(':')
			writeValue(b, v.MapIndex(key), depth+1)
		}
		b.WriteByte(']')
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			writeValue(b, v.Index(i), depth+1)
		}
		b.WriteByte(']')
	default:
		fmt.Fprintf(b, "%v", v)
	}
}

// Tables are drawn at most this many rows and a cell this many characters
// wide: the reader is a model with a bounded context.
const (
	maxTableRows  = 50
	maxCellLength = 40
)

// table draws a slice of structs, or of maps with string keys, as
// aligned text columns: a struct's fields in order, a map's keys sorted,
// the union over the rows in the order first seen. ok is false for any
// other value.
func table(v any) (text string, ok bool) {
	rv := reflect.ValueOf(v)
	if k := rv.Kind(); (k != reflect.Slice && k != reflect.Array) || rv.Len() == 0 {
		return "", false
	}
	n := rv.Len()
	type row map[string]string
	var cols []string
	seen := map[string]bool{}
	addCol := func(c string) {
		if !seen[c] {
			seen[c] = true
			cols = append(cols, c)
		}
	}
	rows := make([]row, 0, min(n, maxTableRows))
	for i := 0; i < n; i++ {
		e := rv.Index(i)
		for e.Kind() == reflect.Interface || e.Kind() == reflect.Pointer {
			if e.IsNil() {
				return "", false
			}
			e = e.Elem()
		}
		r := row{}
		switch {
		case e.Kind() == reflect.Struct:
			t := e.Type()
			for j := 0; j < t.NumField(); j++ {
				f := t.Field(j)
				if !f.IsExported() || !e.Field(j).CanInterface() {
					continue
				}
				name := fieldName(t, f)
				if i < maxTableRows {
					addCol(name)
					r[name] = cellText(inspect(e.Field(j).Interface(), false))
				}
			}
		case e.Kind() == reflect.Map && e.Type().Key().Kind() == reflect.String:
			if i >= maxTableRows {
				continue
			}
			keys := e.MapKeys()
			slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
			for _, key := range keys {
				addCol(key.String())
				r[key.String()] = cellText(inspect(e.MapIndex(key).Interface(), false))
			}
		default:
			return "", false
		}
		if i < maxTableRows {
			rows = append(rows, r)
		}
	}
	if len(cols) == 0 {
		return "", false
	}
	grid := [][]string{make([]string, len(cols))}
	for j, c := range cols {
		grid[0][j] = cellText(c)
	}
	for _, r := range rows {
		line := make([]string, len(cols))
		for j, c := range cols {
			line[j] = r[c]
		}
		grid = append(grid, line)
	}
	return interp.RenderTable(grid[0], grid[1:], n), true
}

// fieldName is the name a cell gave a field. yaegi builds the struct
// types of a cell with reflect, which wants exported fields, so it
// renames a field "name" to "Xname"; such types have no name of their
// own.
func fieldName(t reflect.Type, f reflect.StructField) string {
	if t.Name() == "" && len(f.Name) > 1 && f.Name[0] == 'X' {
		if r, _ := utf8.DecodeRuneInString(f.Name[1:]); unicode.IsLower(r) {
			return f.Name[1:]
		}
	}
	return f.Name
}

// cellText puts s on one line and cuts it to maxCellLength characters.
func cellText(s string) string {
	s = strings.NewReplacer("\r", `\r`, "\n", `\n`, "\t", " ").Replace(s)
	if utf8.RuneCountInString(s) <= maxCellLength {
		return s
	}
	r := []rune(s)
	return string(r[:maxCellLength-1]) + "…"
}
