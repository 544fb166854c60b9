package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/report"
	"github.com/whoopverify/whoop/z3"
)

func checkFlags() []cli.Flag {
	return append(append(append(append(frontendFlags(), assumeFlags()...), confirmFlags()...), sweepFlags()...),
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text",
			Usage: "output `FORMAT`: text (gcc-style), xml, json or sarif"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(),
			Usage: "check `N` files at a time (a sweep runs them in N worker processes), and pairs on a pool of N solver threads (at most 64)"},
		&cli.StringFlag{Name: "rlimit", DefaultText: units(lockset.DefaultRlimit),
			Usage: "give up on a solver query of a pair or lock check after `N` Z3 resource units (50M, 2G; it is reported inconclusive; 0 = no limit): " +
				"Z3's own count of its work, so the verdicts do not depend on the machine or its load"},
		&cli.DurationFlag{Name: "timeout",
			Usage: "also give up on one pair after `D` of wall-clock time (10s, 5m; 0 = no limit): a last resort, since where it stops depends on the machine and its load"},
		&cli.DurationFlag{Name: "file-timeout", Value: defaultFileTimeout,
			Usage: "give up on one FILE after `D`, parsing included (it is reported inconclusive, exit 4; 0 = no limit)"},
		&cli.StringFlag{Name: "max-memory", DefaultText: "4G per file checked at a time, at most half the machine's memory",
			Usage: "stop the files in progress, inconclusive, when whoop's memory passes `SIZE` (a unit is needed: 4G, 512M; 0 = no cap)"},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"},
			Usage: "also list race-free and serialised pairs, and every warning"},
		&cli.BoolFlag{Name: "no-progress", Usage: "never draw the progress line on stderr"},
		&cli.StringFlag{Name: "baseline", Usage: "report only the races and lock errors that are not in `REPORT` (an earlier run's JSON or SARIF; " +
			"findings match by what they are, not their line numbers): the others are marked suppressed and exit 1 counts only new ones"},
		&cli.StringFlag{Name: "min-rank", Value: "low", Usage: "show only the findings ranked `RANK` or higher (high, medium, low) " +
			"in text, SARIF and HTML; JSON and XML keep every finding with its rank, and the exit code counts them all"},
		&cli.StringFlag{Name: "html-out", Usage: "also write a static HTML report of the findings into `DIR` (DIR/index.html, " +
			"one page per finding; no server needed, opens from file://), whatever --format says"},
		&cli.StringFlag{Name: "json-out", Usage: "also write the JSON report to `FILE` (for whoop merge, or a later --baseline), whatever --format says"},
		&cli.BoolFlag{Name: "module", Usage: "analyse the FILEs as the parts of one module, one program (calls across them are followed; " +
			"in a kernel tree, DIR/NAME.ko does this with the parts its Makefile names)"},
		&cli.BoolFlag{Name: "stats", Usage: "print counts and phase times per file on stderr"},
		checksFlag(),
		&cli.StringFlag{Name: "cpuprofile", Hidden: true, Usage: "write a CPU profile to `FILE` (for whoop developers)"},
		&cli.StringFlag{Name: workerFlag, Hidden: true, Usage: "check the files a parent whoop names on stdin, with a memory cap of `SHARE/TOTAL` bytes (internal)"},
		&cli.Int64Flag{Name: "houdini-rlimit", Hidden: true, Usage: "Z3 resource budget per summary-inference check (0: the default; -1: none; for whoop developers)"},
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
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	if err := commandTypo(c.App, c.Args().Slice(), exists); err != nil {
		return err
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
	var maxMemory uint64 // the default depends on the files (below)
	if c.IsSet("max-memory") {
		if maxMemory, err = parseBytes(c.String("max-memory")); err != nil {
			return usageErrorf("%v", err)
		}
	}
	minRank, err := findings.ParseRank(c.String("min-rank"))
	if err != nil {
		return usageErrorf("--min-rank: %v", err)
	}
	if minRank == findings.Low {
		minRank = "" // everything
	}
	runRaces, runLocking, err := selectedChecks(c)
	if err != nil {
		return err
	}
	if err := checkOutputPath("--json-out", c.String("json-out")); err != nil {
		return err // before the work, not after it
	}
	rlimit, err := rlimitFlag(c)
	if err != nil {
		return err
	}
	base := lockset.Options{Jobs: c.Int("jobs"), Rlimit: rlimit, Timeout: c.Duration("timeout"), HoudiniRlimit: c.Int64("houdini-rlimit")}
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
	var stop *interrupted
	ctx := c.Context
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancelRun := context.WithCancelCause(ctx)
	defer cancelRun(nil)
	stderr := c.App.ErrWriter
	var (
		results  []*lockset.FileResult // the race check's
		docs     []*lockset.FileResult // the files the documents list: results, or (--checks locking) LocksOnly ones
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
	// fail records a file that did not finish: an interrupted one stops
	// nothing else, since the files after it may have finished first. A
	// file stopped in its work is said on stderr too; the ones never
	// started only in the documents (the last line counts them).
	fail := func(path string, err error, notStarted bool) {
		if errors.As(err, &stop) {
			msg := fmt.Sprintf("%s: %v while it was checked", path, stop)
			if notStarted {
				msg = fmt.Sprintf("%s: %v before it was checked", path, stop)
			} else {
				failures = append(failures, msg)
			}
			fileErrs = append(fileErrs, report.FileError{Path: path, Index: len(docs), Msg: msg})
			return
		}
		var ee *exitError
		if !errors.As(err, &ee) {
			ee = &exitError{code: exitInconclusive, msg: fmt.Sprintf("%s: %v", path, err)}
		}
		failures = append(failures, ee.msg)
		fileErrs = append(fileErrs, report.FileError{Path: path, Index: len(docs),
			Msg: strings.ReplaceAll(ee.msg, "\nwhoop: ", "\n")})
		worst(ee.code)
	}
	isWorker := c.IsSet(workerFlag)
	var sweep sweepFiles
	if !isWorker { // a worker checks the files its parent names
		if sweep, err = expandPaths(c, c.Args().Slice()); err != nil {
			return err
		}
		reportUnbuilt(stderr, sweep.unbuilt)
	}
	paths, swept := sweep.paths, sweep.swept
	var module []string
	if c.Bool("module") {
		// One program: named by its first file, reported as one.
		module, paths, swept = paths, paths[:1], false
	}
	done := 0
	workers := min(base.Jobs, len(paths))
	var totalMemory uint64 // a worker's: the whole cap it has a share of
	if isWorker {
		// One file at a time, under the parent's share of the cap.
		workers = 1
		if maxMemory, totalMemory, err = parseWorkerFlag(c.String(workerFlag)); err != nil {
			return usageErrorf("--%s: %v", workerFlag, err)
		}
	} else if !c.IsSet("max-memory") {
		maxMemory = defaultMaxMemory(workers)
	}
	// A sweep on several cores checks its files in worker processes
	// (worker.go); one file, a module, standard input and a profiled run
	// stay in this process.
	spawn, _ := c.App.Metadata[workerKey].(*workerSpawn)
	procs := !isWorker && spawn != nil && processesWanted() && workers > 1 && module == nil &&
		!slices.Contains(paths, "-") && c.String("cpuprofile") == ""
	// The parent of sweep workers holds only their results: the workers
	// watch the cap, each its share.
	watchLimit := maxMemory
	if procs {
		watchLimit = 0
	}
	watch := startMemWatch(watchLimit, totalMemory, cancelRun)
	defer watch.stop()
	if !procs {
		gc, _ := c.App.Metadata[gcKey].(*gcDeferral)
		collectForChecks(gc, int64(min(maxMemory, 1<<62)), workers, len(paths) == 1 && !isWorker) // after the watch's own limit
		// Solver threads, warmed while the front end parses on another
		// core (z3.Threads): each solver's start-up is then off the
		// critical path.
		threads := z3.StartThreads(base.Jobs, z3.ThreadsConfig{Warm: min(base.Jobs, maxWarmContexts), HugePages: hugePagesWanted()})
		defer func() {
			if stop == nil { // on a signal, exit without waiting for work in flight
				threads.Close()
			}
		}()
		base.Threads = threads
	}
	progress := newSweepProgress(stderr, len(paths), !c.Bool("no-progress") && !isWorker)
	defer progress.stop()
	runner := &fileRunner{cfg: cfg, module: module, base: base, confirm: confirm, runRaces: runRaces, runLocking: runLocking,
		verbose: c.Bool("verbose"), stats: c.Bool("stats"), fileTimeout: c.Duration("file-timeout"),
		watch: watch, progress: progress}
	if isWorker {
		in := c.App.Reader
		if in == nil {
			in = os.Stdin
		}
		out, err := workerOut()
		if err != nil {
			return &exitError{code: exitUsage, msg: err.Error()}
		}
		defer out.Close()
		if err := serveFiles(ctx, runner, in, out); err != nil {
			return &exitError{code: exitInconclusive, msg: err.Error()}
		}
		return nil
	}
	check := func(ctx context.Context, i int) *fileWork { return runner.run(ctx, paths[i]) }
	if procs {
		pool := newWorkerPool(spawn, workers, maxMemory, progress, progress, runner.run)
		defer pool.close(workerGrace)
		check = func(ctx context.Context, i int) *fileWork { return pool.run(ctx, i, paths[i]) }
	}
	// Text streams: each file's findings are printed once it and every file
	// before it are done. The other formats are one document at the end.
	stream := format == report.Text
	files := inOrder(ctx, len(paths), workers, check)
	baseline, err := readBaseline(c.String("baseline"))
	if err != nil {
		return err
	}
	lines := newSourceLines()
	// take reports one file's work.
	take := func(w *fileWork) error {
		stderr.Write(w.log.Bytes())
		switch {
		case w.loadErr != nil:
			fail(w.path, w.loadErr, w.notStarted)
			if stream {
				flushFailures(stderr, &failures)
			}
			return nil
		case w.checkErr != nil:
			fail(w.name, w.checkErr, false)
			if stream {
				flushFailures(stderr, &failures)
			}
			return nil
		case w.lockErr != nil && !runRaces:
			// The file's only check did not finish: an error in the
			// documents too.
			err := w.lockErr
			if !errors.As(err, new(*interrupted)) {
				err = &exitError{code: exitInconclusive, msg: fmt.Sprintf("%s: lock checks: %v", w.name, w.lockErr)}
			}
			fail(w.name, err, false)
			if stream {
				flushFailures(stderr, &failures)
			}
			return nil
		}
		suppress(w, baseline, lines)
		if w.res != nil && w.res.LocksOnly {
			docs = append(docs, w.res)
			done++
		} else if w.res != nil {
			res := w.res
			results = append(results, res)
			docs = append(docs, res)
			done++
			switch {
			case res.NewRaces() > 0:
				worst(exitRaces)
			case res.InconclusivePairs() > 0, len(res.EntryPoints) == 0:
				// No entry point: nothing was checked, which is no proof.
				worst(exitInconclusive)
			}
		}
		if w.lockErr != nil {
			failures = append(failures, fmt.Sprintf("%s: lock checks: %v", w.name, w.lockErr))
			worst(exitInconclusive)
		}
		if w.lres != nil {
			locks = append(locks, w.lres)
			if w.lres.NewErrors() > 0 {
				worst(exitRaces)
			}
		}
		if stream {
			if err := streamText(c, w, minRank); err != nil {
				return &exitError{code: exitInconclusive, msg: err.Error()}
			}
			flushFailures(stderr, &failures)
		}
		return nil
	}
	// An interrupt does not end this loop: the files still to come are
	// either done (ahead of a slow one) and reported, or stopped at once.
	for _, w := range files {
		// The progress line stays away while the file's lines are written
		// (on stdout too), and comes back after them.
		resume := progress.hold()
		err := take(w)
		resume()
		if err != nil {
			return err
		}
	}
	progress.stop()
	// An interrupt that stopped no file (it came as the last one finished,
	// or its work returned partial results) still ends the run as one.
	if stop == nil {
		errors.As(context.Cause(ctx), &stop)
	}
	if !stream && (len(docs) > 0 || len(fileErrs) > 0) {
		if err := report.WriteRaces(c.App.Writer, format, docs,
			report.Options{Version: version, Verbose: c.Bool("verbose"), Errors: fileErrs,
				Locks: lockMap(format, runLocking, locks), Baseline: baseline != nil, MinRank: minRank}); err != nil {
			return &exitError{code: exitInconclusive, msg: err.Error()}
		}
	}
	if path := c.String("json-out"); path != "" {
		if err := writeJSONOut(path, docs, fileErrs, runLocking, locks); err != nil {
			return err
		}
	}
	if dir := c.String("html-out"); dir != "" {
		pages, err := report.HTMLPages(results, report.Options{Version: version, Errors: fileErrs, MinRank: minRank,
			SourceLine: lines.line, Assumptions: activeAssumptions(c)})
		if err == nil {
			err = report.WriteHTMLDir(dir, pages)
		}
		if err != nil {
			return &exitError{code: exitUsage, msg: fmt.Sprintf("--html-out %s: %v", dir, err)}
		}
	}
	if !stream {
		if err := writeLocks(c, format, locks, len(docs) > 0); err != nil {
			return &exitError{code: exitInconclusive, msg: err.Error()}
		}
	}
	flushFailures(stderr, &failures)
	if swept {
		closingTable(stderr, docs, fileErrs, len(sweep.unbuilt), locks, runStart)
	}
	if stop != nil {
		return &exitError{code: stop.code(), msg: fmt.Sprintf("%v: %d of %d files checked", stop, done, len(paths))}
	}
	if code == exitOK {
		return nil
	}
	return &exitError{code: code}
}

// writeJSONOut writes the run's JSON report to path (--json-out), as
// output.go writes output files.
func writeJSONOut(path string, results []*lockset.FileResult, fileErrs []report.FileError, runLocking bool, locks []*lockset.LockResult) error {
	return writeOutputFile("--json-out", path, func(w io.Writer) error {
		return report.WriteRaces(w, report.JSON, results,
			report.Options{Version: version, Errors: fileErrs, Locks: lockMap(report.JSON, runLocking, locks)})
	})
}

// streamText prints one file's findings in text: its races, then its lock
// errors.
func streamText(c *cli.Context, w *fileWork, minRank findings.Rank) error {
	races := w.res != nil && !w.res.LocksOnly
	if races {
		if err := report.WriteRaces(c.App.Writer, report.Text, []*lockset.FileResult{w.res},
			report.Options{Version: version, Verbose: c.Bool("verbose"), MinRank: minRank}); err != nil {
			return err
		}
	}
	if w.lres != nil {
		return writeLocks(c, report.Text, []*lockset.LockResult{w.lres}, races)
	}
	return nil
}

// flushFailures prints the failures recorded so far (a file that could not
// be analysed), when the text output streams or at the end of the run.
func flushFailures(stderr io.Writer, failures *[]string) {
	for _, f := range *failures {
		fmt.Fprintf(stderr, "whoop: %s\n", f)
	}
	*failures = (*failures)[:0]
}
