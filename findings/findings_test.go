package findings_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/frontend"
	wantpkg "github.com/whoopverify/whoop/internal/want"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// check runs the race check on path and annotates its result.
func check(t *testing.T, path string) *lockset.FileResult {
	t.Helper()
	ctx := context.Background()
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 1})
	if err != nil {
		t.Fatalf("check %s: %v", path, err)
	}
	findings.Annotate(prog, res)
	return res
}

// wantClasses reads the `// want "CLASS"` annotations of path by line.
func wantClasses(t *testing.T, path string) map[int]string {
	t.Helper()
	lines, err := wantpkg.Lines(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]string{}
	for _, l := range lines {
		q := wantpkg.Quoted(l.Text)
		if len(q) != 1 {
			t.Fatalf("%s: want one class", l)
		}
		out[l.N] = q[0]
	}
	return out
}

// TestClasses: each finding of classes.c is anchored on an annotated line
// with its class, and each annotation has its finding.
func TestClasses(t *testing.T) {
	const path = "testdata/classes.c"
	want := wantClasses(t, path)
	got := map[int]string{}
	for _, f := range findings.Of(check(t, path)) {
		line := f.Sites[f.Anchor].Pos.Line
		got[line] = string(f.Class)
		if want[line] != string(f.Class) {
			t.Errorf("finding on %s anchored at line %d: class %s (%s), want %q", f.Region, line, f.Class, f.Reason, want[line])
		}
	}
	for line, c := range want {
		if got[line] == "" {
			t.Errorf("line %d: no finding anchored there, want %s", line, c)
		}
	}
}

// TestShapes: what Annotate reads from the program at the sites of
// classes.c.
func TestShapes(t *testing.T) {
	res := check(t, "testdata/classes.c")
	got := map[string][]string{} // "line kind lvalue" -> shapes
	for _, p := range res.Pairs {
		for _, r := range p.Races {
			for _, a := range r.Accesses {
				got[fmt.Sprintf("%d %s %s", a.Pos.Line, a.Kind, a.LValue)] = a.Shape
			}
		}
	}
	for key, want := range map[string][]string{
		"22 write events":        {findings.Inc, findings.RMW},
		"25 write ready":         {findings.Const},
		"31 write kfree(buffer)": {findings.Free},
		"23 write cache":         nil,
		"59 write mask":          {findings.RMW},
		"60 read divisor":        {findings.AfterCheck, findings.Twice},
		"78 write limit":         {findings.Const, findings.Setup},
	} {
		shape, ok := got[key]
		if !ok {
			t.Errorf("no race access %q (have %v)", key, got)
			continue
		}
		if !slices.Equal(shape, want) {
			t.Errorf("%s: shape %v, want %v", key, shape, want)
		}
	}
}

// TestSerialLike: among fourteen stale reads of a port's settings, the
// divisor checked and then divided by without the mutex ranks first.
func TestSerialLike(t *testing.T) {
	const path = "testdata/serial_like.c"
	want := wantClasses(t, path)
	fs := findings.Of(check(t, path))
	if len(fs) < 10 {
		t.Fatalf("%d findings, want the stale reads too", len(fs))
	}
	for i, f := range fs {
		line := f.Sites[f.Anchor].Pos.Line
		if want[line] == "" {
			if f.Class != findings.StaleRead {
				t.Errorf("finding %d on %s: class %s, want stale-read", i+1, f.Region, f.Class)
			}
			continue
		}
		if string(f.Class) != want[line] || i >= 3 {
			t.Errorf("the real race (line %d) is finding %d of %d, class %s; want %s in the top 3", line, i+1, len(fs), f.Class, want[line])
		}
	}
}

func access(ep string, kind lockset.AccessKind, line int, locks []string, shape ...string) lockset.Access {
	return lockset.Access{EntryPoint: ep, Func: ep, Kind: kind, LValue: "x", Pos: ir.Pos{File: "a.c", Line: line, Col: 1},
		Locks: locks, Shape: shape}
}

// TestClassify: one race per class, from the access kinds, locks and shapes.
func TestClassify(t *testing.T) {
	r, w := lockset.Read, lockset.Write
	for _, c := range []struct {
		a, b   lockset.Access
		class  findings.Class
		anchor int // line
		reason string
	}{
		{access("p", w, 1, nil), access("q", w, 2, nil), findings.WriteWrite, 2, "both write it (lines 1 and 2)"},
		{access("p", w, 1, nil, findings.Free), access("q", r, 2, nil), findings.FreeUse, 2, "p frees it at line 1 while q reads it at line 2"},
		{access("p", r, 2, nil), access("q", w, 1, nil, findings.Init), findings.FreeUse, 2, "q re-initialises it at line 1 while p reads it at line 2"},
		{access("p", w, 1, nil, findings.Const, findings.Null), access("q", r, 2, nil), findings.FreeUse, 2, "p sets it to NULL at line 1"},
		{access("p", r, 3, nil, findings.Cond, findings.Check), access("q", w, 1, []string{"m"}), findings.CheckUse, 3, "checked at line 3"},
		{access("p", r, 3, nil, findings.AfterCheck), access("q", w, 1, nil), findings.CheckUse, 3, "read at line 3 after a check of it"},
		{access("p", r, 3, nil, findings.Twice), access("q", w, 1, nil), findings.CheckUse, 3, "read twice on line 3"},
		{access("p", r, 3, nil, findings.RMW), access("q", w, 1, nil), findings.LostUpdate, 3, "read-modify-write at line 3"},
		{access("p", w, 3, nil, findings.RMW), access("q", w, 1, nil, findings.RMW), findings.LostUpdate, 1, "both read-modify-write it"},
		{access("p", r, 3, nil), access("q", w, 1, nil), findings.ReadWrite, 3, "no lock in common"},
		{access("p", r, 3, []string{"a"}), access("q", w, 1, []string{"b"}), findings.StaleRead, 3, "read at line 3 without b"},
		{access("p", r, 3, nil), access("q", w, 1, nil, findings.Inc, findings.RMW), findings.Counter, 1, "a counter"},
		{access("p", r, 3, nil, findings.Cond), access("q", w, 1, nil, findings.Inc, findings.RMW), findings.ReadWrite, 3, "no lock in common"},
		{access("p", r, 3, nil), access("q", w, 1, nil, findings.Const), findings.Flag, 3, "a flag"},
	} {
		res := &lockset.FileResult{Path: "a.c", Pairs: []lockset.PairResult{{Verdict: lockset.Racy,
			Races: []lockset.Race{{Region: "global x", Accesses: [2]lockset.Access{c.a, c.b}}}}}}
		fs := findings.Of(res)
		if len(fs) != 1 {
			t.Fatalf("%d findings of one race", len(fs))
		}
		f := fs[0]
		if f.Class != c.class || f.Sites[f.Anchor].Pos.Line != c.anchor || !strings.Contains(f.Reason, c.reason) {
			t.Errorf("%v/%v: %s at line %d (%s), want %s at line %d (%q)", c.a.Shape, c.b.Shape, f.Class, f.Sites[f.Anchor].Pos.Line, f.Reason,
				c.class, c.anchor, c.reason)
		}
	}
}

// TestConfirmedFirst: a confirmed finding ranks first and high, whatever
// its class.
func TestConfirmedFirst(t *testing.T) {
	race := func(region string, line int, c *lockset.Confirmation) lockset.Race {
		return lockset.Race{Region: region, Confirmation: c, Accesses: [2]lockset.Access{
			access("p", lockset.Read, line, []string{"a"}), access("q", lockset.Write, line+1, []string{"b"})}}
	}
	res := &lockset.FileResult{Path: "a.c", Pairs: []lockset.PairResult{{Verdict: lockset.Racy, Races: []lockset.Race{
		race("global w", 1, nil),
		{Region: "global x", Accesses: [2]lockset.Access{access("p", lockset.Write, 5, nil), access("q", lockset.Write, 6, nil)}},
		race("global y", 9, &lockset.Confirmation{Status: lockset.Confirmed}),
	}}}}
	var got []string
	for _, f := range findings.Of(res) {
		got = append(got, fmt.Sprintf("%s %s %s %v", f.Region, f.Class, f.Rank, f.Confirmed))
	}
	want := []string{"global y stale-read high true", "global x write-write high false", "global w stale-read low false"}
	if !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
}

// TestFold: the races of a region fold into one finding with its sites,
// the locks each entry point holds there, and the site pairs.
func TestFold(t *testing.T) {
	at := func(ep, fn string, kind lockset.AccessKind, line int, locks []string) lockset.Access {
		a := access(ep, kind, line, locks)
		a.Func = fn
		return a
	}
	rd := func(ep string, line int, locks ...string) lockset.Access {
		return at(ep, "show", lockset.Read, line, locks)
	}
	wr := func(ep string, line int, locks ...string) lockset.Access {
		return at(ep, "update", lockset.Write, line, locks)
	}
	res := &lockset.FileResult{Path: "a.c", Pairs: []lockset.PairResult{
		{Races: []lockset.Race{{Region: "r", Accesses: [2]lockset.Access{rd("show_a", 10), wr("show_a", 30, "lock")}}}},
		{Races: []lockset.Race{{Region: "r", Accesses: [2]lockset.Access{rd("show_b", 10), wr("show_b", 30, "lock")}}}},
		{Races: []lockset.Race{{Region: "r", Accesses: [2]lockset.Access{wr("store", 30), rd("show_a", 10)}}}},
		{Races: []lockset.Race{{Region: "s", Accesses: [2]lockset.Access{rd("show_a", 11), wr("store", 31)}}}},
	}}
	fs := findings.Of(res)
	if len(fs) != 2 {
		t.Fatalf("%d findings, want 2", len(fs))
	}
	f := fs[0]
	if f.Region != "r" || len(f.Races) != 3 || f.New != 3 || len(f.Sites) != 2 {
		t.Fatalf("finding %s: %d races, %d new, %d sites", f.Region, len(f.Races), f.New, len(f.Sites))
	}
	if got := fmt.Sprint(f.Sites[1].Holds); got != "[{[] [store]} {[lock] [show_a show_b]}]" {
		t.Errorf("holds at the write: %s", got)
	}
	if got := fmt.Sprint(f.SitePairs); got != "[{0 1 [[show_a show_a] [show_a store] [show_b show_b]]}]" {
		t.Errorf("site pairs: %s", got)
	}
	if got := f.Sites[0].EntryPoints(); !slices.Equal(got, []string{"show_a", "show_b"}) {
		t.Errorf("entry points at the read: %v", got)
	}
}

// TestSharedDriversKeepRegions: over the shared drivers and the paper's
// suite, every race is in exactly one finding and every racy region has
// its finding.
func TestSharedDriversKeepRegions(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the shared drivers take a minute")
	}
	var paths []string
	for _, dir := range []string{"drivers", "paper-suite"} {
		ps, _ := filepath.Glob(filepath.Join("..", "..", "shared", dir, "*", "*", "driver.c"))
		deeper, _ := filepath.Glob(filepath.Join("..", "..", "shared", dir, "*", "*", "*", "driver.c"))
		paths = append(append(paths, ps...), deeper...)
	}
	paths = slices.DeleteFunc(paths, func(p string) bool { return strings.Contains(p, "r8169") }) // minutes per run
	if len(paths) < 15 {
		t.Fatalf("%d shared drivers found: they must sit beside the repository (../shared)", len(paths))
	}
	races, regions, total := 0, 0, 0
	for _, path := range paths {
		res := check(t, path)
		want := map[string]int{}
		for _, p := range res.Pairs {
			for _, r := range p.Races {
				want[r.Region]++
			}
		}
		got := map[string]int{}
		for _, f := range findings.Of(res) {
			if got[f.Region] > 0 {
				t.Errorf("%s: two findings on %s", path, f.Region)
			}
			got[f.Region] += len(f.Races)
		}
		for region, n := range want {
			if got[region] != n {
				t.Errorf("%s: region %s has %d races, its finding %d", path, region, n, got[region])
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d findings for %d racy regions", path, len(got), len(want))
		}
		races, regions, total = races+res.Races(), regions+len(want), total+len(got)
	}
	t.Logf("%d drivers: %d races, %d racy regions, %d findings", len(paths), races, regions, total)
}

// TestName: a finding anchored at a helper's access ("memset(&st)", which
// may touch several variables) is named by a site that names the variable,
// else by its region: findings on other regions never share a title.
func TestName(t *testing.T) {
	memset := access("p", lockset.Write, 1, nil, findings.Init)
	memset.LValue = "memset(&st)"
	read := access("q", lockset.Read, 2, nil)
	read.LValue = "st.a"
	res := &lockset.FileResult{Path: "a.c", Pairs: []lockset.PairResult{{Races: []lockset.Race{
		{Region: "struct s.a", Accesses: [2]lockset.Access{memset, read}},
		{Region: "struct s.b", Accesses: [2]lockset.Access{memset, memset}},
	}}}}
	var got []string
	for _, f := range findings.Of(res) {
		got = append(got, f.LValue)
	}
	slices.Sort(got)
	if want := []string{"st.a", "struct s.b"}; !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}
