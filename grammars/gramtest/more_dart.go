package gramtest

import (
	"os"
	"path/filepath"
	"strings"
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
