package matcher

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/agenttools/agenttools/grammars"
)

// Terminators and trailing comments in rewrites.
//
// A statement's terminator (the language's Terminator: the ; of C, Rust,
// Dart, JavaScript and Go) is no leaf of the tree, so that foo($A)
// matches foo(x); and foo(x) alike:
// a statement's node ends before its ;. A capture of statements must
// still carry it, or a rewrite that re-emits the capture would write
// { x(); y() } for { x(); y(); }: broken C and Dart, a changed value in
// Rust. So:
//
//   - A capture ($S, or the last node of a $$$ run) that binds a
//     statement ends after the statement's ; when the source wrote one,
//     and after a comment that ends the statement's line. When that is a
//     comment that runs to the end of its line (//, #), what the template
//     writes after it on the same line goes on a new line.
//   - A match whose last statement's ; travels in such a capture takes
//     that ; along, so it is not written twice; and so does a match whose
//     template ends with a ; of its own.
//
// A statement is a child of a node of the language's Blocks, or a node
// of one of its Statements (an if's body of one statement, say). A ;
// counts only where no node of the tree holds it: the ; of a for clause
// is the for's own leaf.

// statementish reports whether tree node n is a statement.
func (r *rewriter) statementish(n int32) bool {
	if n < 0 || int(n) >= len(r.t.Nodes) {
		return false
	}
	if r.statements[r.t.Nodes[n].Kind] {
		return true
	}
	p := r.t.Nodes[n].Parent
	return p != grammars.NoNode && r.blocks[r.t.Nodes[p].Kind]
}

// nextStart returns where the first node after n in file order starts,
// n's descendants aside: the end of the source when none does.
func (r *rewriter) nextStart(n int32) uint32 {
	for a := n; a != grammars.NoNode; {
		p := r.t.Nodes[a].Parent
		if p == grammars.NoNode {
			break
		}
		kids := r.t.Children(p)
		i, _ := slices.BinarySearchFunc(kids, r.t.Nodes[a].Start, func(k int32, s uint32) int {
			return cmp.Compare(r.t.Nodes[k].Start, s)
		})
		for ; i < len(kids) && kids[i] != a; i++ {
		}
		if i+1 < len(kids) {
			return r.t.Nodes[kids[i+1]].Start
		}
		a = p
	}
	return uint32(len(r.src))
}

// trivia returns the comment that starts at off, if any.
func (r *rewriter) trivia(off uint32) (grammars.Span, bool) {
	i, found := slices.BinarySearchFunc(r.t.Trivia, off, func(s grammars.Span, off uint32) int { return cmp.Compare(s.Start, off) })
	if !found {
		return grammars.Span{}, false
	}
	return r.t.Trivia[i], true
}

// terminated returns where statement n ends with its ; : after the ; that
// follows it in no node (comments and white space between), or n's own
// end when there is none.
func (r *rewriter) terminated(n int32) uint32 {
	end := r.span(n).End
	term := r.t.Lang.Terminator
	if term == "" {
		return end
	}
	limit := r.nextStart(n)
	for pos := end; pos < limit; {
		switch c := r.src[pos]; {
		case bytes.HasPrefix(r.src[pos:limit], []byte(term)):
			return pos + uint32(len(term))
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			pos++
		default:
			com, ok := r.trivia(pos)
			if !ok || com.End <= pos {
				return end
			}
			pos = com.End
		}
	}
	return end
}

// withComment returns end moved past a comment that follows it on its
// line and ends that line. limit is where the next node starts.
func (r *rewriter) withComment(end, limit uint32) uint32 {
	pos := end
	for pos < limit && (r.src[pos] == ' ' || r.src[pos] == '\t') {
		pos++
	}
	com, ok := r.trivia(pos)
	if !ok || com.End > limit {
		return end
	}
	after := com.End
	for after < limit && (r.src[after] == ' ' || r.src[after] == '\t') {
		after++
	}
	if after < uint32(len(r.src)) && r.src[after] != '\n' && r.src[after] != '\r' {
		return end // code follows on the line: the comment is not the statement's
	}
	return com.End
}

// lineCommentEnds reports whether a comment that runs to the end of its
// line (a // or # comment) ends at off: what follows it in a rewrite must
// start on a new line, or it would be commented out.
func (r *rewriter) lineCommentEnds(off uint32) bool {
	i, _ := slices.BinarySearchFunc(r.t.Trivia, off, func(s grammars.Span, off uint32) int { return cmp.Compare(s.End, off) })
	if i == len(r.t.Trivia) || r.t.Trivia[i].End != off {
		return false
	}
	com := r.src[r.t.Trivia[i].Start:off]
	return !bytes.HasSuffix(com, []byte("*/")) && !bytes.HasPrefix(com, []byte("/*"))
}

// statementEnd returns where a capture whose last node is n ends: after
// n's ; and its line's comment when n is a statement, at n's end
// otherwise.
func (r *rewriter) statementEnd(n int32) uint32 {
	end := r.span(n).End
	if !r.statementish(n) {
		return end
	}
	return r.withComment(r.terminated(n), r.nextStart(n))
}

// enclosingStatement returns the statement that ends where node n does
// and holds it (n itself when it is one), or NoNode.
func (r *rewriter) enclosingStatement(n int32) int32 {
	end := r.span(n).End
	for a := n; a != grammars.NoNode && r.span(a).End == end; a = r.t.Nodes[a].Parent {
		if r.statementish(a) {
			return a
		}
	}
	return grammars.NoNode
}

// capturedFor is captured for the template's metavariable v: a capture
// the template writes its own terminator after ($A; in the template) does
// not carry the source's, or the rewrite would write two.
//
// A $$$ run the source ends with a trailing separator (f(a, b,) over
// several lines) carries it where the template closes the list on a line
// after the run's: a list written down the page keeps the comma its
// closer's line needs in Go. Closed on the run's line, g($$$A) gives
// g(a, b).
func (r *rewriter) capturedFor(m *Match, v int, tv tvar) (s, raw, end uint32, ok bool) {
	s, raw, end, ok = r.captured(m, tv)
	if ok && end > raw && r.template(m).terminatedAfter(v, r.t.Lang.Terminator) {
		end = raw
	}
	if ok && tv.multi && r.template(m).closedAfter(v, r.t.Lang) {
		if sep := r.trailingSep(m.Multi[tv.name]); sep != grammars.NoNode {
			end = max(end, r.span(sep).End)
		}
	}
	return s, raw, end, ok
}

// trailingSep returns the separator after a run's last node that only a
// closer follows (the , of f(a, b,)), or NoNode.
func (r *rewriter) trailingSep(run []int32) int32 {
	if len(run) == 0 {
		return grammars.NoNode
	}
	last := run[len(run)-1]
	if r.isSep(last) {
		return grammars.NoNode // the run holds it, and captured left it out
	}
	p := r.t.Nodes[last].Parent
	if p == grammars.NoNode {
		return grammars.NoNode
	}
	kids := r.t.Children(p)
	for i, k := range kids {
		if k == last && i+2 < len(kids) && r.isSep(kids[i+1]) && r.isCloserLeaf(kids[i+2]) {
			return kids[i+1]
		}
	}
	return grammars.NoNode
}

// isCloserLeaf reports whether tree node n is a token that closes a list.
func (r *rewriter) isCloserLeaf(n int32) bool {
	return r.t.Nodes[n].Count == 0 && !r.t.Named(n) && r.t.Lang.IsCloser(r.t.Text(n))
}

// closedAfter reports whether the template closes a list on a line after
// its metavariable v's, with nothing but blanks between: $$$A, a line
// break, then ), ] or }.
func (tm *Template) closedAfter(v int, l *grammars.Language) bool {
	for k, pc := range tm.pieces {
		if pc.v != v || k+1 == len(tm.pieces) || tm.pieces[k+1].v >= 0 {
			continue
		}
		lit := tm.pieces[k+1].lit
		rest := bytes.TrimLeft(lit, " \t\r\n")
		if len(rest) > 0 && l.IsCloser(string(rest[:1])) && bytes.ContainsRune(lit[:len(lit)-len(rest)], '\n') {
			return true
		}
	}
	return false
}

// terminatedAfter reports whether the template writes term right after
// an occurrence of its metavariable v, blanks aside.
func (tm *Template) terminatedAfter(v int, term string) bool {
	if term == "" {
		return false
	}
	for k, pc := range tm.pieces {
		if pc.v != v || k+1 == len(tm.pieces) || tm.pieces[k+1].v >= 0 {
			continue
		}
		if bytes.HasPrefix(bytes.TrimLeft(tm.pieces[k+1].lit, " \t"), []byte(term)) {
			return true
		}
	}
	return false
}

// endsWith reports whether the template's text ends with the
// terminator term, white space aside; never when term is "".
func (tm *Template) endsWith(term string) bool {
	if term == "" {
		return false
	}
	for k := len(tm.pieces) - 1; k >= 0; k-- {
		pc := tm.pieces[k]
		if pc.v >= 0 {
			return false
		}
		if lit := bytes.TrimRight(pc.lit, " \t\r\n"); len(lit) > 0 {
			return bytes.HasSuffix(lit, []byte(term))
		}
	}
	return false
}
