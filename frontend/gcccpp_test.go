package frontend

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend/ktree"
)

func TestHeadEnd(t *testing.T) {
	for _, tc := range []struct{ src, head string }{
		{"#include <a.h>\nint x;\n", "#include <a.h>\n"},
		{"// c\n/* a\n * b */\n#define A 1\n\n#include <a.h>\nint x;\n", "// c\n/* a\n * b */\n#define A 1\n\n#include <a.h>\n"},
		// A quoted include is the driver's own header: cc/v4 reads it.
		{"#include <a.h>\n#include \"local.h\"\n#include <b.h>\n", "#include <a.h>\n"},
		// An #if still open at the first code line ends the block before it.
		{"#include <a.h>\n#ifdef X\n#include <b.h>\nint y;\n#endif\n", "#include <a.h>\n"},
		{"#include <a.h>\n#ifdef X\n#include <b.h>\n#endif\nint y;\n", "#include <a.h>\n#ifdef X\n#include <b.h>\n#endif\n"},
		{"#define M(a) \\\n\tf(a)\nint z;\n", "#define M(a) \\\n\tf(a)\n"},
		{"#define S \"/*\"\nint z;\n", "#define S \"/*\"\n"},
		{"/* open\nint z; */ int w;\n", ""},
		{"int x;\n", ""},
	} {
		if got := string(tc.src[:headEnd([]byte(tc.src))]); got != tc.head {
			t.Errorf("headEnd(%q) = %q, want %q", tc.src, got, tc.head)
		}
	}
}

// gccTree returns the kernel tree of make test, or skips.
func gccTree(t *testing.T) *ktree.Layout {
	tree, build := os.Getenv("WHOOP_KERNEL_TREE"), os.Getenv("WHOOP_KERNEL_BUILD")
	if tree == "" || build == "" {
		t.Skip("no kernel tree: set WHOOP_KERNEL_TREE and WHOOP_KERNEL_BUILD (scripts/kernel-tree prints them)")
	}
	l, err := ktree.Resolve(tree, build)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// loadTree loads file in tree mode with the given preprocessor and returns
// the program printed and what was said about falling back.
func loadTree(t *testing.T, l *ktree.Layout, file, preprocess, gcc string) (string, string) {
	var warn bytes.Buffer
	cfg := Config{Kernel: l, Tree: TreeOptions{Preprocess: preprocess, GCC: gcc, Warn: &warn}}
	prog, err := Load(context.Background(), file, cfg)
	if err != nil {
		t.Fatalf("%s (%s): %v", file, preprocess, err)
	}
	return prog.String(), warn.String()
}

// sameAsCC loads file through gcc and through cc/v4 alone and checks the
// programs are the same, without a fallback; it returns gcc's.
func sameAsCC(t *testing.T, file string) string {
	t.Helper()
	l := gccTree(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc on the PATH: --preprocess=gcc falls back to cc/v4 (TestGCCPreprocessFallback)")
	}
	want, _ := loadTree(t, l, file, "cc", "")
	got, warn := loadTree(t, l, file, PreprocessGCC, "")
	if warn != "" {
		t.Errorf("gcc path fell back: %s", warn)
	}
	if got != want {
		t.Errorf("programs differ:\n--- gcc\n%s\n--- cc\n%s", got, want)
	}
	return got
}

// TestGCCPreprocessSameProgram: with gcc preprocessing the leading block,
// the program (functions, statements, positions of the driver's code) is
// the one cc/v4 alone gives, without a fallback.
func TestGCCPreprocessSameProgram(t *testing.T) {
	got := sameAsCC(t, "testdata/gcc/head.c")
	if !strings.Contains(got, "head_count := t8 + 1  ; head_count #8  @37:2") {
		t.Errorf("no write of head_count at 37:2 (head_count++) in:\n%s", got)
	}
}

// TestGCCPreprocessPrunedNames: the names pruning must not drop, those
// only token pasting forms (guard(), IS_ENABLED), a header's enumerator,
// a tag and typedefs, reach cc/v4: the program is cc/v4's, without a
// fallback, and guard()'s unlock is there.
func TestGCCPreprocessPrunedNames(t *testing.T) {
	got := sameAsCC(t, "testdata/gcc/paste.c")
	if !strings.Contains(got, "paste_count := ") || !strings.Contains(got, "spin_unlock") {
		t.Errorf("no write of paste_count or no spin_unlock in:\n%s", got)
	}
}

// TestGCCPreprocessFallback: without the compiler, the unit is read by
// cc/v4 alone, and a note says why.
func TestGCCPreprocessFallback(t *testing.T) {
	l := gccTree(t)
	const file = "testdata/gcc/head.c"
	want, _ := loadTree(t, l, file, "cc", "")
	got, warn := loadTree(t, l, file, PreprocessGCC, "whoop-no-such-gcc")
	if !strings.Contains(warn, "head.c: --preprocess=gcc: no compiler") || !strings.Contains(warn, "preprocessing with cc/v4") {
		t.Errorf("note: %q", warn)
	}
	if got != want {
		t.Errorf("fallback program differs from cc/v4's")
	}
}

// TestPruneBodies: a declaration or definition stays when a name it
// declares is reached from the driver's identifiers or a kept unit;
// others become their newlines, their directive lines kept.
func TestPruneBodies(t *testing.T) {
	src := `#line 1 "h.h"
static inline int used(void) { return helper() + ONE + sizeof(struct tagged) + (int)(long)tab; }
static inline int helper(void)
{
	return 1;
}
static inline int unused(int x) { return x + "}"[0]; }
static inline __attribute__((always_inline)) void attr(void) __attribute__((cold)) { unused2(); }
static int from_init(void) { return 2; }
static int (*tab[])(void) = { from_init };
static int (*untab[])(void) = { unused };
typedef struct __attribute__((packed)) { int a; } packed_t;
enum { ZERO, ONE = 1 };
enum { TWO = 2 };
struct tagged { packed_t p; };
extern int tagged2(struct
#line 40 "h.h"
 tagged *);
int (*fp)(void);
_Static_assert(1, "kept: declares nothing");
#define M(x) { x }
`
	want := `#line 1 "h.h"
static inline int used(void) { return helper() + ONE + sizeof(struct tagged) + (int)(long)tab; }
static inline int helper(void)
{
	return 1;
}


static int from_init(void) { return 2; }
static int (*tab[])(void) = { from_init };

typedef struct __attribute__((packed)) { int a; } packed_t;
enum { ZERO, ONE = 1 };

struct tagged { packed_t p; };

#line 40 "h.h"


_Static_assert(1, "kept: declares nothing");
#define M(x) { x }
`
	if got := pruneBodies(src, map[string]bool{"used": true}, nil); got != want {
		t.Errorf("pruneBodies:\n%s\nwant:\n%s", got, want)
	}
	multi := "void f(void)\n{\n\tg();\n}\nint x;\n"
	if got := pruneBodies(multi, map[string]bool{"x": true}, nil); got != "#line 5\nint x;\n" {
		t.Errorf("lines not kept: %q", got)
	}
}

// TestPruneBlankRuns: between units, blankRun or more empty lines (a
// dropped unit's, or gcc's) become one #line giving the next line its
// number, counted from the last #line, and a dropped unit's directive
// lines stay; inside a kept unit (a macro call may be collecting
// arguments there) and below blankRun, empty lines stay.
func TestPruneBlankRuns(t *testing.T) {
	src := "#line 1 \"h.h\"\n" +
		"void f(void)\n{\n\n\tg();\n}\n" + // dropped: lines 1-5
		"int x;\n" + // line 6
		"void f2(void)\n{\n#define A 1\n\tg();\n\tg();\n\tg();\n\n}\n" + // dropped, with a #define: lines 7-14
		"int y = F(1,\n\n\n\n\n2);\n" + // kept, lines 15-20
		"#line 40 \"i.h\"\n\n\n\n\n" + // gcc's own empty lines: 40-43
		"int z;\n" + // line 44
		"\n\n\n" + // below blankRun
		"int w;\n"
	want := "#line 6 \"h.h\"\n" + // two #line in a row: one
		"int x;\n" +
		"\n\n#define A 1\n" +
		"#line 15\n" +
		"int y = F(1,\n\n\n\n\n2);\n" +
		"#line 44 \"i.h\"\n" +
		"int z;\n" +
		"\n\n\n" +
		"int w;\n"
	if got := pruneBodies(src, map[string]bool{"x": true, "y": true, "z": true, "w": true}, nil); got != want {
		t.Errorf("pruneBodies:\n%s\nwant:\n%s", got, want)
	}
}

// TestDeclNames: the names a declaration declares, as pruneBodies reads
// them; a typedef name is a type specifier after its typedef, a tag is
// not a typedef name.
func TestDeclNames(t *testing.T) {
	src := "typedef struct s { int a; } s_t; s_t (*f)(s_t x); struct s s(void); enum e { A, B = sizeof(s_t) } v[3] = { A }; void (*sig(int n, void (*h)(int)))(int);"
	toks := cTokens(src)
	var got []string
	for _, u := range declUnits(src, toks) {
		got = append(got, strings.Join(u.defs, ","))
	}
	want := []string{"s,s_t,s", "f", "s", "e,v,e,A,B", "sig"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("defs = %q, want %q", got, want)
	}
}

// TestGCCPreprocessPruneSameProgram: pruning the header bodies nothing
// reaches changes nothing in the program.
func TestGCCPreprocessPruneSameProgram(t *testing.T) {
	l := gccTree(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc on the PATH")
	}
	var warn bytes.Buffer
	cfg := Config{Kernel: l, Tree: TreeOptions{Preprocess: PreprocessGCC, Warn: &warn, NoPrune: true}}
	prog, err := Load(context.Background(), "testdata/gcc/head.c", cfg)
	if err != nil || warn.Len() > 0 {
		t.Fatalf("%v %s", err, warn.String())
	}
	got, _ := loadTree(t, l, "testdata/gcc/head.c", PreprocessGCC, "")
	if got != prog.String() {
		t.Errorf("pruned program differs:\n%s\nunpruned:\n%s", got, prog.String())
	}
}

// TestMacroRoots: a function only a macro of cc/v4's definitions calls
// (gcc's own first run may have chosen another definition) stays, through
// the driver's own #define too.
func TestMacroRoots(t *testing.T) {
	text := "#define CALL() fallback()\n#define OTHER() other()\nstatic int fallback(void) { return 1; }\nstatic int other(void) { return 2; }\nstatic int mine(void) { return 3; }\n"
	roots := map[string]bool{}
	macroRoots(&state{}, macroBodies(text), []byte("#define MINE mine()\nint x = CALL() + MINE;\n"), nil, roots)
	got := pruneBodies(text, roots, nil)
	want := "#define CALL() fallback()\n#define OTHER() other()\nstatic int fallback(void) { return 1; }\n\nstatic int mine(void) { return 3; }\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestMirrorLinks: a header the rewrites leave alone is linked into the
// mirror, a rewritten one copied; gcc looks for the linked header's quoted
// include beside the link, so it reads the rewritten copy, not the tree's
// file; a header listed twice is mirrored once.
func TestMirrorLinks(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc on the PATH")
	}
	tree, mirror := t.TempDir(), t.TempDir()
	a, b := filepath.Join(tree, "inc", "a.h"), filepath.Join(tree, "inc", "b.h")
	if err := os.MkdirAll(filepath.Dir(a), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		a: "#include \"b.h\"\n",
		b: "int my__has_builtin_b;\n", // hasOperators renames it
	}
	for p, text := range files {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &gccRun{ctx: context.Background(), gcc: gcc, mirror: mirror, builtins: map[string]bool{}, made: map[string]bool{}}
	for _, p := range []string{a, b, a} {
		if err := r.mirrorFile(p); err != nil {
			t.Fatal(err)
		}
	}
	if fi, err := os.Lstat(r.mapped(a, true)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("a.h is not a link in the mirror (%v)", err)
	}
	got, err := os.ReadFile(r.mapped(b, true))
	if err != nil || string(got) == files[b] {
		t.Fatalf("b.h in the mirror is not rewritten: %q (%v)", got, err)
	}
	out, err := exec.Command(gcc, "-E", "-P", r.mapped(a, true)).Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "int my__whoop_has_builtin_b;"; strings.TrimSpace(string(out)) != want {
		t.Errorf("gcc on the mirror: %q, want %q", out, want)
	}
}

// TestDirectives: the scan reads every #include, #include_next and #import
// line, comments between the words, in any #if branch; it gives up on a
// name it cannot read (a macro, a line splice) and on "include" after a
// '#' elsewhere on a line that is not a comment's.
func TestDirectives(t *testing.T) {
	type dir struct {
		next, angle bool
		name        string
	}
	read := func(src string) ([]dir, bool) {
		var got []dir
		ok := directives([]byte(src), func(next, angle bool, name string) {
			got = append(got, dir{next, angle, name})
		})
		return got, ok
	}
	got, ok := read("#include <a.h>\n  #  include_next \"b.h\"\n#if 0\n# /* c */ include/**/<c/d.h>\n#endif\n" +
		"#define X \"#include <no.h>\"\n/*\n * #include <doc.h>\n */\n// #include <line.h>\n#import <i.h>\n")
	want := []dir{{false, true, "a.h"}, {true, false, "b.h"}, {false, true, "c/d.h"}, {false, true, "i.h"}}
	if !ok || !slices.Equal(got, want) {
		t.Errorf("got %v %v, want %v", got, ok, want)
	}
	for _, src := range []string{
		"#include MACRO(x)\n",
		"#include \\\n<a.h>\n",
		"#inc\\\nlude <a.h>\n",
		"#\\\ninclude <a.h>\n",
		"/* x */ #include <a.h>\n",
		" */ #include <a.h>\n",
		"%:include <a.h>\n",
		"# /* open\n include <a.h> */\n",
		// "include" on a line after directive lines that hold it.
		"#include <a.h>\n#include <b.h>\n x #include <c.h>\n",
		"#include <a.h>\nint include;\n#define A 1\n y # include <c.h>\n",
	} {
		if _, ok := read(src); ok {
			t.Errorf("%q: read", src)
		}
	}
}

// TestScanHeaders: the scan finds what gcc finds, as gcc searches: a
// quoted name beside its includer first, then the driver's directory,
// then the include path; #include_next after the entry its file was found
// through; every #if branch followed; and gives up on __has_include.
func TestScanHeaders(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"d1/x.h":       "#include_next <x.h>\n#include \"near.h\"\n",
		"d1/near.h":    "",
		"d2/x.h":       "#if 0\n#include <y.h>\n#endif\n",
		"d2/y.h":       "",
		"d2/near.h":    "",
		"drv/own.h":    "#include <z.h>\n",
		"d2/z.h":       "",
		"d2/asks.h":    "#if __has_include(<q.h>)\n#endif\n",
		"drv/driver.c": "",
	}
	writeTree(t, root, files)
	r := &gccRun{path: filepath.Join(root, "drv/driver.c"), dirs: []string{filepath.Join(root, "d1"), filepath.Join(root, "d2")}}
	s := r.scanHeaders("#include <x.h>\n#include \"own.h\"\n")
	if s == nil {
		t.Fatal("scan gave up")
	}
	var got []string
	for _, p := range s.sorted() {
		got = append(got, strings.TrimPrefix(p, root+"/"))
	}
	want := []string{"d1/near.h", "d1/x.h", "d2/x.h", "d2/y.h", "d2/z.h", "drv/own.h"}
	if !slices.Equal(got, want) {
		t.Errorf("found %v, want %v", got, want)
	}
	if !s.covers([]scanKey{{"", "x.h", false, true}, {filepath.Join(root, "d1/x.h"), "x.h", true, true}}) {
		t.Errorf("the scan does not cover its own directives")
	}
	if s.covers([]scanKey{{filepath.Join(root, "d2/x.h"), "w.h", false, true}}) {
		t.Errorf("the scan covers a directive it never read")
	}
	if r.scanHeaders("#include <asks.h>\n") != nil {
		t.Errorf("the scan read __has_include")
	}
}

// TestGCCPreprocessOneRun: the unit is preprocessed by one gcc run (the
// headers found by the scan, not by a first gcc -M), and the program is
// cc/v4's.
func TestGCCPreprocessOneRun(t *testing.T) {
	l := gccTree(t)
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc on the PATH")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "runs")
	wrapper := filepath.Join(dir, "gcc")
	script := "#!/bin/sh\necho \"$@\" >> " + log + "\nexec " + gcc + " \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	const file = "testdata/gcc/head.c"
	want, _ := loadTree(t, l, file, "cc", "")
	got, warn := loadTree(t, l, file, PreprocessGCC, wrapper)
	if warn != "" {
		t.Errorf("gcc path fell back: %s", warn)
	}
	if got != want {
		t.Errorf("programs differ:\n--- gcc\n%s\n--- cc\n%s", got, want)
	}
	runs, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	// Once on the unit, once on the block's definitions (restMacros).
	if n := strings.Count(string(runs), gccMain); n != 1 {
		t.Errorf("gcc ran %d times on the unit, want 1", n)
	}
	if n, all := strings.Count(string(runs), gccRest), strings.Count(string(runs), "\n"); n != 1 || all != 2 {
		t.Errorf("gcc ran %d times on the definitions and %d in all, want 1 and 2", n, all)
	}
}

// writeTree writes files (relative path to text) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, text := range files {
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
