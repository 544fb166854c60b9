package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func readFixture(t *testing.T) *report {
	t.Helper()
	data, err := os.ReadFile("testdata/report.json")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := parseReport(data)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestMatch(t *testing.T) {
	rep := readFixture(t)
	c := "drivers/misc/demo.c"
	h := "drivers/misc/demo.h"
	for _, tc := range []struct {
		name  string
		field string
		sides []sideLines
		want  verdict
		lines [2]int // the matched race's lines, when found or partial
	}{
		{"both sides", "count", []sideLines{{file: c, lines: []int{10}}, {file: c, lines: []int{20}}}, found, [2]int{10, 20}},
		{"sides in the other order", "count", []sideLines{{file: c, lines: []int{20}}, {file: c, lines: []int{10}}}, found, [2]int{10, 20}},
		{"a side among several lines", "count", []sideLines{{file: c, lines: []int{3, 10}}, {file: c, lines: []int{20, 99}}}, found, [2]int{10, 20}},
		{"one side only", "count", []sideLines{{file: c, lines: []int{10}}, {file: c, lines: []int{21}}}, partial, [2]int{10, 20}},
		// count2 is another field: its race at the same lines is no match.
		{"whole identifier", "count", []sideLines{{file: c, lines: []int{30}}, {file: c, lines: []int{40}}}, missed, [2]int{}},
		{"other field", "count2", []sideLines{{file: c, lines: []int{30}}, {file: c, lines: []int{40}}}, found, [2]int{30, 40}},
		{"access in a header", "flags", []sideLines{{file: h, lines: []int{5}}, {file: c, lines: []int{50}}}, found, [2]int{5, 50}},
		{"wrong file", "flags", []sideLines{{file: c, lines: []int{5}}, {file: c, lines: []int{50}}}, partial, [2]int{5, 50}},
		{"one-sided case needs both accesses there", "count", []sideLines{{file: c, lines: []int{10}}}, partial, [2]int{10, 20}},
		{"one-sided case", "count", []sideLines{{file: c, lines: []int{10, 20}}}, found, [2]int{10, 20}},
		{"nothing", "count", []sideLines{{file: c, lines: []int{1}}, {file: c, lines: []int{2}}}, missed, [2]int{}},
		{"sides by function", "count", []sideLines{{file: c, fn: "demo_write"}, {file: c, fn: "demo_read_locked"}}, found, [2]int{10, 20}},
		{"function in another file", "count", []sideLines{{file: h, fn: "demo_write"}, {file: c, fn: "demo_read_locked"}}, partial, [2]int{10, 20}},
		{"entry points", "count", []sideLines{{file: c, lines: []int{10}, entry: "demo_read"}, {file: c, lines: []int{20}, entry: "demo_write"}}, found, [2]int{10, 20}},
		// The lines race, but reached from another entry point.
		{"other entry point", "count", []sideLines{{file: c, lines: []int{10}, entry: "demo_probe"}, {file: c, lines: []int{20}, entry: "demo_write"}}, partial, [2]int{10, 20}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := match(rep, tc.field, tc.sides, "/tree")
			if m.verdict != tc.want {
				t.Fatalf("verdict %d, want %d", m.verdict, tc.want)
			}
			if got := [2]int{m.acc[0].Line, m.acc[1].Line}; got != tc.lines {
				t.Errorf("matched lines %v, want %v", got, tc.lines)
			}
		})
	}
}

func TestNamesField(t *testing.T) {
	for _, tc := range []struct {
		lvalue, field string
		want          bool
	}{
		{"dev->bbu", "bbu", true},
		{"dev->bbu2", "bbu", false},
		{"data->fan[channel]", "fan", true},
		{"data->fan[channel]", "channel", false},
		{"udev->buff[udev->head].__sec", "head", false},
		{"udev->buff[udev->head].__sec", "buff", true},
		{"a->b[c[d->e]].f", "e", false},
		{"dev->driver_data (in dev_get_drvdata)", "dev_get_drvdata", false},
		{"*ppos", "ppos", true},
	} {
		if got := namesField(tc.lvalue, fieldPattern(tc.field)); got != tc.want {
			t.Errorf("namesField(%q, %q) = %v, want %v", tc.lvalue, tc.field, got, tc.want)
		}
	}
}

func TestMatchAbsolutePaths(t *testing.T) {
	rep := readFixture(t)
	for i := range rep.Files[0].Pairs[0].Races[0].Accesses {
		a := &rep.Files[0].Pairs[0].Races[0].Accesses[i]
		a.File = "/tmp/recall-x/" + a.File
	}
	c := "drivers/misc/demo.c"
	m := match(rep, "count", []sideLines{{file: c, lines: []int{10}}, {file: c, lines: []int{20}}}, "/tmp/recall-x")
	if m.verdict != found {
		t.Errorf("verdict %d, want found: a path under the run's root is the tree-relative file", m.verdict)
	}
}

func TestDescribe(t *testing.T) {
	rep := readFixture(t)
	c := "drivers/misc/demo.c"
	m := match(rep, "count", []sideLines{{file: c, lines: []int{10}}, {file: c, lines: []int{20}}}, "/tree")
	want := "demo_read/demo_write: demo.c:10 read dev->count (struct demo.lock) vs demo.c:20 write dev->count (no lock)"
	if got := describe(m, rep, &Case{Field: "count"}); got != want {
		t.Errorf("found:\n got %q\nwant %q", got, want)
	}
	miss := match(rep, "state", []sideLines{{file: c, lines: []int{1}}}, "/tree")
	got := describe(miss, rep, &Case{Field: "state", Sides: []Side{{Entry: "demo_read"}, {Entry: "demo_irq"}}})
	if want := "serialised: both under the same lock; no race on state"; got != want {
		t.Errorf("serialised:\n got %q\nwant %q", got, want)
	}
	got = describe(miss, rep, &Case{Field: "count", Sides: []Side{{Entry: "demo_open"}, {Entry: "demo_read"}}})
	if want := "no entry point demo_open; 1 races on count elsewhere"; got != want {
		t.Errorf("no entry point:\n got %q\nwant %q", got, want)
	}
}

func TestReplaceOnce(t *testing.T) {
	text := "a\n\tlock();\n\tx = 1;\n\tunlock();\nb\n\tlock();\n"
	got, err := replaceOnce(text, "\tlock();\n\tx = 1;\n\tunlock();\n", "\tx = 1;\n")
	if err != nil || got != "a\n\tx = 1;\nb\n\tlock();\n" {
		t.Errorf("replaceOnce = %q, %v", got, err)
	}
	if _, err := replaceOnce(text, "\tlock();\n", ""); err == nil || !strings.Contains(err.Error(), "found 2 times") {
		t.Errorf("two occurrences: err %v, want found 2 times", err)
	}
	if _, err := replaceOnce(text, "y = 2;", ""); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("no occurrence: err %v, want not found", err)
	}
}

// writeTree makes a small tree: a driver directory with a .c file, a
// header, a Makefile and a subdirectory.
func writeTree(t *testing.T) string {
	t.Helper()
	tree := t.TempDir()
	files := map[string]string{
		"drivers/misc/demo.c":      "int x;\nvoid f(void)\n{\n\tlock();\n\tx = 1;\n\tunlock();\n}\n",
		"drivers/misc/demo.h":      "extern int y;\n",
		"drivers/misc/Makefile":    "obj-m += demo.o\n",
		"drivers/misc/sub/other.c": "int z;\n",
	}
	for name, text := range files {
		path := filepath.Join(tree, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return tree
}

func TestWorkTreeRevert(t *testing.T) {
	tree := writeTree(t)
	c := &Case{ID: "demo", File: "drivers/misc/demo.c", Field: "x",
		Sides:  []Side{{Code: texts{"x = 1;"}}},
		Revert: []Edit{{Find: "\tlock();\n\tx = 1;\n\tunlock();\n", Replace: "\tx = 1;\n"}}}
	root, done, err := workTree(c, tree, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(root, "drivers/misc/demo.c"))
	if want := "int x;\nvoid f(void)\n{\n\tx = 1;\n}\n"; string(got) != want {
		t.Errorf("reverted copy %q, want %q", got, want)
	}
	orig, _ := os.ReadFile(filepath.Join(tree, "drivers/misc/demo.c"))
	if !strings.Contains(string(orig), "lock();") {
		t.Error("the tree's own file was changed")
	}
	for _, name := range []string{"demo.h", "Makefile"} {
		if _, err := os.Stat(filepath.Join(root, "drivers/misc", name)); err != nil {
			t.Errorf("%s not copied: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "drivers/misc/sub")); err == nil {
		t.Error("a subdirectory was copied")
	}
	sides, err := resolveSides(c, root)
	if err != nil || len(sides) != 1 || sides[0].String() != "demo.c:4" {
		t.Errorf("sides after the revert: %v, %v; want demo.c:4", sides, err)
	}
	done()
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("copy left behind: %v", err)
	}
}

func TestWorkTreeStaleRecipe(t *testing.T) {
	tree := writeTree(t)
	tmp := t.TempDir()
	c := &Case{ID: "demo", File: "drivers/misc/demo.c",
		Revert: []Edit{{Find: "\tspin_lock(&l);\n", Replace: ""}}}
	if _, _, err := workTree(c, tree, tmp); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("err %v, want the edit not found", err)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("a failed revert left %d entries in the temporary directory", len(ents))
	}
}

func TestWorkTreeAsIs(t *testing.T) {
	tree := writeTree(t)
	root, done, err := workTree(&Case{File: "drivers/misc/demo.c"}, tree, t.TempDir())
	defer done()
	if err != nil || root != tree {
		t.Errorf("a case without revert runs in the tree: root %q, err %v", root, err)
	}
	if _, err := resolveSides(&Case{File: "drivers/misc/demo.c", Sides: []Side{{Code: texts{"no such code"}}}}, tree); err == nil {
		t.Error("a side on no line is not an error")
	}
	if _, err := resolveSides(&Case{File: "drivers/misc/demo.c", Sides: []Side{{Func: "lock"}}}, tree); err == nil {
		t.Error("a side in a function the file calls but does not define is not an error")
	}
	sides, err := resolveSides(&Case{File: "drivers/misc/demo.c", Sides: []Side{{Func: "f"}, {Code: texts{"x = 1;", "int x;"}}}}, tree)
	if err != nil || len(sides) != 2 || sides[0].String() != "demo.c:f()" || sides[1].String() != "demo.c:1,5" {
		t.Errorf("sides by function and by alternatives: %v, %v; want demo.c:f() and demo.c:1,5", sides, err)
	}
}

func TestWhoopArgs(t *testing.T) {
	cfg := config{tree: "/t", build: "/b"}
	c := &Case{File: "drivers/leds/led-class.c", Parts: []string{"drivers/leds/led-core.c"}, Args: []string{"--no-assume", "static-linkage"}}
	got := strings.Join(whoopArgs(cfg, c), " ")
	want := "--kernel /t --kernel-build /b --jobs 1 --no-progress --format json --file-timeout 0 -I /t/drivers/leds --no-assume static-linkage --module -- drivers/leds/led-class.c drivers/leds/led-core.c"
	if got != want {
		t.Errorf("whoopArgs:\n got %s\nwant %s", got, want)
	}
	c = &Case{File: "drivers/a/b.c", Parts: []string{"drivers/c/d.c"}, Revert: []Edit{{File: "drivers/a/b.h", Find: "x"}, {Find: "y"}}}
	if got := c.dirs(); !slices.Equal(got, []string{"drivers/a", "drivers/c"}) {
		t.Errorf("dirs %v, want drivers/a and drivers/c", got)
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		code   int
		stderr string
		fail   bool
	}{
		{0, "", false},
		{1, "", false},
		{3, "whoop: a.c:1: error: x", false},
		{4, "whoop: a.c: inconclusive: memory", false},
		{4, "whoop: internal error: runtime error: index out of range", true},
		{2, "whoop: flag provided but not defined", true},
		{-1, "", true},
		{139, "", true},
	} {
		if got := classify(tc.code, []byte(tc.stderr), nil) != ""; got != tc.fail {
			t.Errorf("classify(%d, %q) failure %v, want %v", tc.code, tc.stderr, got, tc.fail)
		}
	}
}

func TestTextsJSON(t *testing.T) {
	var s []Side
	if err := json.Unmarshal([]byte(`[{"code": "a"}, {"code": ["b", "c"]}]`), &s); err != nil {
		t.Fatal(err)
	}
	if len(s) != 2 || !slices.Equal(s[0].Code, texts{"a"}) || !slices.Equal(s[1].Code, texts{"b", "c"}) {
		t.Errorf("decoded %+v", s)
	}
	if err := json.Unmarshal([]byte(`[{"code": 3}]`), &s); err == nil {
		t.Error("a number as code accepted")
	}
}

func TestCaseCheck(t *testing.T) {
	good := Case{ID: "a", File: "drivers/x/a.c", Field: "f", Sides: []Side{{Code: texts{"f = 1;"}}}, Fix: "fix", Report: "r"}
	if err := good.check(); err != nil {
		t.Fatalf("good case: %v", err)
	}
	for name, mutate := range map[string]func(c *Case){
		"no id":         func(c *Case) { c.ID = "" },
		"three sides":   func(c *Case) { c.Sides = []Side{{Func: "a"}, {Func: "b"}, {Func: "c"}} },
		"code and func": func(c *Case) { c.Sides = []Side{{Code: texts{"a"}, Func: "f"}} },
		"neither":       func(c *Case) { c.Sides = []Side{{In: "drivers/x/a.c"}} },
		"absolute file": func(c *Case) { c.File = "/etc/passwd" },
		"escaping edit": func(c *Case) { c.Revert = []Edit{{File: "../x.c", Find: "a"}} },
		"empty find":    func(c *Case) { c.Revert = []Edit{{Find: ""}} },
		"no report":     func(c *Case) { c.Report = "" },
	} {
		c := good
		mutate(&c)
		if err := c.check(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestCasesFile checks the committed set: it loads, and, against the 6.12
// tree when WHOOP_KERNEL_TREE names it, every revert applies and every
// side's code is on a line of the (reverted) file.
func TestCasesFile(t *testing.T) {
	cases, err := loadCases("../../recall/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	tree := os.Getenv("WHOOP_KERNEL_TREE")
	if tree == "" {
		t.Skip("WHOOP_KERNEL_TREE not set: the recipes are not tried on the tree")
	}
	for i := range cases {
		c := &cases[i]
		root, done, err := workTree(c, tree, t.TempDir())
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		if _, err := resolveSides(c, root); err != nil {
			t.Errorf("%s: %v", c.ID, err)
		}
		done()
	}
}

// TestMatchFinding: the race between the expected entry points prints
// other lines (a witness the solver picked), but its finding lists both
// sides' lines reached by those entry points, racing: found. A finding
// whose entry points do not race is not.
func TestMatchFinding(t *testing.T) {
	const doc = `{"files":[{"path":"drivers/misc/demo.c","status":"checked",
	 "pairs":[{"first":"up","second":"ev","verdict":"race","races":[{"accesses":[
	  {"entryPoint":"up","function":"ev","kind":"read","lvalue":"d->head","file":"drivers/misc/demo.c","line":85},
	  {"entryPoint":"ev","function":"ev","kind":"write","lvalue":"d->head","file":"drivers/misc/demo.c","line":93}]}]}],
	 "findings":[{"sites":[
	  {"file":"drivers/misc/demo.c","line":85,"kind":"read","lvalue":"d->head","function":"ev","holds":[{"entryPoints":["up","ev"]}]},
	  {"file":"drivers/misc/demo.c","line":93,"kind":"write","lvalue":"d->head","function":"ev","holds":[{"locks":["struct d.lock"],"entryPoints":["up"]},{"entryPoints":["ev"]}]}],
	  "sitePairs":[{"sites":[0,1],"pairs":[["up","ev"]]}]}]}]}`
	rep, err := parseReport([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	c := "drivers/misc/demo.c"
	sides := []sideLines{{file: c, lines: []int{93}, entry: "up"}, {file: c, lines: []int{93}, entry: "ev"}}
	m := match(rep, "head", sides, "/tree")
	if m.verdict != found || !m.viaFinding {
		t.Fatalf("verdict %d (via finding %v), want found through the finding", m.verdict, m.viaFinding)
	}
	if got, want := describe(m, rep, &Case{Field: "head"}), "up/ev: demo.c:93 write d->head (struct d.lock) vs demo.c:93 write d->head (no lock) (sites of one finding; the races print other witnesses)"; got != want {
		t.Errorf("describe:\n got %q\nwant %q", got, want)
	}
	sides[1].entry = "other"
	if m := match(rep, "head", sides, "/tree"); m.verdict == found {
		t.Errorf("found with an entry point that races with nothing")
	}
}
