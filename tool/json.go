package tool

import (
	"io"

	"github.com/agenttools/agenttools/internal/jsonstream"
)

// A Streamer is a structured result that writes its own JSON piece by
// piece, so that a result of a hundred thousand matches is never held a
// second time as one encoded buffer.
type Streamer interface {
	StreamJSON(e *jsonstream.Writer) error
}

// WriteJSON writes r to w as JSON, with no newline after, as
// encoding/json writes it with HTML escaping off, but a text written when
// it is read and a structured result that streams (ast_grep's matches)
// are encoded one piece at a time: the line is never all in memory. The
// batch and call commands write their results with it, and serve encodes
// its replies with it.
func WriteJSON(w io.Writer, r Result) error {
	e := jsonstream.NewWriter(w)
	e.Raw(`{"content":[`)
	for i, c := range r.Content {
		if i > 0 {
			e.Raw(",")
		}
		switch {
		case c.Type == "text" && c.MimeType == "" && c.Data == "" && c.render != nil:
			e.Raw(`{"type":"text","text":"`)
			sw := e.StringWriter()
			c.render(sw) // escaped as it is rendered
			sw.Close()
			e.Raw(`"}`)
		case c.Type == "text" && c.MimeType == "" && c.Data == "" && c.Text != "":
			e.Raw(`{"type":"text","text":"`)
			e.StringBody(c.Text)
			e.Raw(`"}`)
		default:
			e.Value(c)
		}
	}
	e.Raw("]")
	if r.Structured != nil {
		e.Raw(`,"structured":`)
		if s, ok := r.Structured.(Streamer); ok {
			if err := s.StreamJSON(e); err != nil {
				return err
			}
		} else {
			e.Value(r.Structured)
		}
	}
	if r.IsError {
		e.Raw(`,"isError":true`)
	}
	e.Raw("}")
	return e.Flush()
}
