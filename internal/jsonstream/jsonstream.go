// Package jsonstream writes one JSON value piece by piece, byte for byte
// as encoding/json writes it whole with HTML escaping off. A result of a
// hundred thousand matches is then never held a second time as one
// encoded buffer: the caller writes the frame, and each element as it
// comes.
package jsonstream

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"unicode/utf8"
)

// A Writer writes JSON pieces to a buffered writer, keeping the first
// error; every method after an error does nothing.
type Writer struct {
	w   *bufio.Writer
	buf bytes.Buffer
	err error
}

// NewWriter returns a Writer that buffers 64 KiB at a time.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10)}
}

// Err returns the first error of a write.
func (e *Writer) Err() error { return e.err }

// Flush writes what is buffered, and returns the first error.
func (e *Writer) Flush() error {
	if e.err != nil {
		return e.err
	}
	return e.w.Flush()
}

// Raw writes s as it is: punctuation, or JSON already encoded.
func (e *Writer) Raw(s string) {
	if e.err == nil {
		_, e.err = e.w.WriteString(s)
	}
}

// RawBytes writes b as it is.
func (e *Writer) RawBytes(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}

// Value writes v as encoding/json does, without HTML escaping.
func (e *Writer) Value(v any) {
	if e.err != nil {
		return
	}
	b, err := Encode(&e.buf, v)
	if err != nil {
		e.err = err
		return
	}
	_, e.err = e.w.Write(b)
}

// StringBody writes s as the inside of a JSON string, escaped as
// encoding/json escapes it with HTML escaping off, without a copy of it.
func (e *Writer) StringBody(s string) {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s) && e.err == nil; {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			e.Raw(s[start:i])
			switch c {
			case '"', '\\':
				e.Raw(`\` + string(c))
			case '\n':
				e.Raw(`\n`)
			case '\r':
				e.Raw(`\r`)
			case '\t':
				e.Raw(`\t`)
			case '\b':
				e.Raw(`\b`)
			case '\f':
				e.Raw(`\f`)
			default:
				e.Raw(`\u00` + string(hex[c>>4]) + string(hex[c&0xf]))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			e.Raw(s[start:i])
			e.Raw(`\ufffd`)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			e.Raw(s[start:i])
			e.Raw(`\u202` + string(hex[r&0xf]))
			i += size
			start = i
			continue
		}
		i += size
	}
	e.Raw(s[start:])
}

// A StringWriter escapes what is written to it into the inside of a JSON
// string. A character split across two writes waits for its end; Close
// writes what is still held back.
type StringWriter struct {
	e    *Writer
	tail []byte // the start of a character cut off at the end of a write
}

// StringWriter returns a StringWriter into e.
func (e *Writer) StringWriter() *StringWriter { return &StringWriter{e: e} }

func (w *StringWriter) Write(p []byte) (int, error) {
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
	w.e.StringBody(string(p[:cut]))
	w.tail = append(w.tail, p[cut:]...)
	return n, w.e.err
}

// WriteString writes s with no copy when it is whole and valid.
func (w *StringWriter) WriteString(s string) (int, error) {
	if len(w.tail) == 0 && utf8.ValidString(s) {
		w.e.StringBody(s)
		return len(s), w.e.err
	}
	return w.Write([]byte(s))
}

// Close writes what is held back: the bytes of a character that never
// ended, escaped as invalid.
func (w *StringWriter) Close() error {
	if len(w.tail) > 0 {
		w.e.StringBody(string(w.tail))
		w.tail = nil
	}
	return w.e.err
}

// Encode encodes v into buf as encoding/json does with HTML escaping off,
// and returns the encoding, without the newline an Encoder adds. The
// bytes are buf's, valid until its next use.
func Encode(buf *bytes.Buffer, v any) ([]byte, error) {
	buf.Reset()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
