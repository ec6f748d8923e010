package mcpserve

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestMCPReadLine: lines come whole, without their newline; a line longer
// than the bound comes as long, with none of its bytes, and the next line
// is read as usual; a last line without a newline is a line.
func TestMCPReadLine(t *testing.T) {
	type got struct {
		Line string
		Long bool
	}
	for _, tc := range []struct {
		name, in string
		want     []got
	}{
		{"lines", "a\nbb\n", []got{{"a", false}, {"bb", false}}},
		{"at the bound", "0123456789\nx\n", []got{{"0123456789", false}, {"x", false}}},
		{"past the bound", "0123456789A\nx\n", []got{{"", true}, {"x", false}}},
		{"long, then the end", "0123456789ABCDEF", []got{{"", true}}},
		{"no newline at the end", "a\nb", []got{{"a", false}, {"b", false}}},
		{"empty lines", "\n\na\n", []got{{"", false}, {"", false}, {"a", false}}},
	} {
		r := bufio.NewReaderSize(strings.NewReader(tc.in), 16) // chunks smaller than a line
		var lines []got
		for {
			line, long, err := readLine(r, 10)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			lines = append(lines, got{string(line), long})
		}
		if diff := cmp.Diff(tc.want, lines); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// endless is an input of one byte over and over, n of them.
type endless struct {
	b byte
	n int
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n == 0 {
		return 0, io.EOF
	}
	n := min(len(p), e.n)
	for i := range n {
		p[i] = e.b
	}
	e.n -= n
	return n, nil
}

// TestMCPReadLineTooLong: a line of 20 MiB is skipped as it streams by, and
// the line after it is read.
func TestMCPReadLineTooLong(t *testing.T) {
	in := io.MultiReader(strings.NewReader(`{"x":"`), &endless{'a', 20 << 20}, strings.NewReader("\"}\n{}\n"))
	r := bufio.NewReaderSize(in, 64<<10)
	line, long, err := readLine(r, maxLine)
	if err != nil || !long || line != nil {
		t.Fatalf("the long line: %d bytes, long %v, %v", len(line), long, err)
	}
	line, long, err = readLine(r, maxLine)
	if err != nil || long || string(line) != "{}" {
		t.Fatalf("the line after: %q, long %v, %v", line, long, err)
	}
}

func TestMCPTooDeep(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{`[[[]]]`, false},
		{`[[[[]]]]`, true},
		{`{"a":{"b":{"c":1}}}`, false},
		{`{"a":{"b":{"c":{}}}}`, true},
		{`["[[[[[[", "{{{{{{"]`, false},      // brackets in strings
		{`["\"[[[[[[", "\\", [[1]]]`, false}, // escaped quotes
		{`[[[]]][[[]]]`, false},              // depth, not count
		{strings.Repeat("[", 100000), true},
	} {
		if got := tooDeep([]byte(tc.line), 3); got != tc.want {
			t.Errorf("tooDeep(%.40q, 3) = %v", tc.line, got)
		}
	}
}

// TestMCPDecode: what is no message gets its reply, with the code JSON-RPC
// gives the fault, and the id when the line has one that can be read.
func TestMCPDecode(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       string // the reply; "" for a message
	}{
		{"a call", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, ""},
		{"a notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, ""},
		{"an answer", `{"jsonrpc":"2.0","id":"e1","result":{}}`, ""},
		{"not JSON", `hello`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not JSON: invalid character 'h' looking for beginning of value"}}`},
		{"cut short", `{"jsonrpc":"2.0","id":1,"method":"tools/li`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not JSON: unexpected end of JSON input"}}`},
		{"too deep", strings.Repeat("[", 2000) + strings.Repeat("]", 2000),
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message nests arrays and objects more than 1000 deep; it was skipped"}}`},
		{"a batch", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a batch of messages is not taken: send one message per line (MCP has had no batches since 2025-06-18)"}}`},
		{"a number", `42`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the line is no JSON-RPC message: it must hold one JSON object"}}`},
		{"another version", `{"jsonrpc":"1.0","id":7,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"invalid JSON-RPC message: invalid message version tag \"1.0\"; expected \"2.0\""}}`},
		{"an id that is no id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid JSON-RPC message: parse error: invalid ID type bool"}}`},
	} {
		got := decode([]byte(tc.line))
		if string(got.reply) != tc.want {
			t.Errorf("%s: reply\n%s\nwant\n%s", tc.name, got.reply, tc.want)
		}
		if (got.msg == nil) != (tc.want != "") {
			t.Errorf("%s: message %v", tc.name, got.msg)
		}
	}
}

// TestMCPWireError: every code a reply carries is one JSON-RPC allows.
func TestMCPWireError(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		info callInfo
		want jsonrpc.Error
	}{
		{"before initialize", errors.New(`method "tools/list" is invalid during session initialization`), callInfo{"tools/list", true},
			jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: `method "tools/list" is invalid during session initialization`}},
		{"a bad initialize", errors.New(`duplicate "initialize" received`), callInfo{"initialize", false},
			jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: `duplicate "initialize" received`}},
		{"a fault of ours", errors.New("marshaling output"), callInfo{"tools/call", false},
			jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "marshaling output"}},
		{"a code kept", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "unknown tool", Data: []byte(`{"a":1}`)}, callInfo{"tools/call", false},
			jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "unknown tool", Data: []byte(`{"a":1}`)}},
		{"a wrapped code", errors.Join(errors.New("handling"), &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "no"}), callInfo{"x", false},
			jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "handling\nno"}},
		{"a server error", &jsonrpc.Error{Code: -32042, Message: "url elicitation required"}, callInfo{"tools/call", false},
			jsonrpc.Error{Code: -32042, Message: "url elicitation required"}},
		{"a code JSON-RPC keeps for itself", &jsonrpc.Error{Code: -32200, Message: "odd"}, callInfo{"tools/call", false},
			jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "odd"}},
		{"an error that quotes megabytes", errors.New(strings.Repeat("é", 1000)), callInfo{"tools/call", false},
			jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: strings.Repeat("é", 500) + "… (2000 bytes in all)"}},
	} {
		if diff := cmp.Diff(&tc.want, wireError(tc.err, tc.info)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestMCPAnsweredRevision: the revision an initialize is answered with, which the
// session then speaks.
func TestMCPAnsweredRevision(t *testing.T) {
	for asked, want := range map[string]string{
		"2024-11-05": "2024-11-05",
		"2025-06-18": "2025-06-18",
		"2025-11-25": "2025-11-25",
		"2026-07-28": "2025-11-25", // no initialize in it
		"2099-01-01": "2025-11-25",
		"":           "2025-11-25",
	} {
		if got := answeredRevision(asked); got != want {
			t.Errorf("answeredRevision(%q) = %q, want %q", asked, got, want)
		}
	}
}
