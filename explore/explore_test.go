package explore_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// confirm runs the front end, the lockset check and the explorer on path,
// the explorer on the program with C's integers, as whoop --confirm does.
func confirm(t *testing.T, path string, opts explore.Options) (*lockset.FileResult, *explore.Result) {
	t.Helper()
	ctx := context.Background()
	prog, exact, err := frontend.LoadWithExact(ctx, path, nil, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	opts.Exact = exact
	res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	out, err := explore.Confirm(ctx, prog, res, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range out.Internal {
		t.Errorf("trace does not replay: %s", msg)
	}
	return res, out
}

// checkTrace asserts the shape of a confirmed interleaving: both threads
// run, a context switch happens, and it ends with the failing check of
// the race's region.
func checkTrace(t *testing.T, what string, r explore.RaceResult) {
	t.Helper()
	threads := map[int]bool{}
	switches := 0
	for _, s := range r.Steps {
		threads[s.Thread] = true
		if s.Kind == "switch" {
			switches++
		}
		if !s.Pos.IsValid() {
			t.Errorf("%s: step without a position: %+v", what, s)
		}
	}
	if !threads[1] || !threads[2] || switches == 0 || len(r.Steps) == 0 || r.Steps[len(r.Steps)-1].Kind != "race" {
		t.Errorf("%s: not a two-thread interleaving ending in the race: %+v", what, r.Steps)
	}
}

func sharedDriver(t testing.TB, name string) string {
	path := filepath.Join("..", "..", "shared", "drivers", "char", name, "driver.c")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared drivers not present: %v", err)
	}
	return path
}

// The paper's races: generic_nvram's llseek with itself on file->f_pos,
// pc8736x_gpio's shadow array between set, change and current.
func TestConfirmPaperRaces(t *testing.T) {
	for _, tc := range []struct {
		driver string
		region string
		pairs  []string
	}{
		{"generic_nvram", "struct file.f_pos", []string{"nvram_llseek|nvram_llseek"}},
		{"pc8736x_gpio", "global pc8736x_gpio_shadow[]", []string{
			"pc8736x_gpio_set|pc8736x_gpio_set", "pc8736x_gpio_set|pc8736x_gpio_change",
			"pc8736x_gpio_set|pc8736x_gpio_current", "pc8736x_gpio_change|pc8736x_gpio_change",
			"pc8736x_gpio_change|pc8736x_gpio_current"}},
	} {
		t.Run(tc.driver, func(t *testing.T) {
			res, out := confirm(t, sharedDriver(t, tc.driver), explore.Options{})
			got := map[string]bool{}
			for _, r := range out.Races {
				pr := res.Pairs[r.Pair]
				key := pr.Pair.First.Name() + "|" + pr.Pair.Second.Name()
				if pr.Races[r.Race].Region != tc.region {
					continue
				}
				if r.Status == explore.Confirmed {
					got[key] = true
					checkTrace(t, key, r)
				}
			}
			for _, p := range tc.pairs {
				if !got[p] {
					t.Errorf("race of %s on %s not confirmed", p, tc.region)
				}
			}
		})
	}
}

// TestRacePrograms records the explorer's verdict on every potential race
// of lockset/testdata/race (golden file): what is not confirmed is listed
// with its reason in testdata/race.golden, and every confirmation replays.
// slowToExplore are race programs the explorer takes minutes on before its
// solver budget ends every pair not explored: their verdicts say nothing
// the lockset tests do not, and they cost most of the package's test time
// (self_deadlock.c 185 s, self_deadlock_field.c 73 s of --confirm on the
// 2-core machine, against 24 s for the other programs together). The
// explorer's cost on this shape (a driver's own callbacks reached again
// through an indirect call under a held lock) is an open item of the
// explorer, not hidden: whoop --confirm on them still runs.
var slowToExplore = map[string]string{
	"self_deadlock.c":       "recursive indirect calls under a held global lock: 185 s before the budget stops it",
	"self_deadlock_field.c": "the same shape with a struct-field lock: 73 s",
}

func TestRacePrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("explores every test program")
	}
	files, err := filepath.Glob("../lockset/testdata/race/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	var b strings.Builder
	for _, f := range files {
		if why, ok := slowToExplore[filepath.Base(f)]; ok {
			t.Logf("%s: not explored here: %s", filepath.Base(f), why)
			continue
		}
		res, out := confirm(t, f, explore.Options{})
		for _, r := range out.Races {
			pr := res.Pairs[r.Pair]
			race := pr.Races[r.Race]
			fmt.Fprintf(&b, "%s: %s|%s %s %d/%d: %s\n", filepath.Base(f), pr.Pair.First.Name(), pr.Pair.Second.Name(),
				race.Region, race.Accesses[0].Pos.Line, race.Accesses[1].Pos.Line, r.Status)
			if r.Status == explore.Confirmed {
				checkTrace(t, filepath.Base(f), r)
			}
		}
	}
	golden := filepath.Join("testdata", "race.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("verdicts differ from %s (go test -update to accept):\n%s", golden, diffLines(string(want), got))
	}
}

func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	wm := map[string]bool{}
	for _, l := range w {
		wm[l] = true
	}
	gm := map[string]bool{}
	for _, l := range g {
		gm[l] = true
	}
	var b strings.Builder
	for _, l := range w {
		if !gm[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !wm[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

// A trace that does not replay is never a confirmation: it is reported
// as internal and the race stays not confirmed.
func TestUnreplayedTraceIsNoConfirmation(t *testing.T) {
	ctx := context.Background()
	prog, err := frontend.Load(ctx, sharedDriver(t, "generic_nvram"), frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	out, err := explore.Confirm(ctx, prog, res, explore.SkewOracle(explore.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Internal) == 0 {
		t.Fatal("skewed replays all went through")
	}
	for _, r := range out.Races {
		pr := res.Pairs[r.Pair]
		if pr.Pair.First.Name() == "nvram_llseek" && pr.Pair.Second.Name() == "nvram_llseek" && r.Status == explore.Confirmed {
			t.Errorf("llseek race confirmed from a trace that does not replay: %+v", r.Steps)
		}
	}
	if !strings.Contains(out.Internal[0], "replay") {
		t.Errorf("internal error does not say it is a replay failure: %s", out.Internal[0])
	}
}

// An explorer stopped before its end (interrupt, deadline) marks the races
// it did not decide not explored, never "not confirmed within" bounds it
// did not search, and returns the context's error with the verdicts.
func TestStoppedExplorerSaysNotExplored(t *testing.T) {
	ctx := context.Background()
	prog, err := frontend.Load(ctx, sharedDriver(t, "pc8736x_gpio"), frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	stopped, cancel := context.WithCancel(ctx)
	cancel()
	out, err := explore.Confirm(stopped, prog, res, explore.Options{})
	if err != context.Canceled {
		t.Fatalf("Confirm on a canceled context: error %v, want context.Canceled", err)
	}
	if out == nil || len(out.Races) != res.Races() || len(out.Races) == 0 {
		t.Fatalf("got %v verdicts, want one per race (%d)", out, res.Races())
	}
	for _, r := range out.Races {
		if r.Status != explore.NotExplored || !strings.HasPrefix(r.Note, "not explored: the run was interrupted") {
			t.Errorf("pair %d race %d: %s %q, want not-explored", r.Pair, r.Race, r.Status, r.Note)
		}
		if c := res.Pairs[r.Pair].Races[r.Race].Confirmation; c == nil || c.Status != lockset.NotExplored {
			t.Errorf("pair %d race %d: lockset result not marked not-explored: %+v", r.Pair, r.Race, c)
		}
	}
}

// Without the publication assumption (--no-assume publication) the lockset
// check reports init's write before misc_register against read, and the
// explorer confirms it: read may run before init registers it. With the
// assumption the pair is race-free.
func TestNoPublicationConfirms(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pub.c")
	src := `#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int ready;
static ssize_t d_read(struct file *f, char __user *buf, size_t n, loff_t *ppos)
{
	return ready;
}
static const struct file_operations d_fops = { .owner = THIS_MODULE, .read = d_read };
static struct miscdevice d_misc = { MISC_DYNAMIC_MINOR, "d", &d_fops };
static int __init d_init(void)
{
	ready = 1;
	return misc_register(&d_misc);
}
module_init(d_init);
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, noPub := range []bool{false, true} {
		prog, err := frontend.Load(ctx, path, frontend.Config{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 1, NoPublication: noPub})
		if err != nil {
			t.Fatal(err)
		}
		if !noPub {
			if res.Races() != 0 {
				t.Errorf("with the publication assumption: %d races, want 0", res.Races())
			}
			continue
		}
		out, err := explore.Confirm(ctx, prog, res, explore.Options{NoPublication: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range out.Internal {
			t.Errorf("trace does not replay: %s", msg)
		}
		if res.Races() != 1 || len(out.Races) != 1 || out.Races[0].Status != explore.Confirmed {
			t.Fatalf("without it: %d races, results %+v; want the write at line 14 confirmed", res.Races(), out.Races)
		}
		checkTrace(t, "ready", out.Races[0])
		if last := out.Races[0].Steps[len(out.Races[0].Steps)-1]; last.Pos.Line != 8 && last.Pos.Line != 14 {
			t.Errorf("the race check is at line %d, want the read (8) or the write (14)", last.Pos.Line)
		}
	}
}

// Concrete runs confirm races without a solver query where a directed
// schedule and learned values reach the failing check: the init of
// testdata/concrete/hwid.c needs a hardware id, a status bit and
// misc_register's success, and the race an ioctl command; in
// testdata/concrete/objects.c the two threads must meet on one object
// reached through different pointers, past an ordering test and a bit
// test; in testdata/concrete/opener.c the file's open returns
// nonseekable_open's status as it came; in testdata/concrete/latestart.c
// the race of a single-open device's write and release needs the
// release's thread first; pc8736x_gpio's init reads a SuperIO id. The solver alone gives the
// same verdicts (objects.c's device struct, kzalloc'd, now lives in the
// zeroed space: before, the solver's first model of its two ioctls laid it
// over the struct file, and the strict check rejected that trace); a race
// the solver alone leaves rejected is not confirmed, never falsely.
func TestConcreteRuns(t *testing.T) {
	for _, tc := range []struct {
		path     string
		concrete int
		rejected int // races the solver alone leaves rejected
	}{
		{filepath.Join("testdata", "concrete", "hwid.c"), 1, 0},
		{filepath.Join("testdata", "concrete", "objects.c"), 2, 0},
		{filepath.Join("testdata", "concrete", "lessons.c"), 2, 0},
		{filepath.Join("testdata", "concrete", "opener.c"), 1, 0},
		{filepath.Join("testdata", "concrete", "latestart.c"), 3, 0},
		{sharedDriver(t, "pc8736x_gpio"), 5, 0},
	} {
		t.Run(filepath.Base(filepath.Dir(tc.path))+"/"+filepath.Base(tc.path), func(t *testing.T) {
			res, out := confirm(t, tc.path, explore.Options{})
			_, alone := confirm(t, tc.path, explore.NoConcrete(explore.Options{}))
			if out.Stats.Concrete != tc.concrete || out.Stats.Queries != 0 {
				t.Errorf("%d races confirmed by concrete runs, %d solver queries; want %d and 0",
					out.Stats.Concrete, out.Stats.Queries, tc.concrete)
			}
			if alone.Stats.Concrete != 0 || alone.Stats.Queries == 0 {
				t.Errorf("solver alone: %d concrete, %d queries", alone.Stats.Concrete, alone.Stats.Queries)
			}
			if len(out.Races) == 0 || len(out.Races) != len(alone.Races) {
				t.Fatalf("%d races, the solver alone %d", len(out.Races), len(alone.Races))
			}
			rejected := 0
			for i, r := range out.Races {
				if a := alone.Races[i]; r.Status == explore.Confirmed && a.Status == explore.NotConfirmed && a.Rejected != "" {
					rejected++
					checkTrace(t, tc.path, r)
					continue
				}
				if r.Status != explore.Confirmed || alone.Races[i].Status != explore.Confirmed {
					t.Errorf("race %d of %s: %s with concrete runs, %s by the solver alone", i,
						res.Pairs[r.Pair].Pair.First.Name(), r.Status, alone.Races[i].Status)
					continue
				}
				checkTrace(t, tc.path, r)
			}
			if rejected != tc.rejected {
				t.Errorf("the solver alone left %d races rejected, want %d", rejected, tc.rejected)
			}
		})
	}
}

// Pairs explored by two workers give the same verdicts, interleavings and
// counts as one: each pair keeps its own seed and queries, and the stats
// are merged in pair order. machzwd's races are confirmed and not
// confirmed (5 and 2); dtlk, used before, cost 24 s of CPU a run.
func TestConfirmJobs(t *testing.T) {
	machzwd := filepath.Join(filepath.Dir(filepath.Dir(sharedDriver(t, "generic_nvram"))), "..", "watchdog", "machzwd", "driver.c")
	for _, path := range []string{machzwd, sharedDriver(t, "generic_nvram")} {
		name := filepath.Base(filepath.Dir(path))
		_, one := confirm(t, path, explore.Options{Jobs: 1})
		_, two := confirm(t, path, explore.Options{Jobs: 2})
		one.Stats.Time, two.Stats.Time = 0, 0
		if fmt.Sprintf("%+v", one) != fmt.Sprintf("%+v", two) {
			t.Errorf("%s: --jobs 2 differs from --jobs 1:\n%+v\n%+v", name, one.Stats, two.Stats)
		}
		if one.Stats.Queries+one.Stats.Concrete == 0 {
			t.Errorf("%s: nothing explored", name)
		}
	}
}

// A race behind a division, a remainder and a shift by variables is
// confirmed by the solver, with a trace that replays: the first models
// disagree with C on the abstracted operations and are refined.
func TestRefinedArithmeticConfirms(t *testing.T) {
	path := filepath.Join("testdata", "refine", "geometry.c")
	res, out := confirm(t, path, explore.NoConcrete(explore.Options{}))
	confirmed := 0
	for _, r := range out.Races {
		pr := res.Pairs[r.Pair].Pair
		if pr.First.Name() != "geo_ioctl" || pr.Second.Name() != "geo_ioctl" {
			continue
		}
		if r.Status != explore.Confirmed {
			t.Errorf("race %d: %s", r.Pair, r.Status)
			continue
		}
		checkTrace(t, path, r)
		confirmed++
	}
	if confirmed == 0 {
		t.Fatalf("no race of geo_ioctl with itself confirmed: %+v", out.Races)
	}
	if out.Stats.Queries == 0 {
		t.Errorf("no solver query")
	}
}
