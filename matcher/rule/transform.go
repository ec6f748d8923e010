package rule

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

// A transform makes a new metavariable's text from another's: replace,
// substring, convert or rewrite.
type transform struct {
	name   string // the new metavariable, $NAME
	op     string
	source string // $A or $$$A
	path   string

	re *regexp.Regexp // replace
	by string

	start, end *int // substring, in characters; negative from the end

	toCase string   // convert
	sep    []string // the separators words are split at

	rewriters []string // rewrite
	joinBy    string
	joinSet   bool // joinBy was given, perhaps empty
}

// compileTransforms reads the document's transform, ordered so that a
// transform runs after those it reads.
func (r *Rule) compileTransforms(by map[string]value) error {
	v, ok := by["transform"]
	if !ok {
		return nil
	}
	fs, err := v.fields()
	if err != nil {
		return err
	}
	byName := map[string]*transform{}
	var order []string
	for _, f := range fs {
		tr, err := parseTransform(f.val)
		if err != nil {
			return err
		}
		tr.name = "$" + strings.TrimLeft(f.key, "$")
		if slices.Contains(r.vars, tr.name) || slices.Contains(r.vars, "$$"+tr.name) {
			return f.val.errorf("%s is bound by the rule already; give the transform another name", tr.name)
		}
		byName[tr.name] = tr
		order = append(order, tr.name)
	}
	bound := slices.Clone(r.vars)
	for _, name := range order {
		bound = union(bound, []string{name})
	}
	for _, name := range order {
		tr := byName[name]
		if !slices.Contains(bound, tr.source) {
			return &Error{Path: tr.path + ".source", Msg: fmt.Sprintf("%s is not bound by the rule; it binds %s", tr.source, varList(bound))}
		}
		for _, id := range tr.rewriters {
			if _, ok := r.rewriters[id]; !ok {
				return &Error{Path: tr.path + ".rewriters", Msg: fmt.Sprintf("no rewriter %s in the document's rewriters", id)}
			}
		}
	}
	// Run each after those it reads.
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(name string) error
	visit = func(name string) error {
		tr, ok := byName[name]
		if !ok || state[name] == 2 {
			return nil
		}
		if state[name] == 1 {
			return &Error{Path: tr.path, Msg: fmt.Sprintf("%s is made from itself through other transforms", name)}
		}
		state[name] = 1
		if err := visit(tr.source); err != nil {
			return err
		}
		state[name] = 2
		r.transforms = append(r.transforms, tr)
		return nil
	}
	for _, name := range order {
		if err := visit(name); err != nil {
			return err
		}
	}
	r.vars = bound
	return nil
}

// parseTransform reads one transform: an object with one key, or the
// string form replace($A, replace='x', by='y').
func parseTransform(v value) (*transform, error) {
	if s, err := v.str(); err == nil {
		return parseTransformCall(v, s)
	}
	fs, err := v.fields("replace", "substring", "convert", "rewrite")
	if err != nil {
		return nil, err
	}
	if len(fs) != 1 {
		return nil, v.errorf("a transform is one of replace, substring, convert or rewrite")
	}
	f := fs[0]
	args, err := f.val.fields(transformKeys[f.key]...)
	if err != nil {
		return nil, err
	}
	tr := &transform{op: f.key, path: f.val.path}
	got := map[string]value{}
	for _, a := range args {
		got[a.key] = a.val
	}
	return tr, tr.set(f.val, func(key string) (any, value, bool, error) {
		av, ok := got[key]
		if !ok {
			return nil, av, false, nil
		}
		if key == "separatedBy" || key == "rewriters" {
			items, err := av.list()
			if err != nil {
				return nil, av, true, err
			}
			var ss []string
			for _, it := range items {
				s, err := it.str()
				if err != nil {
					return nil, av, true, err
				}
				ss = append(ss, s)
			}
			return ss, av, true, nil
		}
		if key == "startChar" || key == "endChar" {
			n, err := av.int()
			return n, av, true, err
		}
		s, err := av.str()
		return s, av, true, err
	})
}

var transformKeys = map[string][]string{
	"replace":   {"source", "replace", "by"},
	"substring": {"source", "startChar", "endChar"},
	"convert":   {"source", "toCase", "separatedBy"},
	"rewrite":   {"source", "rewriters", "joinBy"},
}

// set fills tr from its arguments, get reading each by key.
func (tr *transform) set(at value, get func(key string) (any, value, bool, error)) error {
	str := func(key string, need bool) (string, value, error) {
		x, v, ok, err := get(key)
		if err != nil {
			return "", v, err
		}
		if !ok {
			if need {
				return "", v, at.errorf("%s needs %s", tr.op, key)
			}
			return "", v, nil
		}
		s, isStr := x.(string)
		if !isStr {
			return "", v, at.errorf("%s: want a string", key)
		}
		return s, v, nil
	}
	src, sv, err := str("source", true)
	if err != nil {
		return err
	}
	if !grammars.IsMetavar(src) {
		if sv.n != nil {
			return sv.errorf("%s: a source is a metavariable, $A or $$$A", src)
		}
		return at.errorf("%s: a source is a metavariable, $A or $$$A", src)
	}
	tr.source = src
	switch tr.op {
	case "replace":
		pat, pv, err := str("replace", true)
		if err != nil {
			return err
		}
		if tr.re, err = compileRegex(pat); err != nil {
			if pv.n != nil {
				return pv.errorf("%v", err)
			}
			return at.errorf("replace: %v", err)
		}
		if tr.by, _, err = str("by", true); err != nil {
			return err
		}
	case "substring":
		for _, k := range []string{"startChar", "endChar"} {
			x, _, ok, err := get(k)
			if err != nil {
				return err
			}
			if ok {
				n, isInt := x.(int)
				if !isInt {
					return at.errorf("%s: want a whole number", k)
				}
				if k == "startChar" {
					tr.start = &n
				} else {
					tr.end = &n
				}
			}
		}
	case "convert":
		c, cv, err := str("toCase", true)
		if err != nil {
			return err
		}
		if !slices.Contains(cases, c) {
			if cv.n == nil {
				cv = at
			}
			return cv.errorf("%s: give one of %s", c, strings.Join(cases, ", "))
		}
		tr.toCase = c
		x, sepv, ok, err := get("separatedBy")
		if err != nil {
			return err
		}
		if ok {
			tr.sep, _ = x.([]string)
			for _, s := range tr.sep {
				if !slices.Contains(separators, s) {
					if sepv.n == nil {
						sepv = at
					}
					return sepv.errorf("%s: give any of %s", s, strings.Join(separators, ", "))
				}
			}
		}
	case "rewrite":
		x, _, ok, err := get("rewriters")
		if err != nil {
			return err
		}
		if !ok {
			return at.errorf("rewrite needs rewriters")
		}
		tr.rewriters, _ = x.([]string)
		if _, _, ok, _ := get("joinBy"); ok {
			tr.joinSet = true
		}
		if tr.joinBy, _, err = str("joinBy", false); err != nil {
			return err
		}
	}
	return nil
}

var cases = []string{"lowerCase", "upperCase", "capitalize", "camelCase", "snakeCase", "kebabCase", "pascalCase"}
var separators = []string{"caseChange", "dash", "dot", "slash", "space", "underscore"}

// parseTransformCall reads the string form of a transform:
// name(source, key=value, …), values quoted with ' or ", numbers, or
// [lists].
func parseTransformCall(at value, s string) (*transform, error) {
	bad := func(why string) (*transform, error) {
		return nil, at.errorf("%s: %s; write replace($A, replace='x', by='y'), substring($A, startChar=1), convert($A, toCase=camelCase) or rewrite($A, rewriters=[id])", s, why)
	}
	s = strings.TrimSpace(s)
	open := strings.IndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		return bad("not a transform call")
	}
	name := strings.TrimSpace(s[:open])
	if _, ok := transformKeys[name]; !ok {
		return bad(name + " is no transform")
	}
	args, err := splitArgs(s[open+1 : len(s)-1])
	if err != nil {
		return bad(err.Error())
	}
	if len(args) == 0 {
		return bad("no source")
	}
	got := map[string]any{"source": strings.TrimSpace(args[0])}
	for _, a := range args[1:] {
		k, val, ok := strings.Cut(a, "=")
		if !ok {
			return bad(fmt.Sprintf("%q is not key=value", a))
		}
		k, val = strings.TrimSpace(k), strings.TrimSpace(val)
		if !slices.Contains(transformKeys[name], k) || k == "source" {
			return bad(fmt.Sprintf("%s takes no %s", name, k))
		}
		switch {
		case strings.HasPrefix(val, "["):
			var items []string
			for _, it := range strings.Split(strings.Trim(val, "[]"), ",") {
				if it = unquote(strings.TrimSpace(it)); it != "" {
					items = append(items, it)
				}
			}
			got[k] = items
		case k == "startChar" || k == "endChar":
			n, err := strconv.Atoi(val)
			if err != nil {
				return bad(k + " is not a whole number")
			}
			got[k] = n
		default:
			got[k] = unquote(val)
		}
	}
	tr := &transform{op: name, path: at.path}
	return tr, tr.set(at, func(key string) (any, value, bool, error) {
		x, ok := got[key]
		return x, value{}, ok, nil
	})
}

// splitArgs splits a call's arguments at commas outside quotes and
// brackets.
func splitArgs(s string) ([]string, error) {
	var out []string
	var quote byte
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[from:i])
			from = i + 1
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("a quote is not closed")
	}
	if rest := strings.TrimSpace(s[from:]); rest != "" || len(out) > 0 {
		out = append(out, s[from:])
	}
	return out, nil
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		body := s[1 : len(s)-1]
		if s[0] == '"' {
			if u, err := strconv.Unquote(s); err == nil {
				return u
			}
		}
		return strings.ReplaceAll(body, `\'`, `'`)
	}
	return s
}

// apply runs the rule's transforms on a match, setting m.Values.
func (r *Rule) apply(s *state, m *matcher.Match) {
	for _, tr := range r.transforms {
		src, ok := s.textOf(m, tr.source)
		if !ok {
			continue
		}
		var out string
		switch tr.op {
		case "replace":
			out = tr.re.ReplaceAllString(src, tr.by)
		case "substring":
			out = substring(src, tr.start, tr.end)
		case "convert":
			out = convert(src, tr.toCase, tr.sep)
		case "rewrite":
			var ok bool
			enc := s.enc
			if enc == nil {
				enc = m
			}
			if out, ok = r.rewrite(s, m, enc, tr); !ok {
				continue
			}
		}
		if m.Values == nil {
			m.Values = map[string]string{}
		}
		m.Values[tr.name] = out
	}
}

// substring cuts s by characters, as Python slices: a negative index
// counts from the end.
func substring(s string, start, end *int) string {
	rs := []rune(s)
	n := len(rs)
	at := func(p *int, def int) int {
		if p == nil {
			return def
		}
		i := *p
		if i < 0 {
			i += n
		}
		return max(0, min(i, n))
	}
	a, b := at(start, 0), at(end, n)
	if a >= b {
		return ""
	}
	return string(rs[a:b])
}

// convert changes s's case, splitting it into words at seps (all of
// them when none is given).
func convert(s, toCase string, seps []string) string {
	switch toCase {
	case "lowerCase":
		return strings.ToLower(s)
	case "upperCase":
		return strings.ToUpper(s)
	case "capitalize":
		r, n := utf8.DecodeRuneInString(s)
		if n == 0 {
			return s
		}
		return string(unicode.ToUpper(r)) + s[n:]
	}
	if len(seps) == 0 {
		seps = separators
	}
	words := splitWords(s, seps)
	var b strings.Builder
	for i, w := range words {
		switch toCase {
		case "snakeCase", "kebabCase":
			if i > 0 {
				b.WriteString(map[string]string{"snakeCase": "_", "kebabCase": "-"}[toCase])
			}
			b.WriteString(strings.ToLower(w))
		case "camelCase", "pascalCase":
			lw := strings.ToLower(w)
			if i == 0 && toCase == "camelCase" {
				b.WriteString(lw)
				continue
			}
			r, n := utf8.DecodeRuneInString(lw)
			b.WriteRune(unicode.ToUpper(r))
			b.WriteString(lw[n:])
		}
	}
	return b.String()
}

// splitWords splits s into words at the separators named: a character
// (dash -, dot ., slash /, space, underscore _) or a change of case
// (fooBar, HTTPServer).
func splitWords(s string, seps []string) []string {
	chars := map[rune]bool{}
	for _, sp := range seps {
		switch sp {
		case "dash":
			chars['-'] = true
		case "dot":
			chars['.'] = true
		case "slash":
			chars['/'] = true
		case "space":
			chars[' '] = true
		case "underscore":
			chars['_'] = true
		}
	}
	byCase := slices.Contains(seps, "caseChange")
	rs := []rune(s)
	var words []string
	start := 0
	flush := func(i int) {
		if i > start {
			words = append(words, string(rs[start:i]))
		}
	}
	for i, c := range rs {
		if chars[c] {
			flush(i)
			start = i + 1
			continue
		}
		if !byCase || i == start {
			continue
		}
		prev := rs[i-1]
		next := rune(0)
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		// fooBar: a capital after a small letter starts a word; HTTPServer:
		// so does the last capital of a run before a small letter.
		if unicode.IsUpper(c) && (unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && unicode.IsLower(next)) {
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return words
}
