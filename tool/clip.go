package tool

import "github.com/agenttools/agenttools/internal/clip"

// Quote quotes an input that an error text echoes, cut to clip.MaxEcho
// bytes with its length when it was cut.
func Quote(s string) string { return clip.Quote(s) }

// Echo writes a name an error was given, such as a path: itself when
// short and printable, else quoted and cut as Quote does.
func Echo(s string) string { return clip.Echo(s) }

// Clip cuts an error text to clip.MaxText bytes, saying how long it was.
func Clip(s string) string { return clip.Text(s) }

// clipError bounds the text of an error message: no call returns an
// error text over clip.MaxText bytes. An error result with a structured
// part is a tool's output that failed (a cell's traceback, a truncated
// output), already bounded by its tool, and is left whole.
func clipError(r Result) Result {
	if !r.IsError || r.Structured != nil {
		return r
	}
	copied := false
	for i, c := range r.Content {
		if c.Type == "text" && len(c.Text) > clip.MaxText {
			if !copied {
				r.Content, copied = append([]Content(nil), r.Content...), true
			}
			r.Content[i].Text = clip.Text(c.Text)
		}
	}
	return r
}
