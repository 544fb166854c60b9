package frontend

import (
	"bytes"
	"context"
	"os"
	"os/exec"
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

// TestGCCPreprocessSameProgram: with gcc preprocessing the leading block,
// the program (functions, statements, positions of the driver's code) is
// the one cc/v4 alone gives, without a fallback.
func TestGCCPreprocessSameProgram(t *testing.T) {
	l := gccTree(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc on the PATH: --preprocess=gcc falls back to cc/v4 (TestGCCPreprocessFallback)")
	}
	const file = "testdata/gcc/head.c"
	want, _ := loadTree(t, l, file, "cc", "")
	got, warn := loadTree(t, l, file, PreprocessGCC, "")
	if warn != "" {
		t.Errorf("gcc path fell back: %s", warn)
	}
	if got != want {
		t.Errorf("programs differ:\n--- gcc\n%s\n--- cc\n%s", got, want)
	}
	if !strings.Contains(got, "head_count := t8 + 1  ; head_count #8  @37:2") {
		t.Errorf("no write of head_count at 37:2 (head_count++) in:\n%s", got)
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
