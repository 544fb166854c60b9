package frontend

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// TestHeaderCacheShared: scans sharing a cache read each header once (a
// header edited after the first scan is still seen as it was), and
// concurrent scans through one cache find the same files as a scan
// without it.
func TestHeaderCacheShared(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"d/a.h": "#include <b.h>\n",
		"d/b.h": "int __has_builtin(__builtin_x);\n",
		"d/c.h": "",
	}
	writeTree(t, root, files)
	dirs := []string{filepath.Join(root, "d")}
	scan := func(c *HeaderCache) []string {
		r := &gccRun{path: filepath.Join(root, "drv.c"), dirs: dirs, cache: c}
		s := r.scanHeaders("#include <a.h>\n")
		if s == nil {
			t.Fatal("scan gave up")
		}
		return s.sorted()
	}
	want := scan(nil)
	c := NewHeaderCache()
	var wg sync.WaitGroup
	got := make([][]string, 4)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = scan(c) }()
	}
	wg.Wait()
	for i := range got {
		if !slices.Equal(got[i], want) {
			t.Errorf("scan %d through the cache: %v, want %v", i, got[i], want)
		}
	}
	h := c.heads[filepath.Join(root, "d/b.h")]
	if h == nil || h.rewritten == nil || !slices.Equal(h.builtins, []string{"__builtin_x"}) {
		t.Fatalf("b.h's entry: %+v", h)
	}
	if err := os.WriteFile(filepath.Join(root, "d/a.h"), []byte("#include <c.h>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := scan(c); !slices.Equal(got, want) {
		t.Errorf("a.h was read again: %v, want %v", got, want)
	}
	if got := scan(nil); slices.Equal(got, want) {
		t.Errorf("without the cache the edit is not seen: %v", got)
	}
}

// TestGCCPreprocessSharedCache: two units loaded at once through one
// header cache, each twice, give the programs cc/v4 alone gives, without
// a fallback.
func TestGCCPreprocessSharedCache(t *testing.T) {
	l := gccTree(t)
	files := []string{"testdata/gcc/head.c", "testdata/gcc/paste.c", "testdata/gcc/head.c", "testdata/gcc/paste.c"}
	want := map[string]string{}
	for _, f := range files[:2] {
		want[f], _ = loadTree(t, l, f, "cc", "")
	}
	c := NewHeaderCache()
	got := make([]string, len(files))
	errs := make([]error, len(files))
	warns := make([]bytes.Buffer, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := Config{Kernel: l, Tree: TreeOptions{Preprocess: PreprocessGCC, Warn: &warns[i], Headers: c}}
			prog, err := Load(context.Background(), f, cfg)
			if err == nil {
				got[i] = prog.String()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, f := range files {
		if errs[i] != nil || warns[i].Len() > 0 {
			t.Errorf("%s: %v %s", f, errs[i], warns[i].String())
		} else if got[i] != want[f] {
			t.Errorf("%s (load %d): the program differs from cc/v4's", f, i)
		}
	}
	if len(c.heads) == 0 {
		t.Errorf("the cache holds no header")
	}
}

// TestScanComputedInclude: a header whose #include names its file by a
// macro (include/trace/define_trace.h) no longer ends the scan; gcc's
// directive (the name it made) is covered when its lookup finds a file
// the scan read, and not otherwise (a file not read, an #include_next, a
// file without such an include).
func TestScanComputedInclude(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"d/ev.h":    "#include <def.h>\n",
		"d/def.h":   "#define INC(x) <x.h>\n#include INC(FILE)\n",
		"d/other.h": "",
		"d2/late.h": "",
		"drv/drv.c": "",
		"d2/ev.h":   "",
		"d/plain.h": "",
	}
	writeTree(t, root, files)
	r := &gccRun{path: filepath.Join(root, "drv/drv.c"), dirs: []string{filepath.Join(root, "d"), filepath.Join(root, "d2")}}
	s := r.scanHeaders("#include <ev.h>\n#include <plain.h>\n")
	if s == nil {
		t.Fatal("scan gave up on a computed include")
	}
	def, plain := filepath.Join(root, "d/def.h"), filepath.Join(root, "d/plain.h")
	for _, tc := range []struct {
		k    scanKey
		want bool
	}{
		{scanKey{def, "ev.h", false, true}, true},       // d/ev.h, read
		{scanKey{def, "ev.h", false, false}, true},      // quoted: beside def.h, read
		{scanKey{def, "other.h", false, true}, false},   // not read
		{scanKey{def, "late.h", false, true}, false},    // not read
		{scanKey{def, "ev.h", true, true}, false},       // #include_next
		{scanKey{plain, "ev.h", false, true}, false},    // plain.h has no computed include
		{scanKey{def, "missing.h", false, true}, false}, // not in the tree
	} {
		if got := s.covers([]scanKey{tc.k}); got != tc.want {
			t.Errorf("covers(%+v) = %v, want %v", tc.k, got, tc.want)
		}
	}
	if directives([]byte("#include INC(FILE)\n"), func(bool, bool, string) {}) {
		t.Errorf("directives reads a computed include")
	}
}
