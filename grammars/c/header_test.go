package c

import (
	"testing"

	"github.com/agenttools/agenttools/grammars"
)

// TestHoldsCxx: a header is C++'s when C++ that is no C stands outside
// the conditionals that test __cplusplus; the shared extension goes to
// the language whose claim the content meets.
func TestHoldsCxx(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		cxx       bool
	}{
		{"plain C", "int f(void);\nstruct s { int a; };\n", false},
		{"C with a C++ guard", "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#endif\n", false},
		{"C with a C++ wrapper", "int f(void);\n#if defined(__cplusplus)\nnamespace c { class W { public: int g(); }; }\n#endif\n", false},
		{"words in comments and strings", "/* class A { } namespace x template <T> */\nconst char *s = \"a::b\";\n", false},
		{"a class", "class Widget {\npublic:\n  int x;\n};\n", true},
		{"a forward declaration", "class Widget;\nint f(Widget *);\n", true},
		{"a namespace", "namespace app {\nint f();\n}\n", true},
		{"a template", "template <typename T> T max(T a, T b);\n", true},
		{"a qualified name", "int f() { return std::max(1, 2); }\n", true},
		{"extern C++", "extern \"C++\" int f();\n", true},
		{"C++ after a guard", "#ifdef __cplusplus\n#endif\nclass A {};\n", true},
		{"a guard that tests more", "#ifndef HEADER_H\n#define HEADER_H\nclass A {};\n#endif\n", true},
	} {
		if got := HoldsCxx([]byte(tc.src)); got != tc.cxx {
			t.Errorf("%s: HoldsCxx = %v, want %v", tc.name, got, tc.cxx)
		}
		r, err := grammars.NewRegistry(Language, CPP)
		if err != nil {
			t.Fatal(err)
		}
		want := Language
		if tc.cxx {
			want = CPP
		}
		langs, err := r.Choose("", "x.h", true)
		if err != nil {
			t.Fatal(err)
		}
		var readers []string
		for _, l := range langs {
			if l.Reads("x.h", []byte(tc.src)) {
				readers = append(readers, l.ID)
			}
		}
		if len(readers) != 1 || readers[0] != want.ID {
			t.Errorf("%s: read by %v, want %s", tc.name, readers, want.ID)
		}
	}
}
