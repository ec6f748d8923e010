package kit

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
)

func TestTopLevelBetween(t *testing.T) {
	tests := []struct {
		name, src string
		fail      bool // between returns an error each time
		calls     []string
		want      string
		errs      int
	}{
		{"before each item and after the last", "a;\nb;", false, []string{"a", "b", ""},
			`(root (stmt (identifier "a")) (stmt (identifier "b")))`, 0},
		{"after a failed item", "a < ;\nb;", false, []string{"a", "b", ""},
			`(root ERROR (stmt (identifier "b")))`, 1},
		{"not after an error region that ends the file", "a;\nb < ;", false, []string{"a", "b"},
			`(root (stmt (identifier "a")) ERROR)`, 1},
		{"its errors count", strings.Repeat("a;\n", 12), true, strings.Split(strings.Repeat("a,", 10), ",")[:10],
			"(root" + strings.Repeat(` (stmt (identifier "a"))`, 9) + " ERROR)", MaxErrors + 1},
	}
	for _, tc := range tests {
		p, b := newUParser(tc.src, false)
		var calls []string
		between := func() grammars.ErrorList {
			calls = append(calls, p.Tok.Text)
			if tc.fail {
				return grammars.ErrorList{{Line: 1, Column: 1, Msg: "between"}}
			}
			return nil
		}
		errs := p.TopLevelBetween(uError, p.stmt, Sync{Column1: true, Kinds: []grammars.Kind{uIdent}}, between)
		tree := Finish(uLang, []byte(tc.src), b, uRoot, nil, nil, errs)
		if diff := cmp.Diff(tc.calls, calls); diff != "" {
			t.Errorf("%s: calls (-want +got):\n%s", tc.name, diff)
		}
		if diff := cmp.Diff(tc.want, uSexp(tree)); diff != "" {
			t.Errorf("%s: tree (-want +got):\n%s", tc.name, diff)
		}
		if len(errs) != tc.errs {
			t.Errorf("%s: %d errors %v, want %d", tc.name, len(errs), errs, tc.errs)
		}
	}
}
