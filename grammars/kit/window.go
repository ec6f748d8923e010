package kit

// Lookahead is how many tokens a Window holds: the current one and up to
// Lookahead-1 after it.
const Lookahead = 8

// A Window is a parser's view of a lexer's tokens: the current one and a
// few after it, in a ring, so parsing allocates nothing per token and a
// file's tokens are never all held at once.
type Window struct {
	lx   Lexer
	ring [Lookahead]Token
	head int // the current token's slot
	n    int // tokens in the ring
}

// NewWindow returns a window whose current token is first, the lexer's
// next tokens after it.
func NewWindow(lx Lexer, first Token) *Window {
	w := &Window{lx: lx, n: 1}
	w.ring[0] = first
	return w
}

// Peek returns the current token.
func (w *Window) Peek() *Token { return &w.ring[w.head] }

// PeekAt returns the token i places after the current one, reading it
// from the lexer if need be; i must be below Lookahead.
func (w *Window) PeekAt(i int) *Token {
	if i >= Lookahead {
		panic("kit: lookahead too far")
	}
	for w.n <= i {
		w.ring[(w.head+w.n)%Lookahead] = w.lx.Next()
		w.n++
	}
	return &w.ring[(w.head+i)%Lookahead]
}

// Next moves to the next token; at the end of the file it stays there.
func (w *Window) Next() {
	if w.ring[w.head].Kind == EOF {
		return
	}
	w.PeekAt(1)
	w.head = (w.head + 1) % Lookahead
	w.n--
}

// Buffered is how many tokens the window holds, the current one
// included: the ones At can return without reading.
func (w *Window) Buffered() int { return w.n }

// At returns the i-th token held, i below Buffered.
func (w *Window) At(i int) *Token { return &w.ring[(w.head+i)%Lookahead] }

// Reset empties the window and makes first its current token, after the
// lexer was moved (a restart after a syntax error).
func (w *Window) Reset(first Token) {
	w.head, w.n = 0, 1
	w.ring[0] = first
}
