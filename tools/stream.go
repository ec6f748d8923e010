package tools

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"unicode/utf8"

	"github.com/agenttools/agenttools/matcher"
)

// A streamer is a structured result that writes its own JSON piece by
// piece, so that a result of a hundred thousand matches is never held a
// second time as one encoded buffer.
type streamer interface {
	streamJSON(e *jsonPieces) error
}

// WriteJSON writes r to w as JSON, with no newline after, as
// encoding/json writes it with HTML escaping off, but a structured result that streams (ast_grep's
// matches) is encoded one piece at a time: the line is never all in
// memory. The batch and call commands write their results with it, and
// serve encodes its replies with it.
func WriteJSON(w io.Writer, r Result) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	e := &jsonPieces{w: bw}
	e.raw(`{"content":[`)
	for i, c := range r.Content {
		if i > 0 {
			e.raw(",")
		}
		switch {
		case c.Type == "text" && c.MimeType == "" && c.Data == "" && c.render != nil:
			e.raw(`{"type":"text","text":"`)
			sw := &stringWriter{e: e}
			c.render(sw) // escaped as it is rendered
			sw.flush()
			e.raw(`"}`)
		case c.Type == "text" && c.MimeType == "" && c.Data == "" && c.Text != "":
			e.raw(`{"type":"text","text":"`)
			e.strBody(c.Text)
			e.raw(`"}`)
		default:
			e.value(c)
		}
	}
	e.raw("]")
	if r.Structured != nil {
		e.raw(`,"structured":`)
		if s, ok := r.Structured.(streamer); ok {
			if err := s.streamJSON(e); err != nil {
				return err
			}
		} else {
			e.value(r.Structured)
		}
	}
	if r.IsError {
		e.raw(`,"isError":true`)
	}
	e.raw("}")
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// jsonPieces writes JSON values one after another, keeping the first
// error.
type jsonPieces struct {
	w   *bufio.Writer
	buf bytes.Buffer
	err error
}

func (e *jsonPieces) raw(s string) {
	if e.err == nil {
		_, e.err = e.w.WriteString(s)
	}
}

// strBody writes s as the inside of a JSON string, escaped as
// encoding/json escapes it with HTML escaping off, without a copy of it.
func (e *jsonPieces) strBody(s string) {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s) && e.err == nil; {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			e.raw(s[start:i])
			switch c {
			case '"', '\\':
				e.raw(`\` + string(c))
			case '\n':
				e.raw(`\n`)
			case '\r':
				e.raw(`\r`)
			case '\t':
				e.raw(`\t`)
			case '\b':
				e.raw(`\b`)
			case '\f':
				e.raw(`\f`)
			default:
				e.raw(`\u00` + string(hex[c>>4]) + string(hex[c&0xf]))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			e.raw(s[start:i])
			e.raw(`\ufffd`)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			e.raw(s[start:i])
			e.raw(`\u202` + string(hex[r&0xf]))
			i += size
			start = i
			continue
		}
		i += size
	}
	e.raw(s[start:])
}

// A stringWriter escapes what is written to it into the inside of a JSON
// string. A character split across two writes waits for its end.
type stringWriter struct {
	e    *jsonPieces
	tail []byte // the start of a character cut off at the end of a write
}

func (w *stringWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(w.tail) > 0 {
		p = append(append([]byte(nil), w.tail...), p...)
		w.tail = nil
	}
	// Hold back the bytes of a last character that is not yet whole.
	cut := len(p)
	for i := len(p) - 1; i >= 0 && i >= len(p)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(p[i]) {
			if !utf8.FullRune(p[i:]) {
				cut = i
			}
			break
		}
	}
	w.e.strBody(string(p[:cut]))
	w.tail = append(w.tail, p[cut:]...)
	return n, w.e.err
}

func (w *stringWriter) WriteString(s string) (int, error) {
	if len(w.tail) == 0 && utf8.ValidString(s) {
		w.e.strBody(s) // whole: no copy
		return len(s), w.e.err
	}
	return w.Write([]byte(s))
}

// flush writes what is held back: the bytes of a character that never
// ended, escaped as invalid.
func (w *stringWriter) flush() {
	if len(w.tail) > 0 {
		w.e.strBody(string(w.tail))
		w.tail = nil
	}
}

// value writes v as encoding/json does, without HTML escaping.
func (e *jsonPieces) value(v any) {
	if e.err != nil {
		return
	}
	b, err := encodeJSON(&e.buf, v)
	if err != nil {
		e.err = err
		return
	}
	_, e.err = e.w.Write(b)
}

// encodeJSON encodes v into buf as encoding/json does with HTML escaping
// off, and returns the encoding, without the newline an Encoder adds.
func encodeJSON(buf *bytes.Buffer, v any) ([]byte, error) {
	buf.Reset()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// streamJSON writes the result with its matches one by one: the other
// fields are encoded together, and the matches spliced in where the
// empty list stands.
func (r astGrepResult) streamJSON(e *jsonPieces) error {
	matches := r.Matches
	r.Matches = []matcher.Found{}
	var hb bytes.Buffer
	head, err := encodeJSON(&hb, r)
	if err != nil {
		return err
	}
	const empty = `{"matches":[],`
	if !bytes.HasPrefix(head, []byte(empty)) {
		r.Matches = matches // cannot be: matches is the first field
		e.value(r)
		return e.err
	}
	e.raw(`{"matches":[`)
	for i := range matches {
		if i > 0 {
			e.raw(",")
		}
		e.value(&matches[i])
	}
	e.raw("],")
	if e.err == nil {
		_, e.err = e.w.Write(head[len(empty):])
	}
	return e.err
}
