package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"iter"
	"strings"
	"sync"
	"time"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// Files are checked in parallel (--jobs files at a time, each drawing its
// pair checks from the same pool of --jobs solver threads) and reported in
// path order: each file's whole work, front end to lock checks, runs on a
// worker (fileRunner.run) and leaves its results and the lines it would
// print in a fileWork; the run prints them in order as they complete.

// fileWork is one file's results, or why it has none.
type fileWork struct {
	path     string
	name     string              // the program's path (ir.Program.Path), once loaded
	loadErr  error               // the front end did not finish
	res      *lockset.FileResult // nil without the race check
	checkErr error               // the race check did not finish
	lres     *lockset.LockResult // nil without the lock checks
	lockErr  error               // the lock checks did not finish
	log      bytes.Buffer        // the file's stderr lines (warnings, --stats)
	// abandoned: the file was stopped and part of its work (a parse, which
	// cannot be interrupted) still runs, its result to be dropped.
	abandoned bool
	// notStarted: the run was over (a signal) before the file's work began.
	notStarted bool
	started    time.Time
	loaded     time.Time
}

// fileRunner holds what every file's work shares.
type fileRunner struct {
	cfg                  frontend.Config
	module               []string // --module: the files of the one program
	base                 lockset.Options
	confirm              *explore.Options
	runRaces, runLocking bool
	verbose, stats       bool
	fileTimeout          time.Duration
	watch                *memWatch
	progress             *sweepProgress
}

// run does one file's work under its own deadline (--file-timeout, from
// the start of its parse) and the memory watch.
func (r *fileRunner) run(ctx context.Context, path string) *fileWork {
	w := &fileWork{path: path, started: time.Now()}
	if ctx.Err() != nil {
		// The run is over (a signal): say so at once, as a worker pool
		// does, instead of starting a parse that is abandoned.
		w.loadErr, w.notStarted = context.Cause(ctx), true
		return w
	}
	r.progress.start(path)
	defer r.progress.finish(path)
	fctx, cancel := fileContext(ctx, r.fileTimeout, 0)
	unwatch := r.watch.add(cancel)
	defer func() { unwatch(); cancel(nil) }()
	prog, exact := r.load(fctx, w)
	if prog == nil {
		return w
	}
	if r.runRaces && !r.races(fctx, w, prog, exact) {
		return w
	}
	if r.runLocking && ctx.Err() == nil && fctx.Err() != nil {
		// The race check used the whole deadline.
		w.lockErr = context.Cause(fctx)
		return w
	}
	if r.runLocking && ctx.Err() == nil {
		r.locks(ctx, fctx, w, prog)
	}
	return w
}

// load parses the file into w; it returns nil, with w.loadErr set, when
// the file cannot be read. With --confirm it also returns the file lowered
// with C's integer semantics, which the explorer reads whatever the race
// check assumes (confirm.go): one parse, two lowerings.
func (r *fileRunner) load(fctx context.Context, w *fileWork) (prog, exact *ir.Program) {
	path := w.path
	// What -v says about a kernel tree goes into the file's log, printed in
	// path order with its other lines; the buffer is locked, since await
	// may give up on the closure, which then still runs.
	cfg := r.cfg
	var tlog lockedBuffer
	if cfg.Tree.Log != nil {
		cfg.Tree.Log = &tlog
	}
	prog, err := await(fctx, stopGrace, &w.abandoned, func() (*ir.Program, error) {
		if r.confirm != nil {
			p, ex, err := loadWithExact(fctx, cfg, path, r.module)
			exact = ex
			return p, err
		}
		if r.module != nil {
			return loadModule(fctx, cfg, path, r.module)
		}
		return load(fctx, cfg, path, "")
	})
	w.log.Write(tlog.bytes())
	w.loaded = time.Now()
	if err != nil {
		if serr := stopped(fctx, path); serr != nil {
			err = serr
		}
		w.loadErr = err
		return nil, nil
	}
	w.name = prog.Path
	suppressionTypos(&w.log, prog.Sources)
	if r.verbose {
		warnings(&w.log, prog.Warnings)
	}
	return prog, exact
}

// races runs the race check (and --confirm) into w; false when it failed
// and w.checkErr says why.
func (r *fileRunner) races(fctx context.Context, w *fileWork, prog, exact *ir.Program) bool {
	path := w.path
	r.progress.phase(path, "summaries", 0, 0) // until the pair checks start
	opts := r.base
	opts.Progress = func(done, total int) { r.progress.pairs(path, done, total) }
	// The explorer's lines go to a buffer of the closure's own: await
	// may give up on the closure, which then still runs.
	var clog bytes.Buffer
	res, err := await(fctx, checkGrace, &w.abandoned, func() (*lockset.FileResult, error) {
		res, err := lockset.Check(fctx, prog, opts)
		if err == nil {
			// What the code does at each race's accesses, for ranking.
			findings.Annotate(prog, res)
		}
		if err == nil && r.confirm != nil {
			if fctx.Err() != nil {
				// Past the file's deadline: the races stay potential.
				fmt.Fprintf(&clog, "%s: warning: --confirm skipped: %v\n", prog.Path, context.Cause(fctx))
			} else {
				copts := *r.confirm
				copts.Exact = exact
				copts.Progress = func(done, total int) { r.progress.phase(path, "confirming", done, total) }
				err = confirmRaces(fctx, &clog, prog, res, copts, r.stats)
			}
		}
		return res, err
	})
	if err == nil {
		w.log.Write(clog.Bytes())
	}
	if err != nil || res == nil {
		if serr := stopped(fctx, prog.Path); serr != nil {
			err = serr
		}
		w.checkErr = err
		return false
	}
	w.res = res
	warnings(&w.log, res.Warnings[len(prog.Warnings):])
	if r.stats {
		raceStats(&w.log, w, prog, res)
	}
	return true
}

// raceStats prints --stats' lines of the race check.
func raceStats(out io.Writer, w *fileWork, prog *ir.Program, res *lockset.FileResult) {
	st := res.Stats
	fmt.Fprintf(out, "whoop: %s: %d entry points, %d concurrent pairs (%d checked with Z3, %d of them repeats of another, %d dead access sites and %d lock records left out), %d regions (%d tracked), "+
		"%d candidates (%d kept, %d solver calls, %d resource units, %d of them in functions given up); front end %v, summaries %v, pair checks %v, total %v\n",
		prog.Path, len(res.EntryPoints), res.ConcurrentPairs(), st.SymbolicPairs, st.RepeatedPairs, st.DeadSites, st.FixedLockRecords, st.Regions, st.SharedRegions,
		st.Candidates, st.CandidatesKept, st.HoudiniChecks, st.HoudiniUnits, st.HoudiniGaveUpUnits, w.loaded.Sub(w.started).Round(time.Millisecond),
		st.Houdini.Round(time.Millisecond), st.Check.Round(time.Millisecond), time.Since(w.started).Round(time.Millisecond))
	if len(st.Slowest) > 0 {
		// Where the pair checks' time went: many pairs, or a few large ones.
		fmt.Fprintf(out, "whoop: %s: pair checks: %d solved, %v on average, %d solver calls (%d resource units); slowest: %s\n", prog.Path, st.SolvedPairs,
			(st.Check / time.Duration(max(st.SolvedPairs, 1))).Round(time.Millisecond), st.PairQueries, st.PairUnits, slowestPairs(st.Slowest))
	}
}

// locks runs the lock checks into w, under the file's deadline too: every
// stage of a file is bounded.
func (r *fileRunner) locks(ctx, fctx context.Context, w *fileWork, prog *ir.Program) {
	r.progress.phase(w.path, "lock checks", 0, 0)
	lres, err := lockset.CheckLocks(fctx, prog, r.base)
	if err != nil {
		if fctx.Err() != nil && ctx.Err() == nil {
			err = context.Cause(fctx)
		}
		w.lockErr = err
		return
	}
	w.lres = lres
	if !r.runRaces {
		// The documents list the file with its lock results.
		w.res = &lockset.FileResult{Path: prog.Path, Parts: prog.Files, EntryPoints: prog.EntryPoints, LocksOnly: true}
	}
	if r.verbose {
		// The lock checks read the same facts as the race check: its
		// warnings are printed once.
		var printed []ir.Diagnostic
		if w.res != nil {
			printed = w.res.Warnings
		}
		warnings(&w.log, unseen(lres.Warnings, printed))
	}
	if r.stats {
		fmt.Fprintf(&w.log, "whoop: %s: lock checks %v\n", prog.Path, lres.Total.Round(time.Millisecond))
	}
}

// unseen returns the diagnostics of ds that are not in seen, each once.
func unseen(ds, seen []ir.Diagnostic) []ir.Diagnostic {
	done := make(map[ir.Diagnostic]bool, len(seen)+len(ds))
	for _, d := range seen {
		done[d] = true
	}
	var out []ir.Diagnostic
	for _, d := range ds {
		if !done[d] {
			done[d] = true
			out = append(out, d)
		}
	}
	return out
}

// warnings writes diagnostics gcc-style.
func warnings(w io.Writer, ds []ir.Diagnostic) {
	for _, d := range ds {
		fmt.Fprintf(w, "%s: warning: %s\n", d.Pos, d.Msg)
	}
}

// inOrder runs f on 0..n-1, at most workers at a time, and yields the
// results in index order. At most window(workers) results are ahead of
// the caller (running or done), so memory stays bounded when one file is
// slow. Breaking out of the loop cancels the work in flight.
func inOrder[T any](ctx context.Context, n, workers int, f func(ctx context.Context, i int) T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		if workers <= 1 {
			for i := range n {
				if !yield(i, f(ctx, i)) {
					return
				}
			}
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		quit := make(chan struct{})
		defer func() { close(quit); cancel() }()
		ahead := make(chan struct{}, window(workers))
		running := make(chan struct{}, workers)
		slots := make([]chan T, n)
		for i := range slots {
			slots[i] = make(chan T, 1)
		}
		go func() {
			for i := range n {
				select {
				case ahead <- struct{}{}:
				case <-quit:
					return
				}
				select {
				case running <- struct{}{}:
				case <-quit:
					return
				}
				go func() {
					defer func() { <-running }()
					slots[i] <- f(ctx, i)
				}()
			}
		}()
		for i := range n {
			v := <-slots[i]
			if !yield(i, v) {
				return
			}
			<-ahead
		}
	}
}

// window is how many files inOrder lets run or wait ahead of the one
// reported next. A slow file must not idle the other workers: with
// 2*workers, a 54 s file (6.12's virtio_console.c) let the second worker
// check three files and then wait for it. A finished file waiting its turn
// keeps little: the live heap of a 40-file --jobs 2 JSON sweep, which keeps
// every result, stayed under 620 MB between collections, parses in flight
// included.
func window(workers int) int { return max(2*workers, aheadFiles) }

// aheadFiles is the least window: about half a minute of typical 6.12
// driver files on two workers.
const aheadFiles = 16

// lockedBuffer is a buffer safe for concurrent writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// bytes returns a copy of what was written so far.
func (b *lockedBuffer) bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

// slowestPairs describes the costliest pair checks for --stats: their
// time, and the size that made them costly.
func slowestPairs(costs []lockset.PairCost) string {
	var parts []string
	for _, c := range costs {
		how := ""
		if c.Fresh {
			how = ", fresh solvers"
		}
		parts = append(parts, fmt.Sprintf("%s and %s %v (%d regions, %d statements%s, %d solver calls, %d units)",
			c.First, c.Second, c.Time.Round(time.Millisecond), c.Regions, c.Statements, how, c.Queries, c.Units))
	}
	return strings.Join(parts, "; ")
}
