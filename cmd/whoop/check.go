package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/report"
	"github.com/whoopverify/whoop/z3"
)

func checkFlags() []cli.Flag {
	return append(append(append(append(frontendFlags(), assumeFlags()...), confirmFlags()...), sweepFlags()...),
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text",
			Usage: "output `FORMAT`: text (gcc-style), xml, json or sarif"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(),
			Usage: "check `N` pairs in parallel, one Z3 context each (at most 64); above 1, the next FILE parses while one is checked"},
		&cli.DurationFlag{Name: "timeout", Value: 60 * time.Second,
			Usage: "give up on one pair after `D` (10s, 5m; it is reported inconclusive; 0 = no limit)"},
		&cli.DurationFlag{Name: "file-timeout", Value: defaultFileTimeout,
			Usage: "give up on one FILE after `D`, parsing included (it is reported inconclusive, exit 4; 0 = no limit)"},
		&cli.StringFlag{Name: "max-memory", DefaultText: "4G, or half the machine's memory if less",
			Usage: "stop the files in progress, inconclusive, when whoop's memory passes `SIZE` (4G, 512M; 0 = no cap)"},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"},
			Usage: "also list race-free and serialised pairs, and every warning"},
		&cli.BoolFlag{Name: "no-progress", Usage: "never draw the progress line on stderr"},
		&cli.StringFlag{Name: "json-out", Usage: "also write the JSON report to `FILE` (for whoop merge, or a later --baseline), whatever --format says"},
		&cli.BoolFlag{Name: "stats", Usage: "print counts and phase times per file on stderr"},
		checksFlag(),
		&cli.StringFlag{Name: "cpuprofile", Hidden: true, Usage: "write a CPU profile to `FILE` (for whoop developers)"},
	)
}

// checkAction is the default action: the race check of every FILE.c.
// maxWarmContexts bounds the solver threads warmed ahead of the checks
// (17 MB each): lockset checks a file's pairs in at most four groups.
const maxWarmContexts = 4

// maxJobs bounds --jobs: each job is an OS thread with its own Z3 context
// (17 MB at least), and a file's pairs are checked in at most four groups,
// so more threads only cost memory; thousands exhaust the Go runtime's
// thread limit and crash it.
const maxJobs = 64

// defaultFileTimeout is --file-timeout's default: the shared drivers take
// under a second each.
const defaultFileTimeout = 5 * time.Minute

func checkAction(c *cli.Context) error {
	runStart := time.Now()
	if c.NArg() == 0 && !c.IsSet("p") && compDBOf(c) == nil {
		return usageErrorf("no input files\nusage: whoop [flags] FILE.c...  (see whoop --help)")
	}
	format, err := report.ParseFormat(c.String("format"))
	if err != nil {
		return usageErrorf("%v", err)
	}
	if j := c.Int("jobs"); j < 1 || j > maxJobs {
		return usageErrorf("--jobs %d: want 1 to %d", j, maxJobs)
	}
	if c.Duration("timeout") < 0 {
		return usageErrorf("--timeout must not be negative")
	}
	if c.Duration("file-timeout") < 0 {
		return usageErrorf("--file-timeout must not be negative")
	}
	maxMemory := defaultMaxMemory()
	if c.IsSet("max-memory") {
		if maxMemory, err = parseBytes(c.String("max-memory")); err != nil {
			return usageErrorf("%v", err)
		}
	}
	runRaces, runLocking, err := selectedChecks(c)
	if err != nil {
		return err
	}
	base := lockset.Options{Jobs: c.Int("jobs"), Timeout: c.Duration("timeout")}
	cfg, err := frontendConfig(c)
	if err != nil {
		return err
	}
	var fc frontend.Config
	if err := applyNoAssume(c, &fc, &base); err != nil {
		return err
	}
	var confirm *explore.Options
	if c.Bool("confirm") {
		o, err := confirmOptions(c, base)
		if err != nil {
			return err
		}
		confirm = &o
	}
	if path := c.String("cpuprofile"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			return usageErrorf("--cpuprofile: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return usageErrorf("--cpuprofile: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	// Solver threads, warmed while the front end parses on another core
	// (z3.Threads): each solver's start-up is then off the critical path.
	threads := z3.StartThreads(base.Jobs, z3.ThreadsConfig{Warm: min(base.Jobs, maxWarmContexts), HugePages: hugePagesWanted()})
	var stop *interrupted
	defer func() {
		if stop == nil { // on a signal, exit without waiting for work in flight
			threads.Close()
		}
	}()
	base.Threads = threads
	ctx := c.Context
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancelRun := context.WithCancelCause(ctx)
	defer cancelRun(nil)
	watch := startMemWatch(maxMemory, cancelRun)
	defer watch.stop()
	stderr := c.App.ErrWriter
	var (
		results  []*lockset.FileResult
		fileErrs []report.FileError
		locks    []*lockset.LockResult
		code     = exitOK
		failures []string
	)
	worst := func(next int) {
		// Precedence: input errors, then races, then inconclusive files.
		rank := map[int]int{exitOK: 0, exitInconclusive: 1, exitRaces: 2, exitInput: 3}
		if rank[next] > rank[code] {
			code = next
		}
	}
	// fail records a file that did not finish; it reports whether the run
	// was interrupted.
	fail := func(path string, err error) bool {
		if errors.As(err, &stop) {
			fileErrs = append(fileErrs, report.FileError{Path: path, Index: len(results),
				Msg: fmt.Sprintf("%s: %v before it was checked", path, stop)})
			return true
		}
		var ee *exitError
		if !errors.As(err, &ee) {
			ee = &exitError{code: exitInconclusive, msg: fmt.Sprintf("%s: %v", path, err)}
		}
		failures = append(failures, ee.msg)
		fileErrs = append(fileErrs, report.FileError{Path: path, Index: len(results),
			Msg: strings.ReplaceAll(ee.msg, "\nwhoop: ", "\n")})
		worst(ee.code)
		return false
	}
	paths, swept, err := expandPaths(c, c.Args().Slice())
	if err != nil {
		return err
	}
	done := 0
	fileTimeout := c.Duration("file-timeout")
	for i, next := range prefetch(ctx, cfg, paths, base.Jobs > 1, fileTimeout, watch) {
		path := paths[i]
		prog, started, loaded := next.prog, next.started, next.loaded
		if next.err != nil {
			if fail(path, next.err) {
				break
			}
			continue
		}
		for _, w := range prog.Warnings {
			if c.Bool("verbose") {
				fmt.Fprintf(stderr, "%s: warning: %s\n", w.Pos, w.Msg)
			}
		}
		if runRaces {
			progress := newProgress(stderr, prog.Path, !c.Bool("no-progress"))
			opts := base
			opts.Progress = progress.update
			// The check gets what the parse left of the file's deadline.
			cctx, cancel := fileContext(ctx, fileTimeout, loaded.Sub(started))
			unwatch := watch.add(cancel)
			res, err := await(cctx, func() (*lockset.FileResult, error) {
				res, err := lockset.Check(cctx, prog, opts)
				if err == nil && confirm != nil {
					progress.done()
					err = confirmRaces(cctx, stderr, prog, res, *confirm, c.Bool("stats"))
				}
				return res, err
			})
			progress.done()
			if err != nil || res == nil {
				if serr := stopped(cctx, prog.Path); serr != nil {
					err = serr
				}
			}
			unwatch()
			cancel(nil)
			if err != nil {
				if fail(prog.Path, err) {
					break
				}
				continue
			}
			for _, w := range res.Warnings[len(prog.Warnings):] {
				fmt.Fprintf(stderr, "%s: warning: %s\n", w.Pos, w.Msg)
			}
			if c.Bool("stats") {
				st := res.Stats
				fmt.Fprintf(stderr, "whoop: %s: %d entry points, %d concurrent pairs (%d checked with Z3), %d regions (%d tracked), "+
					"%d candidates (%d kept, %d solver calls); front end %v, summaries %v, pair checks %v, total %v\n",
					prog.Path, len(res.EntryPoints), res.ConcurrentPairs(), st.SymbolicPairs, st.Regions, st.SharedRegions,
					st.Candidates, st.CandidatesKept, st.HoudiniChecks, loaded.Sub(started).Round(time.Millisecond),
					st.Houdini.Round(time.Millisecond), st.Check.Round(time.Millisecond), time.Since(started).Round(time.Millisecond))
			}
			results = append(results, res)
			done++
			// An interrupt during the explorer keeps this file's results and
			// ends the run.
			if errors.As(context.Cause(ctx), &stop) {
				break
			}
			switch {
			case res.RacyPairs() > 0:
				worst(exitRaces)
			case res.InconclusivePairs() > 0, len(res.EntryPoints) == 0:
				// No entry point: nothing was checked, which is no proof.
				worst(exitInconclusive)
			}
		}
		if runLocking {
			lres, stop := lockChecks(ctx, c, prog, base, &failures, worst)
			if stop != nil {
				return stop
			}
			if lres != nil {
				locks = append(locks, lres)
			}
		}
	}
	if len(results) > 0 || len(fileErrs) > 0 && format != report.Text {
		if err := report.WriteRaces(c.App.Writer, format, results,
			report.Options{Version: version, Verbose: c.Bool("verbose"), Errors: fileErrs,
				Locks: lockMap(format, runLocking, locks)}); err != nil {
			return &exitError{code: exitInconclusive, msg: err.Error()}
		}
	}
	if path := c.String("json-out"); path != "" {
		if err := writeJSONOut(path, results, fileErrs, runLocking, locks); err != nil {
			return &exitError{code: exitInconclusive, msg: fmt.Sprintf("--json-out: %v", err)}
		}
	}
	if err := writeLocks(c, format, locks, len(results) > 0); err != nil {
		return &exitError{code: exitInconclusive, msg: err.Error()}
	}
	for _, f := range failures {
		fmt.Fprintf(stderr, "whoop: %s\n", f)
	}
	if swept {
		closingTable(stderr, results, fileErrs, runStart)
	}
	if stop != nil {
		return &exitError{code: stop.code(), msg: fmt.Sprintf("%v: %d of %d files checked", stop, done, len(paths))}
	}
	if code == exitOK {
		return nil
	}
	return &exitError{code: code}
}

// loadResult is one file's front-end result.
type loadResult struct {
	prog            *ir.Program
	err             error
	started, loaded time.Time
}

// prefetch runs the front end on paths in order and yields each result
// with its index. With ahead set it runs on its own goroutine, one file
// ahead of the caller: the next file parses (one core; cc/v4 is serial)
// while the caller checks the current one on the solver threads. Results
// and everything printed stay in file order; at most two programs are
// held beyond the caller's. Breaking out of the loop stops it. Each parse
// has its own context: done after fileTimeout, or when watch stops it at
// the memory cap.
func prefetch(ctx context.Context, cfg frontend.Config, paths []string, ahead bool,
	fileTimeout time.Duration, watch *memWatch) iter.Seq2[int, loadResult] {
	one := func(path string) loadResult {
		started := time.Now()
		fctx, cancel := fileContext(ctx, fileTimeout, 0)
		unwatch := watch.add(cancel)
		defer func() { unwatch(); cancel(nil) }()
		prog, err := await(fctx, func() (*ir.Program, error) { return load(fctx, cfg, path, "") })
		if err != nil {
			if serr := stopped(fctx, path); serr != nil {
				err = serr
			}
		}
		return loadResult{prog: prog, err: err, started: started, loaded: time.Now()}
	}
	return func(yield func(int, loadResult) bool) {
		if !ahead {
			for i, path := range paths {
				if !yield(i, one(path)) {
					return
				}
			}
			return
		}
		results := make(chan loadResult, 1)
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			defer close(results)
			for _, path := range paths {
				l := one(path)
				select {
				case results <- l:
				case <-stop:
					return
				}
			}
		}()
		i := 0
		for l := range results {
			if !yield(i, l) {
				return
			}
			i++
		}
	}
}

// progress draws "whoop: FILE: pairs N/M" on stderr, from one second into
// the check, when stderr is a terminal. Hand-written: one line, no library.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	path    string
	on      bool
	start   time.Time
	drawn   bool
	lastLen int
}

func newProgress(w io.Writer, path string, enabled bool) *progress {
	p := &progress{w: w, path: path, start: time.Now()}
	if f, ok := w.(*os.File); ok && enabled {
		p.on = term.IsTerminal(int(f.Fd()))
	}
	return p
}

func (p *progress) update(done, total int) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if time.Since(p.start) < time.Second {
		return
	}
	line := fmt.Sprintf("whoop: %s: pairs %d/%d", p.path, done, total)
	pad := ""
	for range p.lastLen - len(line) {
		pad += " "
	}
	fmt.Fprintf(p.w, "\r%s%s", line, pad)
	p.lastLen = len(line)
	p.drawn = true
}

func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprintf(p.w, "\r%*s\r", p.lastLen, "")
	}
}

// writeJSONOut writes the run's JSON report to path (--json-out), through a
// temporary file so a reader never sees half of it.
func writeJSONOut(path string, results []*lockset.FileResult, fileErrs []report.FileError, runLocking bool, locks []*lockset.LockResult) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".whoop-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	err = report.WriteRaces(tmp, report.JSON, results,
		report.Options{Version: version, Errors: fileErrs, Locks: lockMap(report.JSON, runLocking, locks)})
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
