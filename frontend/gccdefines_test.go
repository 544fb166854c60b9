package frontend

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestRestMacros: gcc names the macros the driver's code after its block
// expands or tests, after the block's definitions: those it reaches by
// token pasting too, not one it never meets.
func TestRestMacros(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc on the PATH")
	}
	mirror := t.TempDir()
	r := &gccRun{ctx: context.Background(), gcc: gcc, mirror: mirror, path: "drv.c", builtins: map[string]bool{}, made: map[string]bool{}}
	if err := r.write(filepath.Join(mirror, gccMacros), []byte(r.gccMacroText(""))); err != nil {
		t.Fatal(err)
	}
	text := "#line 1 \"h.h\"\n#define A 1\n#define B_C 2\n#define UNUSED 3\n#undef UNUSED\n#define CAT(a,b) a ## b\n#define F(x) CAT(x, _C)\nint t;\n"
	rest := "int v = F(B) + A;\n#ifdef NOTDEF\n#endif\n"
	used := r.restMacros(&state{}, text, rest, 1, 0, nil)
	for _, n := range []string{"A", "B_C", "CAT", "F", "NOTDEF"} {
		if !used[n] {
			t.Errorf("%s not used in %v", n, used)
		}
	}
	if used["UNUSED"] || len(used) != 5 {
		t.Errorf("used = %v, want A B_C CAT F NOTDEF", used)
	}
	// gcc's answer to __has_attribute is not cc/v4's: every definition stays.
	if used := r.restMacros(&state{}, text, "#if __has_attribute(x)\n#endif\n", 1, 0, nil); used != nil {
		t.Errorf("__has_attribute in the driver's code: used = %v, want nil", used)
	}
}

// TestKeptDefines: pruneBodies hands on the definitions of the names the
// driver's code uses (restMacros') and of the names of the kept code, with
// the bodies of those cc/v4 expands again there (an object-like macro, a
// function-like one before a '('); the others' #define lines become empty
// lines, a run of them a #line, and every #undef stays. A paste in a body
// so reached keeps every definition.
func TestKeptDefines(t *testing.T) {
	text := "#line 1 \"h.h\"\n" +
		"#define inline inline __attr\n" + // 1: gcc left `inline` in its output
		"#define __attr __attribute__((x))\n" + // 2: reached from inline's body
		"#define fm(x) gone(x)\n" + // 3: named in the code, not called
		"#define U1 1\n#define U2 2\n#define U3 3\n#define U4 4\n" + // 4-7: nothing uses them
		"#define USED 5\n#undef USED\n#define USED 6\n" + // 8-10: the driver's code uses it
		"#undef PRE\n" + // 11: a name cc/v4 may predefine: every #undef stays
		"static inline int fm;\n" // 12
	want := "#line 1 \"h.h\"\n" +
		"#define inline inline __attr\n" +
		"#define __attr __attribute__((x))\n" +
		"#define fm(x) gone(x)\n" +
		"#line 8\n" +
		"#define USED 5\n#undef USED\n#define USED 6\n" +
		"#undef PRE\n" +
		"static inline int fm;\n"
	roots := map[string]bool{"fm": true}
	if got := pruneBodies(text, roots, &blockMacros{used: map[string]bool{"USED": true}, bodies: macroBodies(text)}); got != want {
		t.Errorf("pruneBodies:\n%s\nwant:\n%s", got, want)
	}
	if got := pruneBodies(text, roots, nil); got != text {
		t.Errorf("without restMacros' names:\n%s\nwant the text", got)
	}
	pasted := "#define inline inline __attr\n#define __attr CAT(a, b)\n#define CAT(a,b) a ## b\n#define U1 1\nstatic inline int fm;\n"
	if got := pruneBodies(pasted, roots, &blockMacros{used: map[string]bool{}, bodies: macroBodies(pasted)}); got != pasted {
		t.Errorf("a paste reached from the code:\n%s\nwant the text", got)
	}
}

// TestCollapseLines: a run of #line directives and empty lines, two
// directives or more, becomes one #line giving the next line its number,
// and the file a directive of the run names; other lines stay.
func TestCollapseLines(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"#line 1 \"a.h\"\n#line 9\nint x;\n", "#line 9 \"a.h\"\nint x;\n"},
		{"#line 3 \"a.h\"\n\n#line 7 \"b.h\"\n\n\nint x;\n", "#line 9 \"b.h\"\nint x;\n"},
		{"int a;\n#line 5\n\n#line 20\nint b;\n", "int a;\n#line 20\nint b;\n"},
		// One directive, and empty lines before a directive, stay.
		{"\n#line 5 \"a.h\"\n\nint x;\n", "\n#line 5 \"a.h\"\n\nint x;\n"},
		{"#define A 1\n#line 2\n#if __COUNTER__\n#line 4\nint y;", "#define A 1\n#line 2\n#if __COUNTER__\n#line 4\nint y;"},
		{"#line 1 \"a.h\"\n#line 2\n", "#line 2 \"a.h\"\n"},
	} {
		if got := collapseLines(tc.in); got != tc.want {
			t.Errorf("collapseLines(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
