package frontend

import (
	"bytes"
	"testing"
)

// A macro's GNU local labels are renamed after the line of each expansion,
// in its body only, keeping every line break; a label the caller names (a
// parameter) and text outside #define are left alone.
func TestRewriteLocalLabels(t *testing.T) {
	src := "#define W(wq, cond)\t\t\\\n" +
		"({\t\t\t\t\\\n" +
		"\t__label__ __out;\t\t\\\n" +
		"\tif (cond) goto __out;\t\\\n" +
		"__out:\t0;\t\t\t\\\n" +
		"})\n" +
		"#define _THIS_IP_  ({ __label__ __here; __here: (unsigned long)&&__here; })\n" +
		"#define MINE(l) ({ __label__ l; l: 0; })\n" +
		"int __out;\n"
	want := "#define W(wq, cond)\t\t\\\n" +
		"({\t\t\t\t\\\n" +
		"\t__label__ __whoop_cat(__out, __LINE__);\t\t\\\n" +
		"\tif (cond) goto __whoop_cat(__out, __LINE__);\t\\\n" +
		"__whoop_cat(__out, __LINE__):\t0;\t\t\t\\\n" +
		"})\n" +
		"#define _THIS_IP_  ({ __label__ __whoop_cat(__here, __LINE__); __whoop_cat(__here, __LINE__): (unsigned long)&&__whoop_cat(__here, __LINE__); })\n" +
		"#define MINE(l) ({ __label__ l; l: 0; })\n" +
		"int __out;\n"
	got := rewriteKernelSource([]byte(src))
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if bytes.Count(got, []byte("\n")) != bytes.Count([]byte(src), []byte("\n")) {
		t.Errorf("line count changed")
	}
}

// hasTypeOperand, the cheap test before the typeof rewrite, holds on every
// text typeofOfName matches (or the rewrite would be skipped there), and
// fails on texts without a parenthesised type parameter.
func TestHasTypeOperand(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"#define T(p, type) typeof(type) x\n", true},
		{"#define T(p, _type) __typeof__( _type ) x\n", true},
		{"#define T(p, __type) __typeof(\t__type\n) x\n", true},
		{"#define T(p, type) typeof((type){}) x\n", true}, // no match, but the check is only a necessary condition
		{"#define T(p, type) typeof(*type) x\n", false},
		{"#define T(x) typeof(x) x\n", false},
		{"#define T(p, type) typeof(mytype) x\n", false},
		{"int type;\n", false},
		{"(type", false},
		{"type)", false},
	} {
		if got := hasTypeOperand([]byte(c.src)); got != c.want {
			t.Errorf("hasTypeOperand(%q) = %v, want %v", c.src, got, c.want)
		}
		if typeofOfName.MatchString(c.src) && !c.want {
			t.Errorf("%q: typeofOfName matches where the check says no", c.src)
		}
	}
}
