package tools

import (
	"bytes"

	"github.com/agenttools/agenttools/internal/jsonstream"
	"github.com/agenttools/agenttools/matcher"
)

// StreamJSON writes the result with its matches one by one: the other
// fields are encoded together, and the matches spliced in where the
// empty list stands.
func (r astGrepResult) StreamJSON(e *jsonstream.Writer) error {
	matches := r.Matches
	r.Matches = []matcher.Found{}
	var hb bytes.Buffer
	head, err := jsonstream.Encode(&hb, r)
	if err != nil {
		return err
	}
	const empty = `{"matches":[],`
	if !bytes.HasPrefix(head, []byte(empty)) {
		r.Matches = matches // cannot be: matches is the first field
		e.Value(r)
		return e.Err()
	}
	e.Raw(`{"matches":[`)
	for i := range matches {
		if i > 0 {
			e.Raw(",")
		}
		e.Value(&matches[i])
	}
	e.Raw("],")
	e.RawBytes(head[len(empty):])
	return e.Err()
}
