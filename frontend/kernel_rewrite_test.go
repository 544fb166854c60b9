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
