package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
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
	set, err := parseCheckSettings(c)
	if err != nil {
		return err
	}
	stopProfile, err := startCPUProfile(c.String("cpuprofile"))
	if err != nil {
		return err
	}
	defer stopProfile()
	ctx := c.Context
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancelRun := context.WithCancelCause(ctx)
	defer cancelRun(nil)
	stderr := c.App.ErrWriter
	col := &collector{stderr: stderr, code: exitOK}
	isWorker := c.IsSet(workerFlag)
	in, err := inputFiles(c, isWorker)
	if err != nil {
		return err
	}
	paths, module := in.paths, in.module
	workers, maxMemory, totalMemory, err := memoryShares(c, set, isWorker, len(paths))
	if err != nil {
		return err
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
	base := set.base
	if !procs {
		gc, _ := c.App.Metadata[gcKey].(*gcDeferral)
		collectForChecks(gc, int64(min(maxMemory, 1<<62)), workers, len(paths) == 1 && !isWorker) // after the watch's own limit
		base.Threads = startSolverThreads(base.Jobs)
		defer func() {
			if col.stop == nil { // on a signal, exit without waiting for work in flight
				base.Threads.Close()
			}
		}()
	}
	progress := newSweepProgress(stderr, len(paths), !c.Bool("no-progress") && !isWorker)
	defer progress.stop()
	runner := &fileRunner{cfg: set.cfg, module: module, base: base, confirm: set.confirm, runRaces: set.runRaces, runLocking: set.runLocking,
		verbose: c.Bool("verbose"), stats: c.Bool("stats"), fileTimeout: c.Duration("file-timeout"),
		watch: watch, progress: progress}
	if isWorker {
		return serveWorker(ctx, c, runner)
	}
	check := func(ctx context.Context, i int) *fileWork { return runner.run(ctx, paths[i]) }
	if procs {
		pool := newWorkerPool(spawn, workers, maxMemory, progress, progress, runner.run)
		defer pool.close(workerGrace)
		check = func(ctx context.Context, i int) *fileWork { return pool.run(ctx, i, paths[i]) }
	}
	// Text streams: each file's findings are printed once it and every file
	// before it are done. The other formats are one document at the end.
	col.stream = set.format == report.Text
	files := inOrder(ctx, len(paths), workers, check)
	return col.finish(ctx, c, set, in, files, progress, runStart)
}

// finish takes the files' results in order, writes the documents and
// the sweep's closing table, and turns the run's worst outcome into its
// exit code.
func (col *collector) finish(ctx context.Context, c *cli.Context, set *checkSettings, in inputs, files iter.Seq2[int, *fileWork], progress *sweepProgress, runStart time.Time) error {
	n := len(in.paths)
	var err error
	if col.baseline, err = readBaseline(c.String("baseline")); err != nil {
		return err
	}
	col.lines = newSourceLines()
	// An interrupt does not end this loop: the files still to come are
	// either done (ahead of a slow one) and reported, or stopped at once.
	for _, w := range files {
		// The progress line stays away while the file's lines are written
		// (on stdout too), and comes back after them.
		resume := progress.hold()
		err := col.take(c, w, set)
		resume()
		if err != nil {
			return err
		}
	}
	progress.stop()
	// An interrupt that stopped no file (it came as the last one finished,
	// or its work returned partial results) still ends the run as one.
	if col.stop == nil {
		errors.As(context.Cause(ctx), &col.stop)
	}
	if err := col.writeDocuments(c, set); err != nil {
		return err
	}
	flushFailures(col.stderr, &col.failures)
	if in.swept {
		closingTable(col.stderr, col.docs, col.fileErrs, len(in.unbuilt), col.locks, runStart)
	}
	if col.stop != nil {
		return &exitError{code: col.stop.code(), msg: fmt.Sprintf("%v: %d of %d files checked", col.stop, col.done, n)}
	}
	if col.code == exitOK {
		return nil
	}
	return &exitError{code: col.code}
}

// startCPUProfile starts --cpuprofile's profile, if asked; the function
// it returns stops it.
func startCPUProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, usageErrorf("--cpuprofile: %v", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, usageErrorf("--cpuprofile: %v", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// startSolverThreads starts the solver threads, warmed while the front
// end parses on another core (z3.Threads): each solver's start-up is
// then off the critical path.
func startSolverThreads(jobs int) *z3.Threads {
	return z3.StartThreads(jobs, z3.ThreadsConfig{Warm: min(jobs, maxWarmContexts), HugePages: hugePagesWanted()})
}

// inputs are the files of a run.
type inputs struct {
	paths   []string      // the files to check, or a module's first file
	module  []string      // --module: the module's files
	swept   bool          // a directory was swept: a closing table follows
	unbuilt []unbuiltFile // files a configured tree does not build, not checked
}

func inputFiles(c *cli.Context, isWorker bool) (inputs, error) {
	if isWorker { // a worker checks the files its parent names
		return inputs{}, nil
	}
	sweep, err := expandPaths(c, c.Args().Slice())
	if err != nil {
		return inputs{}, err
	}
	reportUnbuilt(c.App.ErrWriter, sweep.unbuilt)
	in := inputs{paths: sweep.paths, swept: sweep.swept, unbuilt: sweep.unbuilt}
	if c.Bool("module") {
		// One program: named by its first file, reported as one.
		in.module, in.paths, in.swept = in.paths, in.paths[:1], false
	}
	return in, nil
}

// memoryShares says how many files are checked at a time and the memory
// cap of each (a worker's total: the whole cap it has a share of).
func memoryShares(c *cli.Context, set *checkSettings, isWorker bool, files int) (workers int, maxMemory, totalMemory uint64, err error) {
	if isWorker {
		// One file at a time, under the parent's share of the cap.
		if maxMemory, totalMemory, err = parseWorkerFlag(c.String(workerFlag)); err != nil {
			return 0, 0, 0, usageErrorf("--%s: %v", workerFlag, err)
		}
		return 1, maxMemory, totalMemory, nil
	}
	workers = min(set.base.Jobs, files)
	if !c.IsSet("max-memory") {
		return workers, defaultMaxMemory(workers), 0, nil
	}
	return workers, set.maxMemory, 0, nil
}

// checkSettings are the check command's flags, validated before any work.
type checkSettings struct {
	format               report.Format
	maxMemory            uint64 // 0 unless --max-memory is set: the default depends on the files
	minRank              findings.Rank
	runRaces, runLocking bool
	base                 lockset.Options
	cfg                  frontend.Config
	confirm              *explore.Options // nil without --confirm
}

func parseCheckSettings(c *cli.Context) (*checkSettings, error) {
	if c.NArg() == 0 && !c.IsSet("p") && compDBOf(c) == nil {
		return nil, usageErrorf("no input files\nusage: whoop [flags] FILE.c...  (see whoop --help)")
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	if err := commandTypo(c.App, c.Args().Slice(), exists); err != nil {
		return nil, err
	}
	var set checkSettings
	var err error
	if set.format, err = report.ParseFormat(c.String("format")); err != nil {
		return nil, usageErrorf("%v", err)
	}
	if j := c.Int("jobs"); j < 1 || j > maxJobs {
		return nil, usageErrorf("--jobs %d: want 1 to %d", j, maxJobs)
	}
	if c.Duration("timeout") < 0 {
		return nil, usageErrorf("--timeout must not be negative")
	}
	if c.Duration("file-timeout") < 0 {
		return nil, usageErrorf("--file-timeout must not be negative")
	}
	if c.IsSet("max-memory") {
		if set.maxMemory, err = parseBytes(c.String("max-memory")); err != nil {
			return nil, usageErrorf("%v", err)
		}
	}
	if set.minRank, err = findings.ParseRank(c.String("min-rank")); err != nil {
		return nil, usageErrorf("--min-rank: %v", err)
	}
	if set.minRank == findings.Low {
		set.minRank = "" // everything
	}
	if set.runRaces, set.runLocking, err = selectedChecks(c); err != nil {
		return nil, err
	}
	if err := checkOutputPath("--json-out", c.String("json-out")); err != nil {
		return nil, err // before the work, not after it
	}
	rlimit, err := rlimitFlag(c)
	if err != nil {
		return nil, err
	}
	set.base = lockset.Options{Jobs: c.Int("jobs"), Rlimit: rlimit, Timeout: c.Duration("timeout"), HoudiniRlimit: c.Int64("houdini-rlimit")}
	if set.cfg, err = frontendConfig(c); err != nil {
		return nil, err
	}
	var fc frontend.Config
	if err := applyNoAssume(c, &fc, &set.base); err != nil {
		return nil, err
	}
	if c.Bool("confirm") {
		o, err := confirmOptions(c, set.base)
		if err != nil {
			return nil, err
		}
		set.confirm = &o
	}
	return &set, nil
}

// serveWorker checks the files a parent whoop names on stdin.
func serveWorker(ctx context.Context, c *cli.Context, runner *fileRunner) error {
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

// collector gathers the files' results in path order, and the run's exit
// code and failures.
type collector struct {
	stderr   io.Writer
	stream   bool                  // text: each file printed as it is taken
	baseline *report.Baseline      // --baseline's report, or nil
	lines    *sourceLines          // source lines for suppressions and HTML
	results  []*lockset.FileResult // the race check's
	docs     []*lockset.FileResult // the files the documents list: results, or (--checks locking) LocksOnly ones
	fileErrs []report.FileError
	locks    []*lockset.LockResult
	code     int
	failures []string
	stop     *interrupted // the signal that ended the run, if one did
	done     int          // files checked
}

// worst raises the exit code. Precedence: input errors, then races, then
// inconclusive files.
func (col *collector) worst(next int) {
	rank := map[int]int{exitOK: 0, exitInconclusive: 1, exitRaces: 2, exitInput: 3}
	if rank[next] > rank[col.code] {
		col.code = next
	}
}

// fail records a file that did not finish: an interrupted one stops
// nothing else, since the files after it may have finished first. A file
// stopped in its work is said on stderr too; the ones never started only
// in the documents (the last line counts them).
func (col *collector) fail(path string, err error, notStarted bool) {
	if errors.As(err, &col.stop) {
		msg := fmt.Sprintf("%s: %v while it was checked", path, col.stop)
		if notStarted {
			msg = fmt.Sprintf("%s: %v before it was checked", path, col.stop)
		} else {
			col.failures = append(col.failures, msg)
		}
		col.fileErrs = append(col.fileErrs, report.FileError{Path: path, Index: len(col.docs), Msg: msg})
		return
	}
	var ee *exitError
	if !errors.As(err, &ee) {
		ee = &exitError{code: exitInconclusive, msg: fmt.Sprintf("%s: %v", path, err)}
	}
	col.failures = append(col.failures, ee.msg)
	col.fileErrs = append(col.fileErrs, report.FileError{Path: path, Index: len(col.docs),
		Msg: strings.ReplaceAll(ee.msg, "\nwhoop: ", "\n")})
	col.worst(ee.code)
}

// take reports one file's work.
func (col *collector) take(c *cli.Context, w *fileWork, set *checkSettings) error {
	col.stderr.Write(w.log.Bytes())
	if err := w.failure(set.runRaces); err != nil {
		col.fail(w.failedName(), err, w.loadErr != nil && w.notStarted)
		if col.stream {
			flushFailures(col.stderr, &col.failures)
		}
		return nil
	}
	suppress(w, col.baseline, col.lines)
	if w.res != nil && w.res.LocksOnly {
		col.docs = append(col.docs, w.res)
		col.done++
	} else if w.res != nil {
		res := w.res
		col.results = append(col.results, res)
		col.docs = append(col.docs, res)
		col.done++
		switch {
		case res.NewRaces() > 0:
			col.worst(exitRaces)
		case res.InconclusivePairs() > 0, len(res.EntryPoints) == 0:
			// No entry point: nothing was checked, which is no proof.
			col.worst(exitInconclusive)
		}
	}
	if w.lockErr != nil {
		col.failures = append(col.failures, fmt.Sprintf("%s: lock checks: %v", w.name, w.lockErr))
		col.worst(exitInconclusive)
	}
	if w.lres != nil {
		col.locks = append(col.locks, w.lres)
		if w.lres.NewErrors() > 0 {
			col.worst(exitRaces)
		}
	}
	if col.stream {
		if err := streamText(c, w, set.minRank); err != nil {
			return &exitError{code: exitInconclusive, msg: err.Error()}
		}
		flushFailures(col.stderr, &col.failures)
	}
	return nil
}

// failure is the error that kept w from a result, if any; failedName
// names the file in it.
func (w *fileWork) failure(runRaces bool) error {
	switch {
	case w.loadErr != nil:
		return w.loadErr
	case w.checkErr != nil:
		return w.checkErr
	case w.lockErr != nil && !runRaces:
		// The file's only check did not finish: an error in the
		// documents too.
		if errors.As(w.lockErr, new(*interrupted)) {
			return w.lockErr
		}
		return &exitError{code: exitInconclusive, msg: fmt.Sprintf("%s: lock checks: %v", w.name, w.lockErr)}
	}
	return nil
}

func (w *fileWork) failedName() string {
	if w.loadErr != nil {
		return w.path
	}
	return w.name
}

// writeDocuments writes the reports that are one document at the end:
// stdout's (unless text streamed), --json-out's, --html-out's and the lock
// errors'.
func (col *collector) writeDocuments(c *cli.Context, set *checkSettings) error {
	if !col.stream && (len(col.docs) > 0 || len(col.fileErrs) > 0) {
		if err := report.WriteRaces(c.App.Writer, set.format, col.docs,
			report.Options{Version: version, Verbose: c.Bool("verbose"), Errors: col.fileErrs,
				Locks: lockMap(set.format, set.runLocking, col.locks), Baseline: col.baseline != nil, MinRank: set.minRank}); err != nil {
			return &exitError{code: exitInconclusive, msg: err.Error()}
		}
	}
	if path := c.String("json-out"); path != "" {
		if err := writeJSONOut(path, col.docs, col.fileErrs, set.runLocking, col.locks); err != nil {
			return err
		}
	}
	if dir := c.String("html-out"); dir != "" {
		pages, err := report.HTMLPages(col.results, report.Options{Version: version, Errors: col.fileErrs, MinRank: set.minRank,
			SourceLine: col.lines.line, Assumptions: activeAssumptions(c)})
		if err == nil {
			err = report.WriteHTMLDir(dir, pages)
		}
		if err != nil {
			return &exitError{code: exitUsage, msg: fmt.Sprintf("--html-out %s: %v", dir, err)}
		}
	}
	if !col.stream {
		if err := writeLocks(c, set.format, col.locks, len(col.docs) > 0); err != nil {
			return &exitError{code: exitInconclusive, msg: err.Error()}
		}
	}
	return nil
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
