// Command benchtable prints whoop's benchmark table over the shared
// drivers: per driver, lines of code, entry points, concurrent pairs,
// regions, racy pairs and racy regions, front-end time, total time and peak
// memory of the whoop binary, next to the columns the ASE 2015 paper
// reports for WHOOP.
//
//	go run ./cmd/benchtable -whoop bin/whoop -drivers ../shared/drivers,../shared/paper-suite -runs 5
//
// Total time and peak RSS are medians over -runs runs of the binary as a
// user runs it; counts come from its JSON output; the front-end time is the
// median of in-process frontend.Load calls.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/whoopverify/whoop/frontend"
)

// paperRow holds the paper's figures for one driver (reference/paper-results.md).
type paperRow struct {
	pairs, racyPairs, racyMRs int
	seconds                   float64
}

var paper = map[string]paperRow{
	"generic_nvram": {14, 7, 2, 2.3},
	"pc8736x_gpio":  {27, 13, 6, 4.1},
	"machzwd":       {10, 6, 3, 2.8},
	"ds1286":        {15, 5, 3, 4.1},
	"dtlk":          {21, 10, 6, 5.4},
	"swim":          {28, 15, 7, 5.8},
	"sonypi":        {30, 19, 4, 10.6},
	"8139too":       {46, 40, 4, 18.9},
	// The rest of the suite (../shared/paper-suite); appledisplay has no row.
	"ssu100":             {7, 0, 0, 2.9},
	"intel_scu_watchdog": {10, 5, 1, 2.4},
	"fs3270":             {15, 9, 1, 3.2},
	"gdrom":              {94, 21, 2, 9.5},
	"nfcsim":             {10, 10, 2, 3.6},
	"ps3vram":            {4, 1, 1, 4.5},
	"sx8":                {2, 2, 1, 2.8},
	"r8169":              {192, 88, 1, 144.5},
}

// jsonResult is the part of whoop's JSON output the table needs.
type jsonResult struct {
	Files []struct {
		Path        string `json:"path"`
		Status      string `json:"status"`
		EntryPoints []any  `json:"entryPoints"`
		Pairs       []struct {
			Verdict string `json:"verdict"`
			Races   []struct {
				Region string `json:"region"`
			} `json:"races"`
		} `json:"pairs"`
		Summary struct {
			ConcurrentPairs   int `json:"concurrentPairs"`
			RacyPairs         int `json:"racyPairs"`
			InconclusivePairs int `json:"inconclusivePairs"`
			Races             int `json:"races"`
		} `json:"summary"`
	} `json:"files"`
}

func main() {
	whoop := flag.String("whoop", "bin/whoop", "the whoop `binary` to measure")
	drivers := flag.String("drivers", "../shared/drivers", "comma-separated `directories` holding the drivers (every driver.c below them)")
	runs := flag.Int("runs", 5, "runs per driver; times and memory are medians")
	jobs := flag.Int("jobs", 0, "--jobs for whoop (0: its default)")
	flag.Parse()
	if err := run(*whoop, *drivers, *runs, *jobs); err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
}

func run(whoop, roots string, runs, jobs int) error {
	var files []string
	for _, root := range strings.Split(roots, ",") {
		n := len(files)
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() == "driver.c" {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			return err
		}
		if len(files) == n {
			return fmt.Errorf("no driver.c under %s", root)
		}
		slices.Sort(files[n:])
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "driver\tstatus\tLoC\tEPs\tpairs\tregions\tracy pairs\tracy regions\tinconcl.\tparse ms\ttotal s\traces-only s\tlock cost\tpeak RSS MB\t|\tpaper pairs\tpaper racy pairs\tpaper racy MRs\tpaper WHOOP s\tratio\t")
	for _, f := range files {
		name := filepath.Base(filepath.Dir(f))
		row, err := measure(whoop, f, runs, jobs)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		p, ok := paper[name]
		ps := func(v int) string {
			if !ok {
				return "-"
			}
			return fmt.Sprint(v)
		}
		ratio, psec := "-", "-"
		if ok {
			psec = fmt.Sprintf("%.2f", p.seconds)
			ratio = fmt.Sprintf("%.1f%%", 100*row.total/p.seconds)
		}
		cost := "-"
		if row.racesOnly > 0 {
			cost = fmt.Sprintf("%+.0f%%", 100*(row.total-row.racesOnly)/row.racesOnly)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.1f\t%.2f\t%.2f\t%s\t%.0f\t|\t%s\t%s\t%s\t%s\t%s\t\n",
			name, row.status, row.loc, row.eps, row.pairs, row.regions, row.racyPairs, row.racyRegions, row.inconclusive,
			row.parseMS, row.total, row.racesOnly, cost, row.rssMB, ps(p.pairs), ps(p.racyPairs), ps(p.racyMRs), psec, ratio)
	}
	return tw.Flush()
}

type row struct {
	loc, eps, pairs, regions, racyPairs, racyRegions, inconclusive int
	status                                                         string
	parseMS, total, racesOnly, rssMB                               float64
}

func measure(whoop, file string, runs, jobs int) (row, error) {
	var r row
	src, err := os.ReadFile(file)
	if err != nil {
		return r, err
	}
	r.loc = bytes.Count(src, []byte("\n"))
	var parse []float64
	for range runs {
		start := time.Now()
		prog, err := frontend.Load(context.Background(), file, frontend.Config{})
		if err != nil {
			return r, err
		}
		parse = append(parse, float64(time.Since(start).Microseconds())/1000)
		r.regions = len(prog.Regions)
	}
	r.parseMS = median(parse)
	var totals, racesOnly, rss []float64
	var out []byte
	// Each run measures the default (race and lock checks) and then the
	// race check alone, interleaved, so the lock checks' cost is the
	// difference of medians taken under the same noise.
	for range runs {
		for _, checks := range []string{"", "races"} {
			args := []string{"--format", "json", "--no-progress"}
			if jobs > 0 {
				args = append(args, "--jobs", fmt.Sprint(jobs))
			}
			if checks != "" {
				args = append(args, "--checks", checks)
			}
			cmd := exec.Command(whoop, append(args, file)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			err := cmd.Run()
			elapsed := time.Since(start)
			// 1: races reported; 4: inconclusive (a limit was hit), still a row.
			if code := cmd.ProcessState.ExitCode(); err != nil && code != 1 && code != 4 {
				return r, fmt.Errorf("whoop exited %d: %s", code, strings.TrimSpace(stderr.String()))
			}
			if checks != "" {
				racesOnly = append(racesOnly, elapsed.Seconds())
				continue
			}
			totals = append(totals, elapsed.Seconds())
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
				rss = append(rss, float64(ru.Maxrss)/1024) // KB -> MB
			}
			out = stdout.Bytes()
		}
	}
	r.total, r.racesOnly, r.rssMB = median(totals), median(racesOnly), median(rss)
	var res jsonResult
	if err := json.Unmarshal(out, &res); err != nil || len(res.Files) != 1 {
		return r, fmt.Errorf("reading whoop's JSON: %v", err)
	}
	f := res.Files[0]
	r.status = f.Status
	r.eps = len(f.EntryPoints)
	r.pairs = f.Summary.ConcurrentPairs
	r.racyPairs = f.Summary.RacyPairs
	r.inconclusive = f.Summary.InconclusivePairs
	regions := make(map[string]bool)
	for _, p := range f.Pairs {
		for _, x := range p.Races {
			regions[x.Region] = true
		}
	}
	r.racyRegions = len(regions)
	return r, nil
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
