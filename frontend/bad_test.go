package frontend

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// TestBadInputs checks that malformed input gives an InputError whose first
// line names the file and the cause, and never a panic.
func TestBadInputs(t *testing.T) {
	// The deepest parentheses the pre-scan lets through (the function body
	// and the return statement take two levels).
	deep := "int f(void) { return " + strings.Repeat("(", MaxNesting-2) + "1" + strings.Repeat(")", MaxNesting-2) + "; }\n"
	cases := []struct {
		name, src string
		want      string // regexp for the first line, after the file name
	}{
		{"empty", "", `^: empty file: no C declarations to analyse$`},
		{"blank", "  \n\t\n", `^: empty file: no C declarations to analyse$`},
		{"binary", "\x7fELF\x02\x01\x01\x00\x00\x00garbage\x00\xff\xfe", `^: not a C source file: NUL byte at offset 7$`},
		{"binary without NUL", "\xff\xfe\x80\x81 \x90\x91\n", `^:1:1: `},
		{"unterminated comment", "int x;\n/* never closed\nint y;\n", `^:2:1: .*comment`},
		{"missing header", "#include <linux/nosuch.h>\nint x;\n", `^:1: no model for <linux/nosuch.h>: add it under models/include or pass -I DIR$`},
		{"missing local header", "#include \"nosuch.h\"\nint x;\n", `^:1: no model for "nosuch.h": add it under models/include or pass -I DIR$`},
		{"undeclared identifier", "int f(void) { return undeclared_var; }\n", `^:1:22: undefined: undeclared_var$`},
		{"syntax error", "int f(void) { return 1 +; }\nint g(void) { int = 2; }\n", `^:1:25: unexpected ';'`},
		{"unknown member", "struct s { int a; };\nint f(struct s *p) { return p->b; }\n", `^:2:30: .*no member named b`},
		{"error directive", "#error stop here\n", `^:1:2: .*stop here`},
		{"huge non-zero range", "int *a[100000] = { [0 ... 99999] = (int *)8 };\n", `^:1:36: unsupported: range designator initialising 100000 elements with a non-zero value \(at most 65536\)$`},
		{"label twice", "int f(int x)\n{\n\tif (x)\n\t\tgoto out;\nout:\n\tx++;\nout:\n\treturn x;\n}\n", `^:7: label out defined a second time in one function; the C front end \(cc/v4\) cannot read this$`},
		{"local labels of one line", "#define W(x) ({ __label__ out; int r = (x); if (r) goto out; r = 2; out: r; })\nint f(int x) { return W(x) + W(x + 1); }\n",
			`^: a function defines two labels of the same name, which the C front end \(cc/v4\) cannot read: .*__label__.*separate lines$`},
		{"nested function", "int f(void) { int g(void) { return 1; } return g(); }\n", `^:1:19: unsupported: nested function g$`},
		// cc/v4's parser loops forever on these without the end sentinel.
		{"truncated pointer declarator", "int * const", `^:1: unexpected end of file, expected type qualifier$`},
		{"truncated after pointer", "A(long void)*}", `^:1:14: unexpected '}', expected type qualifier$`},
		{"unclosed function", "int f(void) {\n", `^:1: unexpected end of file, expected '}'$`},
		// cc/v4's scanner loops forever on these without endSplice.
		{"string ends in a splice", "int x; char *s = \"abc\\", `^:1:18: string literal not terminated$`},
		{"char ends in a splice", "int c = 'a\\\n", `^:1:9: character constant not terminated$`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, "bad.c", c.src)
			_, err := Load(context.Background(), path, Config{})
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v (%T), want an InputError", err, err)
			}
			first, _, _ := strings.Cut(err.Error(), "\n")
			rest, ok := strings.CutPrefix(first, path)
			if !ok || !regexp.MustCompile(c.want).MatchString(rest) {
				t.Errorf("first line %q, want %s%s", first, path, c.want)
			}
			if strings.Contains(err.Error(), ".go:") || strings.Contains(err.Error(), "TODO") {
				t.Errorf("cc internals leak into the message: %q", err)
			}
		})
	}
	t.Run("several errors", func(t *testing.T) {
		path := writeFile(t, "bad.c", "int f(void) { return a1; }\nint g(void) { return a2; }\n")
		_, err := Load(context.Background(), path, Config{})
		if err == nil || strings.Count(err.Error(), "\n") != 1 {
			t.Errorf("want two diagnostics, got %v", err)
		}
	})
	t.Run("deep nesting", func(t *testing.T) {
		path := writeFile(t, "deep.c", deep)
		prog, err := Load(context.Background(), path, Config{})
		if err != nil {
			t.Fatalf("%d nested parentheses: %v", MaxNesting-2, err)
		}
		if prog.Func("f") == nil {
			t.Errorf("f not lowered")
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		_, err := Load(context.Background(), "/no/such/file.c", Config{})
		var ie *InputError
		if !errors.As(err, &ie) || err.Error() != "cannot read /no/such/file.c: no such file or directory" {
			t.Errorf("err = %v", err)
		}
		_, err = Load(context.Background(), t.TempDir(), Config{})
		if !errors.As(err, &ie) || !strings.HasSuffix(err.Error(), ": is a directory") {
			t.Errorf("err = %v", err)
		}
	})
}

// generated returns a C file of about n bytes: many small functions over
// a shared struct.
func generated(n int) string {
	var b strings.Builder
	b.WriteString("struct dev { int count; long total; int buf[16]; };\nstatic struct dev devs[4];\nint ext(int);\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `static int fn%d(struct dev *d, int x)
{
	int i, s = 0;
	for (i = 0; i < 16; i++) {
		if (d->buf[i] > x && x != %d)
			s += d->buf[i] * %d;
		else
			s -= ext(i);
	}
	d->count++;
	d->total += s;
	return s > 0 ? s : devs[%d].count;
}
`, i, i, i, i%4)
	}
	return b.String()
}

func TestLargeFile(t *testing.T) {
	src := generated(1 << 20)
	path := writeFile(t, "big.c", src)
	prog, err := LoadUntil(context.Background(), path, Config{}, "inline")
	if err != nil {
		t.Fatal(err)
	}
	n := strings.Count(src, "static int fn")
	if len(prog.Funcs) != n+1 {
		t.Errorf("%d functions, want %d", len(prog.Funcs), n+1)
	}
}

// TestHugeAggregates checks that enormous arrays are copied and zeroed as
// byte ranges, not element by element.
func TestHugeAggregates(t *testing.T) {
	src := `struct s { int a[1000000000]; long b[2][1000000000000]; int tail; };
void f(struct s *x, struct s *y) { struct s z = { .tail = 1 }; *x = *y; }
`
	prog := lower(t, src, Config{})
	var touches int
	prog.Accesses(func(fn *ir.Function, s ir.Stmt, a *ir.Access) {
		if _, ok := s.(*ir.Touch); ok {
			touches++
		}
	})
	if touches != 6 {
		t.Errorf("%d touches, want 6 (zero 2 arrays, copy 2 arrays as read+write):\n%s", touches, prog)
	}
}

// cc/v4's member-list dumps of struct types are cut to the struct's name.
func TestShortenTypeDumps(t *testing.T) {
	for in, want := range map[string]string{
		"type struct bcm_vk {pdev pointer to struct pci_dev; u union {a int; b struct {c int}}} has no member named x": "type struct bcm_vk has no member named x",
		"invalid operands struct a {x int} and union b {y int}":                                                        "invalid operands struct a and union b",
		"type struct s has no member named x":                                                                          "type struct s has no member named x",
		"unbalanced struct s {x int":                                                                                   "unbalanced struct s {x int",
	} {
		if got := shortenTypeDumps(in); got != want {
			t.Errorf("shortenTypeDumps(%q) = %q, want %q", in, got, want)
		}
	}
}
