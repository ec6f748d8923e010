package tools

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/google/go-cmp/cmp"
)

// TestJavaMissing: in a Maven project where jdtls is nowhere, lsp and
// debug name what Java needs, through the same tables as every other
// language, and start nothing.
func TestJavaMissing(t *testing.T) {
	dir := serverlessDir(t, map[string]string{
		"pom.xml":                       "<project><modelVersion>4.0.0</modelVersion></project>\n",
		"src/main/java/hello/Main.java": "package hello;\n\nclass Main {\n\tpublic static void main(String[] args) {}\n}\n",
	})
	lsp := lspclient.NewSupervisor(dir)
	defer lsp.Close(context.Background())
	dbg := dapclient.NewSupervisor(dir, time.Minute)
	defer dbg.Close()
	d, err := Registry(&Run{Dir: dir, LSP: lsp, Debug: dbg, ConversationID: "c", Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	const java = "Java debugging runs inside jdtls (Microsoft's java-debug plugin, started by vscode.java.startDebugSession), " +
		"with a launch of mainClass, projectName and classPaths, or an attach to hostName and port of a JVM run with " +
		"-agentlib:jdwp=transport=dt_socket,server=y,address=PORT; agenttools does not drive it yet"
	for _, tc := range []struct {
		name   string
		tool   string
		args   map[string]any
		prefix string // of the line of the text that is compared
		want   string
		isErr  bool
	}{
		{"lsp status", "lsp", map[string]any{"action": "status"}, "jdtls:",
			"jdtls: cannot run here: no binary (jdtls) found", false},
		{"lsp hover", "lsp", map[string]any{"action": "hover", "file": "src/main/java/hello/Main.java", "line": 3, "symbol": "Main"}, "",
			"jdtls is not installed (looked for jdtls); lsp status says what can run here", true},
		{"debug adapters", "debug", map[string]any{"operation": "adapters"}, "java (",
			"java (jdtls with java-debug): root marker pom.xml, build.gradle, build.gradle.kts, settings.gradle, settings.gradle.kts, .project: found pom.xml; " +
				"jdtls is not on PATH (Eclipse JDT Language Server); " + java + " — not usable", false},
		{"debug launch", "debug", map[string]any{"operation": "launch", "program": "src/main/java/hello/Main.java"}, "",
			"launch: src/main/java/hello/Main.java needs the java adapter, which is not usable here: jdtls is not on PATH (Eclipse JDT Language Server); " + java + "; adapters says what is usable", true},
	} {
		res := call(t, d, tc.tool, tc.args)
		got := res.TextContent()
		if tc.prefix != "" {
			got = ""
			for _, line := range strings.Split(res.TextContent(), "\n") {
				if strings.HasPrefix(line, tc.prefix) {
					got = line
				}
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" || res.IsError != tc.isErr {
			t.Errorf("%s: isError %v, want %v; text (-want +got):\n%s\nwhole text:\n%s", tc.name, res.IsError, tc.isErr, diff, res.TextContent())
		}
	}
	if pids := lsp.PIDs(); len(pids) != 0 {
		t.Errorf("language servers started: %v", pids)
	}
	if pids := dbg.PIDs(); len(pids) != 0 {
		t.Errorf("debug adapters started: %v", pids)
	}
}
