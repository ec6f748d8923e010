package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/agenttools/agenttools/internal/peers"
)

// tsOracleScript is where TypeScript's parser is driven from, relative
// to the checkout: the script of the JavaScript/TypeScript oracle test
// in matcher/oracle, which with no patterns only checks files.
const tsOracleScript = "matcher/oracle/testdata/tsoracle/oracle.js"

// isTypeScriptFamily reports whether TypeScript's parser is the reference
// of the language with this id.
func isTypeScriptFamily(id string) bool {
	switch id {
	case "javascript", "typescript", "tsx":
		return true
	}
	return false
}

// typescriptOracle runs TypeScript's parser (node, oracle.js and the
// typescript package in tsDir, by default the checkout's
// .peers/node_modules/typescript) over files in one node process, and sets
// ok[i] to whether it parses files[i] with no parse diagnostics, the
// script kind taken from the file's extension. It returns the seconds
// spent in ts.createSourceFile and TypeScript's version.
func typescriptOracle(files []string, ok []bool, tsDir string) (float64, string, error) {
	node, err := peers.Find("node")
	if err != nil {
		return 0, "", err
	}
	top, err := checkout()
	if err != nil {
		return 0, "", err
	}
	if tsDir == "" {
		tsDir = filepath.Join(top, ".peers", "node_modules", "typescript")
	}
	if _, err := os.Stat(filepath.Join(tsDir, "lib", "typescript.js")); err != nil {
		return 0, "", fmt.Errorf("no typescript package in %s (run scripts/peers.sh typescript, or give --typescript): %w", tsDir, err)
	}
	abs := make([]string, len(files))
	for i, f := range files {
		if abs[i], err = filepath.Abs(f); err != nil {
			return 0, "", err
		}
	}
	in, err := json.Marshal(map[string]any{"files": abs, "patterns": []string{}})
	if err != nil {
		return 0, "", err
	}
	cmd := exec.Command(node, filepath.Join(top, filepath.FromSlash(tsOracleScript)), tsDir)
	cmd.Stdin = strings.NewReader(string(in))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, "", fmt.Errorf("%s %s: %w", node, tsOracleScript, err)
	}
	var ans struct {
		TypeScript   string  `json:"typescript"`
		ParseSeconds float64 `json:"parse_seconds"`
		Files        []struct {
			File string `json:"file"`
			OK   bool   `json:"ok"`
		} `json:"files"`
	}
	if err := json.Unmarshal(out, &ans); err != nil {
		return 0, "", fmt.Errorf("%s printed what is not its answer: %w", tsOracleScript, err)
	}
	if len(ans.Files) != len(files) {
		return 0, "", fmt.Errorf("%s answered for %d files of %d", tsOracleScript, len(ans.Files), len(files))
	}
	for i, f := range ans.Files {
		if f.File != abs[i] {
			return 0, "", fmt.Errorf("%s answered for %s where %s was asked", tsOracleScript, f.File, abs[i])
		}
		ok[i] = f.OK
	}
	return ans.ParseSeconds, ans.TypeScript, nil
}

// checkout returns the checkout of agenttools the working directory is
// in: the nearest folder above it with a go.mod and the oracle script.
func checkout() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(tsOracleScript))); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return dir, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside a checkout of agenttools (no " + tsOracleScript + " above the working directory)")
		}
		dir = parent
	}
}
