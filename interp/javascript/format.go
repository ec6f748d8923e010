package javascript

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agenttools/agenttools/interp"
	"github.com/dop251/goja"
)

// inspect renders a value the way a console shows it. A string is itself,
// or quoted when quote is set (an echo, an element of a structure); an
// object is JSON, indented when quote is set; a function is its name; an
// Error is its stack.
func inspect(k *Kernel, v goja.Value, quote bool) string {
	switch {
	case v == nil || goja.IsUndefined(v):
		return "undefined"
	case goja.IsNull(v):
		return "null"
	}
	obj, ok := v.(*goja.Object)
	if !ok {
		if s, ok := v.Export().(string); ok {
			if quote {
				return strconv.Quote(s)
			}
			return s
		}
		return v.String()
	}
	if _, ok := goja.AssertFunction(v); ok {
		name := obj.Get("name")
		if name == nil || name.String() == "" {
			return "[Function (anonymous)]"
		}
		return "[Function: " + name.String() + "]"
	}
	if obj.ClassName() == "Error" {
		if s := obj.Get("stack"); s != nil && !goja.IsUndefined(s) {
			return strings.TrimRight(s.String(), "\n")
		}
		return v.String()
	}
	indent := goja.Value(goja.Undefined())
	if quote {
		indent = k.vm.ToValue(2)
	}
	s, err := k.stringify(goja.Undefined(), v, goja.Undefined(), indent)
	if err != nil || s == nil || goja.IsUndefined(s) {
		// A cycle, a BigInt inside, or an object JSON cannot show.
		return v.String()
	}
	if str := s.String(); str != "{}" || obj.ClassName() == "Object" {
		return str
	}
	return v.String() // a Map, a Set, a Date…: their own text says more than {}
}

// Tables are drawn at most this many rows and a cell this many characters
// wide: the reader is a model with a bounded context.
const (
	maxTableRows  = 50
	maxCellLength = 40
)

// table draws an array of plain objects as aligned text columns, the
// union of their keys in the order first seen. ok is false for any other
// value.
func table(k *Kernel, v goja.Value) (text string, ok bool) {
	arr, isObj := v.(*goja.Object)
	if !isObj || arr.ClassName() != "Array" {
		return "", false
	}
	n := int(arr.Get("length").ToInteger())
	if n == 0 {
		return "", false
	}
	rows := make([]*goja.Object, 0, min(n, maxTableRows))
	for i := 0; i < n; i++ {
		row, isObj := arr.Get(strconv.Itoa(i)).(*goja.Object)
		if !isObj || row.ClassName() != "Object" {
			return "", false
		}
		if i < maxTableRows {
			rows = append(rows, row)
		}
	}
	var cols []string
	seen := map[string]bool{}
	for _, row := range rows {
		for _, key := range row.Keys() {
			if !seen[key] {
				seen[key] = true
				cols = append(cols, key)
			}
		}
	}
	if len(cols) == 0 {
		return "", false
	}
	grid := [][]string{make([]string, len(cols))}
	for j, c := range cols {
		grid[0][j] = cellText(c)
	}
	for _, row := range rows {
		line := make([]string, len(cols))
		for j, c := range cols {
			if cell := row.Get(c); cell != nil && !goja.IsUndefined(cell) {
				line[j] = cellText(inspect(k, cell, false))
			}
		}
		grid = append(grid, line)
	}
	return interp.RenderTable(grid[0], grid[1:], n), true
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
