package javac

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
)

// The parts of the Java corpus, folders of .peers/javacorpus that
// scripts/peers.sh javacorpus fills: JDK17 the JDK 17's own sources
// (java.base, java.compiler, jdk.compiler, java.net.http), Java21 a few
// hundred files of the JDK 25's sources chosen for the constructs of Java
// 21 (switch and record patterns, guards, text blocks, yield, sealed
// types, records, var). Java21 is there only where the machine has
// Temurin's JDK 25: no registry reachable here has newer Java.
const (
	JDK17  = "jdk17"
	Java21 = "java21"
)

// Parts are the corpus's parts, in the order Corpus lists them.
var Parts = []string{JDK17, Java21}

// A File is one file of the corpus.
type File struct {
	Path string
	Part string // JDK17 or Java21
}

// CorpusRoot is the corpus's folder, relative to the module's root.
const CorpusRoot = ".peers/javacorpus"

// Corpus lists the .java files of each part below root (the corpus's
// folder), sorted by path within each part. A part that is not there is
// left out and named in missing.
func Corpus(root string) (files []File, missing []string, err error) {
	for _, part := range Parts {
		dir := filepath.Join(root, part)
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, part)
			continue
		}
		var some []File
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() && strings.HasSuffix(p, ".java") {
				some = append(some, File{Path: p, Part: part})
			}
			return nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("the Java corpus: %w", err)
		}
		sort.Slice(some, func(i, j int) bool { return some[i].Path < some[j].Path })
		files = append(files, some...)
	}
	return files, missing, nil
}

// RequireCorpus returns the corpus for a test. When its JDK 17 part is
// missing the test is skipped, or fails under AGENTTOOLS_REQUIRE_PEERS=1;
// a missing Java 21 part is logged, since machines without Temurin's JDK
// 25 cannot have it.
func RequireCorpus(t testing.TB) []File {
	t.Helper()
	top, err := peers.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, missing, err := Corpus(filepath.Join(top, CorpusRoot))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range missing {
		switch m {
		case Java21:
			t.Logf("the Java corpus has no %s part, taken from Temurin's JDK 25 sources where a machine has them (scripts/peers.sh javacorpus): the test runs on the rest", m)
		default:
			peers.Missing(t, "the Java corpus has no %s part: run scripts/peers.sh javacorpus (make test does)", m)
		}
	}
	return files
}

// A Verdict is what the judges say of a file.
type Verdict struct {
	OK bool
	// Judge is who said it: "javac", or "java-parser" for a file of the
	// Java 21 part that javac 17 rejects.
	Judge string
	// Line and Msg are the judge's first error, on a reject.
	Line int    `json:",omitempty"`
	Msg  string `json:",omitempty"`
	// JavacLine and JavacMsg are javac's first error where java-parser
	// had the last word.
	JavacLine int    `json:",omitempty"`
	JavacMsg  string `json:",omitempty"`
}

// cache is the verdicts kept between runs, by the SHA-256 of a file's
// bytes: a file that is the same is judged the same, wherever it is.
type cache struct {
	Javac      string            // Tools.Version: another javac judges anew
	JavaParser string            // Tools.JavaParserVersion: another java-parser too
	ByJavac    map[string]judged // javac's verdicts
	ByParser   map[string]judged // java-parser's
}

// judged is one judge's verdict on one file.
type judged struct {
	OK   bool
	Line int    `json:",omitempty"`
	Msg  string `json:",omitempty"`
}

// Counts says how many files each judge read in a run of Verdicts (a
// file the corpus has twice is read once), and how many files javac's
// verdict came from the cache for.
type Counts struct {
	Javac, JavaParser, Cached int
}

// Verdicts judges each file: javac 17 alone for the JDK 17 part; javac
// 17 first for the Java 21 part, and java-parser where javac rejects. The
// verdicts are kept in the JSON file cachePath (the tests use
// .peers/java-accepts.json) so that a second run judges only what
// changed; cachePath "" keeps nothing.
func (t *Tools) Verdicts(ctx context.Context, files []File, cachePath string) ([]Verdict, Counts, error) {
	var counts Counts
	c := cache{Javac: t.Version, JavaParser: t.JavaParserVersion, ByJavac: map[string]judged{}, ByParser: map[string]judged{}}
	if cachePath != "" {
		if b, err := os.ReadFile(cachePath); err == nil {
			var old cache
			if json.Unmarshal(b, &old) == nil {
				if old.Javac == c.Javac && old.ByJavac != nil {
					c.ByJavac = old.ByJavac
				}
				if old.JavaParser == c.JavaParser && old.ByParser != nil {
					c.ByParser = old.ByParser
				}
			}
		}
	}
	hashes := make([]string, len(files))
	for i, f := range files {
		b, err := os.ReadFile(f.Path)
		if err != nil {
			return nil, counts, fmt.Errorf("the Java corpus: %w", err)
		}
		sum := sha256.Sum256(b)
		hashes[i] = hex.EncodeToString(sum[:])
	}
	// judge runs one judge over the files whose hash is not in kept yet
	// and which want says it should read, and keeps what it says.
	judge := func(kept map[string]judged, want func(i int) bool, read func([]string) ([]judged, error)) (judgedNow, cached int, err error) {
		var paths []string
		var which []string
		seen := map[string]bool{}
		for i, f := range files {
			if _, ok := kept[hashes[i]]; ok {
				cached++
				continue
			}
			if seen[hashes[i]] || !want(i) {
				continue
			}
			seen[hashes[i]] = true
			paths = append(paths, f.Path)
			which = append(which, hashes[i])
		}
		if len(paths) == 0 {
			return 0, cached, nil
		}
		said, err := read(paths)
		if err != nil {
			return 0, 0, err
		}
		for k, e := range said {
			kept[which[k]] = e
		}
		return len(paths), cached, nil
	}
	var err error
	counts.Javac, counts.Cached, err = judge(c.ByJavac, func(int) bool { return true }, func(paths []string) ([]judged, error) {
		parsed, err := t.Parse(ctx, paths)
		if err != nil {
			return nil, fmt.Errorf("javac: %w", err)
		}
		out := make([]judged, len(parsed))
		for i, p := range parsed {
			out[i] = judged{OK: p.OK}
			if !p.OK {
				out[i].Msg = "javac rejects it"
				if len(p.Errors) > 0 {
					out[i].Line, out[i].Msg = p.Errors[0].Line, p.Errors[0].Msg
				}
			}
		}
		return out, nil
	})
	if err != nil {
		return nil, counts, err
	}
	rejectedJava21 := func(i int) bool { return files[i].Part == Java21 && !c.ByJavac[hashes[i]].OK }
	counts.JavaParser, _, err = judge(c.ByParser, rejectedJava21, func(paths []string) ([]judged, error) {
		parsed, err := t.JavaParser(ctx, paths)
		if err != nil {
			return nil, fmt.Errorf("java-parser: %w", err)
		}
		out := make([]judged, len(parsed))
		for i, p := range parsed {
			out[i] = judged{OK: p.OK, Line: p.Line, Msg: p.Msg}
		}
		return out, nil
	})
	if err != nil {
		return nil, counts, err
	}
	if counts.Javac+counts.JavaParser > 0 && cachePath != "" {
		if err := writeJSON(cachePath, c); err != nil {
			return nil, counts, fmt.Errorf("keeping the verdicts: %w", err)
		}
	}
	verdicts := make([]Verdict, len(files))
	for i := range files {
		j := c.ByJavac[hashes[i]]
		v := Verdict{OK: j.OK, Judge: "javac", Line: j.Line, Msg: j.Msg}
		if rejectedJava21(i) {
			p := c.ByParser[hashes[i]]
			v = Verdict{OK: p.OK, Judge: "java-parser", Line: p.Line, Msg: p.Msg, JavacLine: j.Line, JavacMsg: j.Msg}
		}
		verdicts[i] = v
	}
	return verdicts, counts, nil
}

// writeJSON writes v as JSON to path through a temporary file of this
// process's, so that a run stopped halfway, or another package's test
// writing at the same time, leaves a whole file.
func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
