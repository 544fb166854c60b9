package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/report"
)

// TestWireRoundTrip: a file's results, sent by a sweep worker and read
// back by its parent, print the same bytes in every format as the results
// themselves. The drivers cover races, serialised pairs, distinct
// parameters, warnings (efirtc), lock errors (locking.c) and a
// confirmation's interleaving.
func TestWireRoundTrip(t *testing.T) {
	dir := t.TempDir()
	locking := filepath.Join(dir, "locking.c")
	if err := os.WriteFile(locking, []byte(lockingDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{locking}
	for _, rel := range []string{"char/generic_nvram", "char/efirtc", "char/dtlk", "net/ethernet/8139too"} {
		paths = append(paths, filepath.Join("..", "..", "..", "shared", "drivers", rel, "driver.c"))
	}
	ctx := context.Background()
	for _, path := range paths {
		prog, err := load(ctx, frontend.Config{}, path, "")
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 2})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		lres, err := lockset.CheckLocks(ctx, prog, lockset.Options{Jobs: 2})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i := range res.Pairs {
			if len(res.Pairs[i].Races) > 0 {
				r := &res.Pairs[i].Races[0]
				r.Suppressed = "test"
				r.Confirmation = &lockset.Confirmation{Status: lockset.Confirmed, Steps: []lockset.Step{
					{Thread: 1, EntryPoint: r.Accesses[0].EntryPoint, Func: r.Accesses[0].Func, Pos: r.Accesses[0].Pos, Source: "\tx = 1;", Kind: "write", LValue: "x", Value: "1"},
					{Thread: 2, EntryPoint: r.Accesses[1].EntryPoint, Func: r.Accesses[1].Func, Pos: r.Accesses[1].Pos, Source: "\ty = x;", Kind: "read", LValue: "x", Value: "1"},
				}}
				break
			}
		}
		w := &fileWork{path: path, name: prog.Path, res: res, lres: lres}
		w.log.WriteString("a line of the file's log\n")
		back := roundTrip(t, w)
		if back.path != w.path || back.name != w.name || back.log.String() != w.log.String() {
			t.Errorf("%s: path %q name %q log %q came back as %q %q %q", path, w.path, w.name, w.log.String(), back.path, back.name, back.log.String())
		}
		if n := len(res.Pairs); n == 0 || len(back.res.Pairs) != n {
			t.Fatalf("%s: %d pairs came back as %d", path, n, len(back.res.Pairs))
		}
		if strings.HasSuffix(path, "locking.c") && len(lres.Errors) == 0 {
			t.Fatalf("%s: no lock error to send", path)
		}
		if strings.Contains(path, "efirtc") && len(res.Warnings) == 0 {
			t.Fatalf("%s: no warning to send", path)
		}
		for _, verbose := range []bool{false, true} {
			for _, f := range report.Formats() {
				opts := report.Options{Version: "test", Verbose: verbose, Locks: map[string]*lockset.LockResult{res.Path: lres}}
				backOpts := opts
				backOpts.Locks = map[string]*lockset.LockResult{back.res.Path: back.lres}
				var want, got bytes.Buffer
				if err := report.WriteRaces(&want, f, []*lockset.FileResult{res}, opts); err != nil {
					t.Fatal(err)
				}
				if err := report.WriteRaces(&got, f, []*lockset.FileResult{back.res}, backOpts); err != nil {
					t.Fatal(err)
				}
				if want.String() != got.String() {
					t.Errorf("%s: %s (verbose %v) differs after the round trip:\n%s\nwant:\n%s", path, f, verbose, got.String(), want.String())
				}
			}
		}
		var want, got bytes.Buffer
		if err := report.WriteLockErrors(&want, []*lockset.LockResult{lres}); err != nil {
			t.Fatal(err)
		}
		if err := report.WriteLockErrors(&got, []*lockset.LockResult{back.lres}); err != nil {
			t.Fatal(err)
		}
		if want.String() != got.String() {
			t.Errorf("%s: lock errors differ after the round trip:\n%s\nwant:\n%s", path, got.String(), want.String())
		}
	}
}

// lockingDriver has a double lock and a race.
const lockingDriver = `#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int count;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&m);
	if (cmd)
		mutex_lock(&m);
	mutex_unlock(&m);
	count++;
	return 0;
}

static const struct file_operations fops = { .unlocked_ioctl = dev_ioctl };
static struct miscdevice dev = { .minor = MISC_DYNAMIC_MINOR, .name = "d", .fops = &fops };

static int __init d_init(void) { return misc_register(&dev); }
static void __exit d_exit(void) { misc_deregister(&dev); }
module_init(d_init);
module_exit(d_exit);
`

// roundTrip sends w as a worker does and reads it back as the parent does.
func roundTrip(t *testing.T, w *fileWork) *fileWork {
	t.Helper()
	ww, err := toWire(7, w)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(workerMessage{Result: ww})
	if err != nil {
		t.Fatal(err)
	}
	var m workerMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m.Result == nil || m.Result.Index != 7 {
		t.Fatalf("the result came back as %+v", m)
	}
	back, err := m.Result.work()
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// TestWireErrors: the errors a file can end in keep what the run reads
// from them, their exit code or their signal, and their message.
func TestWireErrors(t *testing.T) {
	w := &fileWork{path: "a.c", loadErr: &exitError{code: exitInput, msg: "a.c:3:1: unexpected end of file"},
		checkErr: &interrupted{sig: syscall.SIGTERM}, lockErr: fmt.Errorf("wrapped: %w", errors.New("solver gave up"))}
	back := roundTrip(t, w)
	var ee *exitError
	if !errors.As(back.loadErr, &ee) || ee.code != exitInput || ee.msg != "a.c:3:1: unexpected end of file" {
		t.Errorf("loadErr came back as %#v", back.loadErr)
	}
	var in *interrupted
	if !errors.As(back.checkErr, &in) || in.sig != syscall.SIGTERM || back.checkErr.Error() != "interrupted by SIGTERM" {
		t.Errorf("checkErr came back as %#v", back.checkErr)
	}
	if back.lockErr == nil || back.lockErr.Error() != "wrapped: solver gave up" || errors.As(back.lockErr, &ee) {
		t.Errorf("lockErr came back as %#v", back.lockErr)
	}
	if back.res != nil || back.lres != nil {
		t.Errorf("results out of nothing: %v %v", back.res, back.lres)
	}
}

// fakeWorker stands in for a sweep worker in TestWorkerPool (TestMain runs
// it as the command "whoop-fake-worker"): it answers each file with a
// result whose log names the file and its process (after a line on stdout,
// which must not disturb its answers), dies on crash.c as a worker hit by
// a fault would, and on leave.c says it must end and hangs, as a worker
// whose stopped parse still runs would.
func fakeWorker() {
	dec := json.NewDecoder(os.Stdin)
	out, err := workerOut()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	enc := json.NewEncoder(out)
	for {
		var req workerRequest
		if err := dec.Decode(&req); err != nil {
			os.Exit(0)
		}
		if strings.HasSuffix(req.Path, "crash.c") {
			fmt.Fprintln(os.Stderr, "fake worker: fault")
			os.Exit(3)
		}
		if strings.HasSuffix(req.Path, "kill9.c") {
			_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
		fmt.Println("fake worker: noise on stdout")
		_ = enc.Encode(workerMessage{Progress: &workerProgress{Phase: "pairs", Done: 1, Total: 2}})
		msg := workerMessage{Result: &wireWork{Index: req.Index, Path: req.Path, Name: req.Path,
			Log: fmt.Sprintf("%s in %d\n", req.Path, os.Getpid())}}
		if strings.HasSuffix(req.Path, "leave.c") {
			// Work left running: the worker says it ends, and hangs.
			msg.Exit = req.Path + ": stopped, but its work still runs"
			_ = enc.Encode(msg)
			select {}
		}
		_ = enc.Encode(msg)
	}
}

// TestWorkerPool: files go to workers one at a time, each worker serves
// several, and a worker that dies costs only the file it had: that file is
// reported as an internal error with the worker's last words, and the next
// file gets a new worker.
func TestWorkerPool(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer // workers' stderr is copied concurrently
	pool := newWorkerPool(&workerSpawn{exe: exe, argv0: "whoop-fake-worker"}, 2, 0, &stderr, newSweepProgress(io.Discard, 5, false), nil)
	defer pool.close(workerGrace)
	paths := []string{"a.c", "b.c", "crash.c", "d.c", "leave.c", "e.c", "f.c"}
	var got []*fileWork
	for i, w := range inOrder(context.Background(), len(paths), 2, func(ctx context.Context, i int) *fileWork { return pool.run(ctx, i, paths[i]) }) {
		if w.path != paths[i] {
			t.Fatalf("file %d is %s, want %s", i, w.path, paths[i])
		}
		got = append(got, w)
	}
	pids := map[string]bool{}
	leftBy := "" // the process that served leave.c
	for i, w := range got {
		if paths[i] == "crash.c" {
			var ee *exitError
			if !errors.As(w.loadErr, &ee) || ee.code != exitInconclusive {
				t.Fatalf("crash.c: %v, want an internal error (exit %d)", w.loadErr, exitInconclusive)
			}
			for _, want := range []string{"crash.c: internal error: whoop's sweep worker (process ", ") exit status 3 while checking this file; its last words: fake worker: fault"} {
				if !strings.Contains(ee.msg, want) {
					t.Errorf("crash.c: %q lacks %q", ee.msg, want)
				}
			}
			continue
		}
		if w.loadErr != nil || w.name != paths[i] {
			t.Fatalf("%s: %v, name %q", paths[i], w.loadErr, w.name)
		}
		file, pid, ok := strings.Cut(strings.TrimSpace(w.log.String()), " in ")
		if !ok || file != paths[i] {
			t.Fatalf("%s: log %q", paths[i], w.log.String())
		}
		if pid == leftBy {
			t.Errorf("%s ran in process %s, which said it ends after leave.c", paths[i], pid)
		}
		if paths[i] == "leave.c" {
			leftBy = pid
		}
		pids[pid] = true
	}
	// Two workers served the files before the crash; the crashed one and
	// the one that left were replaced: at least three processes.
	if n := len(pids); n < 3 || n > 4 {
		t.Errorf("the files ran in %d processes, want 3 or 4", n)
	}
	// Once the workers have exited, all they printed has been passed on.
	pool.close(workerGrace)
	errText := string(stderr.bytes())
	if !strings.Contains(errText, "fake worker: fault\n") {
		t.Errorf("the worker's stderr was not passed on: %q", errText)
	}
	// What a worker prints on stdout cannot garble its answers: it goes
	// to stderr, once per file served.
	if n := strings.Count(errText, "fake worker: noise on stdout\n"); n != 6 {
		t.Errorf("the workers' stdout reached stderr %d times, want 6: %q", n, errText)
	}
	// A run that stopped wanting the file (it broke off) ends the worker
	// and gives the file the run's cause.
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("broke off"))
	if w := pool.run(ctx, 0, "a.c"); w.loadErr == nil || w.loadErr.Error() != "broke off" {
		t.Errorf("a cancelled run: %v", w.loadErr)
	}
}

// TestWorkerKilled: a worker killed by a signal (the OOM killer's SIGKILL)
// is reported by the signal's name, and the next file gets a new worker.
func TestWorkerKilled(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pool := newWorkerPool(&workerSpawn{exe: exe, argv0: "whoop-fake-worker"}, 1, 0, io.Discard, newSweepProgress(io.Discard, 2, false), nil)
	defer pool.close(workerGrace)
	w := pool.run(context.Background(), 0, "kill9.c")
	var ee *exitError
	if !errors.As(w.loadErr, &ee) || ee.code != exitInconclusive || !strings.HasSuffix(ee.msg, ") killed by SIGKILL while checking this file") {
		t.Errorf("kill9.c: %v", w.loadErr)
	}
	if w := pool.run(context.Background(), 1, "a.c"); w.loadErr != nil || w.name != "a.c" {
		t.Errorf("a.c after the kill: %v", w.loadErr)
	}
}

// TestExitReason: a worker ends after a file when its run was cancelled or
// when the file left work running.
func TestExitReason(t *testing.T) {
	w := &fileWork{path: "a.c"}
	if r := exitReason(context.Background(), w); r != "" {
		t.Errorf("a finished file: %q, want none", r)
	}
	w.abandoned = true
	if r := exitReason(context.Background(), w); r != "a.c: stopped, but its work still runs" {
		t.Errorf("an abandoned parse: %q", r)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&memoryCap{limit: 1 << 20, total: 2 << 20})
	if r := exitReason(ctx, &fileWork{path: "b.c"}); r != "inconclusive: memory use passed 1M, a sweep worker's share of --max-memory 2M" {
		t.Errorf("a cancelled run: %q", r)
	}
}

// TestWorkerPoolCannotStart: when no worker process can be started, the
// sweep says so once and checks its files in its own process.
func TestWorkerPoolCannotStart(t *testing.T) {
	var stderr bytes.Buffer
	var here []string
	inProcess := func(_ context.Context, path string) *fileWork {
		here = append(here, path)
		return &fileWork{path: path, name: path}
	}
	pool := newWorkerPool(&workerSpawn{exe: filepath.Join(t.TempDir(), "no-such-whoop"), argv0: "whoop"}, 2, 0, &stderr,
		newSweepProgress(io.Discard, 2, false), inProcess)
	defer pool.close(workerGrace)
	for i, path := range []string{"a.c", "b.c"} {
		if w := pool.run(context.Background(), i, path); w.path != path || w.loadErr != nil {
			t.Fatalf("%s: %+v", path, w)
		}
	}
	if strings.Join(here, " ") != "a.c b.c" {
		t.Errorf("checked in this process: %q, want a.c and b.c", here)
	}
	if got := stderr.String(); strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "whoop: warning: starting a sweep worker: ") ||
		!strings.HasSuffix(got, ": checking the files in this process\n") {
		t.Errorf("stderr %q, want one warning", got)
	}
}

// TestWireLocksOnly: a file checked with --checks locking alone keeps its
// mark through a worker, so the parent lists it as lock-checks-only.
func TestWireLocksOnly(t *testing.T) {
	ep := &ir.EntryPoint{Func: ir.NewFunction("dev_ioctl", nil, ir.Pos{File: "a.c", Line: 3}), Role: ir.RoleEntry}
	w := &fileWork{path: "a.c", name: "a.c", res: &lockset.FileResult{Path: "a.c", EntryPoints: []*ir.EntryPoint{ep}, LocksOnly: true},
		lres: &lockset.LockResult{Path: "a.c", Inconclusive: 3}}
	back := roundTrip(t, w)
	if back.res == nil || !back.res.LocksOnly || len(back.res.EntryPoints) != 1 || back.lres == nil || back.lres.Inconclusive != 3 {
		t.Errorf("came back as %+v, %+v", back.res, back.lres)
	}
}
