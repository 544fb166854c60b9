// Command benchexplore prints the bounded explorer's table over the shared
// drivers: per driver and yield set (ALL, EPP, MR), the yields inserted,
// the explorer's time at csb 2 (and 5 with -csb5) and the races it
// confirms, next to the paper's Table II (CORRAL after WHOOP).
//
//	go run ./cmd/benchexplore -drivers ../shared/drivers,../shared/paper-suite -runs 3
//
// Times are medians over -runs runs of explore.Search in process (the
// lockset check before it is not counted, as the paper's columns count
// CORRAL alone); the three modes are interleaved within each run, so the
// machine's noise falls on all of them alike. A run longer than -limit is
// cut and printed as "T.O."; the ratio to MR is then a lower bound
// (">="). Beside the wall times, which a loaded machine stretches, it
// prints each mode's CPU seconds and Z3 resource units and their ALL/MR
// ratios (the units are the same in every run).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/yieldinst"
)

// paperRow is Table II of the paper (reference/paper-results.md): yields
// and CORRAL seconds at csb 2 for ALL, EPP and MR (-1: not reported).
type paperRow struct {
	allY, eppY, mrY    int
	allT, eppT, mrT    float64
	allT5, eppT5, mrT5 float64
}

var paper = map[string]paperRow{
	"generic_nvram": {92, 47, 29, 32.0, 17.7, 13.5, 67.7, 24.2, 16.9},
	"pc8736x_gpio":  {691, 500, 167, 169.3, 79.4, 41.3, 595.1, 432.4, 79.4},
	"machzwd":       {104, 51, 22, 38.1, 26.1, 15.7, 45.6, 31.2, 17.3},
	"ds1286":        {513, 245, 129, 35.0, 22.3, 14.5, 40.2, 25.7, 16.1},
	"dtlk":          {801, 664, 286, 182.6, 91.2, 41.6, 263.7, 150.7, 52.9},
	"swim":          {1270, 996, 805, 271.0, 164.9, 95.5, 2746.6, 2309.8, 1847.9},
	"sonypi":        {1745, 1566, 1024, 1966.5, 1924.4, 906.0, -1, -1, -1},
	"8139too":       {7151, 6266, 4964, 548.2, 474.7, 359.8, 14469.0, 12677.3, 5664.5},
	"ssu100":        {82, -1, -1, 11.1, 3.1, 3.1, 13.8, 3.1, 3.1},
	"fs3270":        {321, 239, 211, 81.5, 62.6, 40.7, 419.4, 405.7, 295.3},
	"gdrom":         {2058, 1143, 812, 388.0, 104.0, 99.2, 390.8, 105.5, 102.4},
	"ps3vram":       {189, 176, 156, 99.6, 96.2, 55.8, 2376.8, 2249.0, 1698.6},
	"sx8":           {227, 227, 217, 12.9, 16.1, 15.9, 15.2, 18.5, 18.5},
}

var modes = []yieldinst.Mode{yieldinst.All, yieldinst.EPP, yieldinst.MR}

type cell struct {
	yields, found int
	times         []time.Duration
	timedOut      bool
	err           error
	// queries and units (Z3 resource units) of the last run: the
	// explorer's work, which unlike its time does not depend on the
	// machine's load (the same in every run).
	queries int
	units   uint64
	// cpu are the process's CPU seconds (user and system) of each
	// finished run: unlike the wall time, not stretched by other
	// processes waiting for the cores.
	cpu []time.Duration
}

// settings are the command's flags.
type settings struct {
	runs     int
	limit    time.Duration
	csbs     []int
	modes    []string
	debug    bool
	onlyThem []string
}

func main() {
	drivers := flag.String("drivers", "../shared/drivers", "comma-separated directories searched for driver.c files")
	runs := flag.Int("runs", 3, "runs per driver and mode (the median is printed)")
	limit := flag.Duration("limit", 10*time.Minute, "cut one run after this long")
	csb5 := flag.Bool("csb5", false, "also run at csb 5")
	only := flag.String("only", "", "comma-separated driver names to run (default all)")
	modeList := flag.String("modes", "all,epp,mr", "comma-separated yield sets to time (the others print -)")
	debug := flag.Bool("debug", false, "print each solver query's outcome and time on stderr")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to `FILE`")
	flag.Parse()
	if *cpuprofile != "" {
		stop, err := startProfile(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		defer stop()
	}
	set := settings{runs: *runs, limit: *limit, csbs: []int{2}, modes: strings.Split(*modeList, ","), debug: *debug}
	if *csb5 {
		set.csbs = append(set.csbs, 5)
	}
	if *only != "" {
		set.onlyThem = strings.Split(*only, ",")
	}
	// Fixed-width columns, so each row can print as soon as it is measured.
	printRow([]string{"driver", "csb", "ALL #Y", "ALL s", "EPP #Y", "EPP s", "MR #Y", "MR s", "ALL/MR", "found A/E/M", "paper MR #Y", "paper MR s", "MR/paper",
		"queries A/E/M", "Munits A/E/M", "cpu s A/E/M", "cpu A/MR", "units A/MR"})
	for _, path := range driverFiles(*drivers) {
		name := filepath.Base(filepath.Dir(path))
		if set.onlyThem != nil && !slices.Contains(set.onlyThem, name) {
			continue
		}
		benchDriver(name, path, set)
	}
}

// startProfile starts a CPU profile into path; stop ends it.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// driverFiles returns the driver.c files under the comma-separated dirs.
func driverFiles(dirs string) []string {
	var files []string
	for _, dir := range strings.Split(dirs, ",") {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() == "driver.c" {
				files = append(files, path)
			}
			return nil
		})
	}
	slices.Sort(files)
	return files
}

// benchDriver measures one driver at each csb and prints its rows.
func benchDriver(name, path string, set settings) {
	ctx := context.Background()
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		fmt.Printf("%s: %v\n", name, firstLine(err))
		return
	}
	res, err := lockset.Check(ctx, prog, lockset.Options{})
	if err != nil {
		fmt.Printf("%s: %v\n", name, firstLine(err))
		return
	}
	for _, csb := range set.csbs {
		cells := make([]cell, len(modes))
		for range set.runs {
			for i, m := range modes {
				c := &cells[i]
				if c.timedOut || c.err != nil || !slices.Contains(set.modes, string(m)) {
					continue
				}
				c.measure(ctx, prog, res, explore.Options{CSB: csb, Mode: m}, set)
			}
		}
		printRow(tableRow(name, csb, cells, set.limit))
	}
}

// measure runs the explorer once with opts and records the run in c.
func (c *cell) measure(ctx context.Context, prog *ir.Program, res *lockset.FileResult, opts explore.Options, set settings) {
	rctx, cancel := context.WithTimeout(ctx, set.limit)
	defer cancel()
	start, cpu0 := time.Now(), cpuTime()
	if set.debug {
		opts.Debug = os.Stderr
	}
	found, out, err := explore.Search(rctx, prog, res, opts)
	took := time.Since(start)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		c.timedOut = true
		// The yield set does not depend on the search: count it as
		// Search does, not from a cut run.
		c.yields = 0
		for _, py := range yieldinst.Compute(prog, res, opts.Mode).Pairs {
			c.yields += len(py.Yields)
		}
	case err != nil:
		c.err = err
	default:
		c.yields, c.found = out.Stats.Yields, len(found)
		c.queries, c.units = out.Stats.Queries, out.Stats.Units
		c.times = append(c.times, took)
		c.cpu = append(c.cpu, cpuTime()-cpu0)
	}
}

// cpuTime is the CPU time (user and system) the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// tableRow is a driver's row at one csb, next to the paper's.
func tableRow(name string, csb int, cells []cell, limit time.Duration) []string {
	row := []string{name, fmt.Sprint(csb)}
	for _, c := range cells {
		row = append(row, fmt.Sprint(c.yields), c.median())
	}
	row = append(row, ratio(cells[0], cells[2], limit),
		fmt.Sprintf("%d/%d/%d", cells[0].found, cells[1].found, cells[2].found))
	if p, known := paper[name]; known {
		pt := p.mrT
		if csb == 5 {
			pt = p.mrT5
		}
		row = append(row, fmt.Sprint(p.mrY), fmt.Sprintf("%.1f", pt), share(cells[2], pt))
	} else {
		row = append(row, "-", "-", "-")
	}
	return append(row, fmt.Sprintf("%d/%d/%d", cells[0].queries, cells[1].queries, cells[2].queries),
		fmt.Sprintf("%.0f/%.0f/%.0f", float64(cells[0].units)/1e6, float64(cells[1].units)/1e6, float64(cells[2].units)/1e6),
		fmt.Sprintf("%s/%s/%s", cells[0].cpuMedian(), cells[1].cpuMedian(), cells[2].cpuMedian()),
		cpuRatio(cells[0], cells[2]), unitsRatio(cells[0], cells[2]))
}

// unitsRatio is a's Z3 units over b's: the solver's share of the ratio,
// the same in every run whatever the load.
func unitsRatio(a, b cell) string {
	if len(a.times) == 0 || len(b.times) == 0 || a.timedOut || b.units == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fx", float64(a.units)/float64(b.units))
}

// cpuMedian is the median CPU seconds of c's finished runs.
func (c cell) cpuMedian() string {
	if len(c.cpu) == 0 {
		return "-"
	}
	t := slices.Clone(c.cpu)
	slices.Sort(t)
	return fmt.Sprintf("%.1f", t[len(t)/2].Seconds())
}

// cpuRatio is a's median CPU time over b's, when both finished.
func cpuRatio(a, b cell) string {
	if len(a.cpu) == 0 || len(b.cpu) == 0 || a.timedOut {
		return "-"
	}
	med := func(ts []time.Duration) time.Duration {
		t := slices.Clone(ts)
		slices.Sort(t)
		return t[len(t)/2]
	}
	if m := med(b.cpu); m > 0 {
		return fmt.Sprintf("%.1fx", med(a.cpu).Seconds()/m.Seconds())
	}
	return "-"
}

var widths = []int{14, 4, 7, 8, 7, 8, 7, 8, 7, 12, 12, 11, 9, 14, 16, 18, 8, 10}

func printRow(cols []string) {
	var b strings.Builder
	for i, c := range cols {
		w := 10
		if i < len(widths) {
			w = widths[i]
		}
		if i == 0 {
			fmt.Fprintf(&b, "%-*s", w, c)
		} else {
			fmt.Fprintf(&b, " %*s", w, c)
		}
	}
	fmt.Println(b.String())
}

func (c cell) median() string {
	switch {
	case c.err != nil:
		return "error: " + firstLine(c.err)
	case c.timedOut:
		return "T.O."
	case len(c.times) == 0:
		return "-"
	}
	return fmt.Sprintf("%.2f", c.med().Seconds())
}

func (c cell) med() time.Duration {
	t := slices.Clone(c.times)
	slices.Sort(t)
	return t[len(t)/2]
}

// ratio is a's median over b's. When a run of a was cut at limit, its
// median is unknown: the ratio printed is a lower bound, from the least
// of limit and a's finished runs.
func ratio(a, b cell, limit time.Duration) string {
	if b.timedOut || len(b.times) == 0 || b.med() == 0 {
		return "-"
	}
	if a.timedOut {
		least := limit
		for _, t := range a.times {
			least = min(least, t)
		}
		return fmt.Sprintf(">=%.1fx", least.Seconds()/b.med().Seconds())
	}
	if len(a.times) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fx", a.med().Seconds()/b.med().Seconds())
}

// share is the explorer's MR time as a fraction of the paper's.
func share(c cell, paperSeconds float64) string {
	if len(c.times) == 0 || paperSeconds <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*c.med().Seconds()/paperSeconds)
}

func firstLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
