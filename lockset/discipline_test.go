package lockset_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// TestLockDiscipline checks every program in testdata/locking against its
// `// want "KIND"` annotations: each finding must be expected on its line,
// each expectation found.
func TestLockDiscipline(t *testing.T) {
	files, err := filepath.Glob("testdata/locking/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".c"), func(t *testing.T) {
			ctx := context.Background()
			prog, err := frontend.Load(ctx, path, frontend.Config{})
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			res, err := lockset.CheckLocks(ctx, prog, lockset.Options{Jobs: 2})
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			for _, w := range res.Warnings {
				t.Logf("warning: %s: %s", w.Pos, w.Msg)
			}
			wants := parseWants(t, path)
			for _, e := range res.Errors {
				desc := e.Kind + ": " + e.Msg
				for _, r := range e.Related {
					desc += " (" + r.Msg + " at line " + itoa(r.Pos.Line) + ")"
				}
				ok := false
				for _, w := range wants[e.Pos.Line] {
					if w.pattern.MatchString(desc) {
						w.matched, ok = true, true
					}
				}
				if !ok {
					t.Errorf("%s:%d: unexpected %s", path, e.Pos.Line, desc)
				}
			}
			var lines []int
			for l := range wants {
				lines = append(lines, l)
			}
			sort.Ints(lines)
			for _, l := range lines {
				for _, w := range wants[l] {
					if !w.matched {
						t.Errorf("%s:%d: missing finding matching %q", path, l, w.pattern)
					}
				}
			}
		})
	}
}

func itoa(n int) string {
	s := ""
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// A lock error on a path through a function whose summary inference gave
// up (here every function: an rlimit of one unit; relock is summarised, as
// every callee is with an inline budget of one statement) is not an error
// but an inconclusive warning at the same line: the callee's lock effects
// are unknown there. With the default budget it is the error it is.
func TestLockChecksGiveUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gaveup.c")
	src := `#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static void relock(void)
{
	mutex_unlock(&m);
	mutex_lock(&m);
}
static ssize_t d_read(struct file *f, char __user *b, size_t n, loff_t *p)
{
	mutex_lock(&m);
	relock();
	mutex_lock(&m);
	mutex_unlock(&m);
	return 0;
}
static const struct file_operations d_fops = { .owner = THIS_MODULE, .read = d_read };
static struct miscdevice d_misc = { MISC_DYNAMIC_MINOR, "d", &d_fops };
module_misc_device(d_misc);
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		rlimit int64
		errors string
		warn   string
	}{
		{0, "16:double-lock", ""},
		{1, "", "16: lock check double-lock of d_read inconclusive: summary inference gave up on relock"},
	} {
		prog, err := frontend.Load(ctx, path, frontend.Config{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := lockset.CheckLocks(ctx, prog, lockset.Options{Jobs: 2, HoudiniRlimit: c.rlimit, InlineBudget: 1})
		if err != nil {
			t.Fatal(err)
		}
		var errs []string
		for _, e := range res.Errors {
			errs = append(errs, itoa(e.Pos.Line)+":"+e.Kind)
		}
		if got := strings.Join(errs, " "); got != c.errors {
			t.Errorf("rlimit %d: errors %q, want %q", c.rlimit, got, c.errors)
		}
		found := c.warn == ""
		for _, w := range res.Warnings {
			if strings.HasPrefix(itoa(w.Pos.Line)+": "+w.Msg, c.warn) && c.warn != "" {
				found = true
			}
		}
		if !found {
			t.Errorf("rlimit %d: no warning %q in %v", c.rlimit, c.warn, res.Warnings)
		}
	}
}

// A release whose lock the check cannot identify releases, for the
// lockset, every lock of its class. For the lock checks that only makes
// the state of the identified locks it met unknown: the release of g after
// it (line 23) is an inconclusive warning, not the unlock-unheld error it
// was, and a re-acquire of g after it may be a double lock (line 30).
// Errors that do not depend on it are still errors: the mutex's double
// lock (line 32), and g held at d_release's return (held either way: taken
// again, or never released).
func TestUnidentifiedReleaseInconclusive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "unknown.c")
	src := `#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(g);
static DEFINE_MUTEX(m);
static char *base;
static int state;
static void inner(long off)
{
	spinlock_t *l = (spinlock_t *)(((unsigned long)base + off) & ~7UL);
	spin_lock(l);
	state++;
	spin_unlock(l);
}
static int d_open(struct inode *inode, struct file *file)
{
	unsigned long flags;
	spin_lock_irqsave(&g, flags);
	inner(inode->i_ino);
	spin_unlock_irqrestore(&g, flags);
	return 0;
}
static int d_release(struct inode *inode, struct file *file)
{
	spin_lock(&g);
	inner(inode->i_ino);
	spin_lock(&g);
	mutex_lock(&m);
	mutex_lock(&m);
	return 0;
}
static const struct file_operations d_fops = { .owner = THIS_MODULE, .open = d_open, .release = d_release };
static struct miscdevice d_misc = { MISC_DYNAMIC_MINOR, "d", &d_fops };
module_misc_device(d_misc);
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lockset.CheckLocks(ctx, prog, lockset.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	var errs []string
	for _, e := range res.Errors {
		errs = append(errs, itoa(e.Pos.Line)+":"+e.Kind)
		if e.Kind == lockset.HeldAtReturn {
			errs[len(errs)-1] += ":" + e.Lock
		}
	}
	if got, want := strings.Join(errs, " "), "32:double-lock 33:lock-held-at-return:g"; got != want {
		t.Errorf("errors %q, want %q", got, want)
	}
	var warns []string
	for _, w := range res.Warnings {
		if strings.Contains(w.Msg, "cannot identify may have released") {
			warns = append(warns, itoa(w.Pos.Line)+": "+w.Msg)
		}
	}
	sort.Strings(warns)
	want := []string{
		"23: lock check unlock-unheld of d_open inconclusive: a release of a lock the check cannot identify may have released g",
		"30: lock check double-lock of d_release inconclusive: a release of a lock the check cannot identify may have released g",
	}
	if strings.Join(warns, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warns, "\n"), strings.Join(want, "\n"))
	}
	// The result counts them, for the reports' summaries.
	if res.Inconclusive != 2 {
		t.Errorf("%d inconclusive lock checks counted, want 2: %v", res.Inconclusive, res.Warnings)
	}
}

// TestLockPairsDropped: with the lock-pairs assumption dropped, pre_reset
// and post_reset are checked alone, and the mutexes held across the pair
// are reported again.
func TestLockPairsDropped(t *testing.T) {
	ctx := context.Background()
	path := "testdata/locking/reset_pair.c"
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	count := func(opts lockset.Options) map[string]int {
		res, err := lockset.CheckLocks(ctx, prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		n := map[string]int{}
		for _, e := range res.Errors {
			n[e.Kind]++
		}
		return n
	}
	with, without := count(lockset.Options{Jobs: 1}), count(lockset.Options{Jobs: 1, NoLockPairs: true})
	if with[lockset.HeldAtReturn] != 1 || with[lockset.UnlockUnheld] != 2 {
		t.Errorf("with the pair: %v, want 1 held at return, 2 unlocks of unheld locks", with)
	}
	if without[lockset.HeldAtReturn] != 3 || without[lockset.UnlockUnheld] < 4 {
		t.Errorf("without the pair: %v, want 3 held at return, at least 4 unlocks of unheld locks", without)
	}
}
