package entry_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/internal/want"
	"github.com/whoopverify/whoop/ir"
)

// Annotations, analysistest-style, on the line of a function's definition:
//
//	// want entry "ROLE STRUCT.FIELD [var=VAR] [guessed]"
//
// one item per entry point of that function (several items may follow one
// "want"). The test fails on a missing and on an unexpected entry point.

var wantItem = regexp.MustCompile(`(entry|pair)\s+"([^"]*)"`)

// wants returns the annotations of one kind ("entry" or "pair") of a file
// as "LINE: TEXT".
func wants(t *testing.T, path, kind string) []string {
	t.Helper()
	lines, err := want.Lines(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range lines {
		items := wantItem.FindAllStringSubmatch(l.Text, -1)
		if len(items) == 0 {
			t.Fatalf("%s:%d: malformed want annotation %q", path, l.N, l.Text)
		}
		for _, it := range items {
			if it[1] == kind {
				out = append(out, fmt.Sprintf("%d: %s", l.N, it[2]))
			}
		}
	}
	return out
}

// describe is the annotation text of an entry point.
func describe(e *ir.EntryPoint) string {
	s := string(e.Role) + " " + e.Struct
	if e.Field != "" {
		s += "." + e.Field
	}
	if e.Var != "" {
		s += " var=" + e.Var
	}
	if e.Guessed {
		s += " guessed"
	}
	return s
}

// externLinkage marks a test program to load with the static-linkage
// assumption dropped.
const externLinkage = "// config: no-assume static-linkage"

// localTypes marks a test program to load with the local-types assumption
// dropped.
const localTypes = "// config: no-assume local-types"

func load(t *testing.T, path string) *ir.Program {
	t.Helper()
	var cfg frontend.Config
	if src, err := os.ReadFile(path); err == nil {
		cfg.Regions.NoLinkageAssumption = strings.Contains(string(src), externLinkage)
		cfg.KernelReadsLocalFields = strings.Contains(string(src), localTypes)
	}
	prog, err := frontend.LoadUntil(context.Background(), path, cfg, "entry")
	if err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	return prog
}

func TestWantAnnotations(t *testing.T) {
	files, err := filepath.Glob("testdata/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			prog := load(t, path)
			var got []string
			for _, e := range prog.EntryPoints {
				got = append(got, fmt.Sprintf("%d: %s", e.Func.Pos.Line, describe(e)))
			}
			compare(t, got, wants(t, path, "entry"))
		})
	}
}

// compare reports what is missing from got and what got has unexpectedly.
func compare(t *testing.T, got, want []string) {
	t.Helper()
	count := map[string]int{}
	for _, w := range want {
		count[w]++
	}
	var unexpected []string
	for _, g := range got {
		if count[g] > 0 {
			count[g]--
			continue
		}
		unexpected = append(unexpected, g)
	}
	var missing []string
	for w, n := range count {
		for ; n > 0; n-- {
			missing = append(missing, w)
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("missing entry point: %s", m)
	}
	for _, u := range unexpected {
		t.Errorf("unexpected entry point: %s", u)
	}
}

// TestLocalTypesDropped: without the local-types assumption, the functions
// local.c stores into its private struct members through kernel memory,
// or into a private struct whose address the kernel keeps, are entry
// points again.
func TestLocalTypesDropped(t *testing.T) {
	prog, err := frontend.LoadUntil(context.Background(), "testdata/local.c",
		frontend.Config{KernelReadsLocalFields: true}, "entry")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, e := range prog.EntryPoints {
		got[e.Func.Name] = true
	}
	for _, name := range []string{"a_write", "a_read", "a_start", "c_start", "p_poke", "n_notify", "k_fire", "l_open", "p_open", "l_init"} {
		if !got[name] {
			t.Errorf("%s is not an entry point without the local-types assumption", name)
		}
	}
}
