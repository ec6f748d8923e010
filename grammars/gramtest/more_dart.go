package gramtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// CorpusFiles returns the files named ext (".dart") of at most maxSize
// bytes below the folder where, or the paths the file where lists one a
// line: a corpus to measure a grammar on.
func CorpusFiles(where, ext string, maxSize int64) ([]string, error) {
	info, err := os.Stat(where)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		b, err := os.ReadFile(where)
		if err != nil {
			return nil, err
		}
		return strings.Fields(string(b)), nil
	}
	var files []string
	err = filepath.Walk(where, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ext) && info.Size() <= maxSize {
			files = append(files, p)
		}
		return err
	})
	return files, err
}

// TooLarge checks that a file of line repeated to just over
// kit.MaxFileSize is refused, not parsed: one error at line 1 that says
// why, and one ERROR node.
func TooLarge(t *testing.T, l *grammars.Language, line string) {
	src := []byte(strings.Repeat(line, kit.MaxFileSize/len(line)+1))
	tree := BadParse(t, l, src)
	want := fmt.Sprintf("file is 32.0 MB; the %s grammar parses files up to 32 MB", l.DisplayName())
	if len(tree.Errors) != 1 || tree.Errors[0].Line != 1 || tree.Errors[0].Msg != want {
		t.Errorf("errors %v; want one at line 1: %q", tree.Errors, want)
	}
	if got := TopKinds(tree); len(got) != 1 || got[0] != "ERROR" {
		t.Errorf("top-level nodes %q; want one ERROR", got)
	}
}
