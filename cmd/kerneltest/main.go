// Command kerneltest runs whoop over driver files of a real Linux tree and
// prints, per directory: files, analysed (exit 0 or 1), inconclusive
// (exit 4), input errors (exit 3) grouped by cause, median and maximum
// seconds, peak RSS, and the potential races, racy regions and findings
// of the analysed files; then every failure with its cause.
//
//	go run ./cmd/kerneltest -whoop bin/whoop -tree TREE -build BUILD [-set built|all] [-sample N] [-out DIR] drivers/char ...
//
// -set built takes the files the build's configuration compiles (the
// `obj-$(CONFIG_X) += file.o` lines of each directory's Makefile whose
// CONFIG_X is y or m in the build's autoconf.h); -set all takes every .c
// file directly in each directory. whoop runs from the tree root, as a
// kernel developer runs it, one process per file: with its default --jobs
// when files go one at a time (-j 1), with --jobs 1 when -j runs several
// files at once (each whoop then has one core).
//
// The counts come from whoop's JSON report (--json-out, the document
// --format json prints, while stdout stays text for the failure causes).
// -out DIR keeps each file's report as DIR/<source path>.json, e.g.
// DIR/drivers/char/nvram.c.json, for a later triage (cmd/precision);
// without it the reports go to a temporary directory removed at the end.
// The findings column sums the files' summary.findings and shows "-" when
// no file of the row has one (a whoop that reports pairs only).
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"
)

type result struct {
	dir, file string
	code      int
	seconds   float64
	rssMB     float64
	cause     string
	counts    counts
}

func main() {
	whoop := flag.String("whoop", "bin/whoop", "the whoop `binary`")
	tree := flag.String("tree", "", "the Linux source `tree`")
	build := flag.String("build", "", "its configured `build` (--kernel-build)")
	set := flag.String("set", "built", "which files: built (by the build's config) or all (.c files directly in each directory)")
	sample := flag.Int("sample", 0, "take every file only when 0, else `N` files per directory, spread evenly")
	jobs := flag.Int("j", 1, "files analysed at once")
	out := flag.String("out", "", "keep each file's JSON report as `DIR`/<source path>.json")
	fileTimeout := flag.Duration("file-timeout", 120*time.Second, "kill whoop on one file after `D` (whoop's own --file-timeout is 20 s less: a slow file ends inconclusive, a hung one is killed)")
	flag.Parse()
	if *tree == "" || *build == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: kerneltest -tree TREE -build BUILD [-set built|all] [-sample N] DIR...")
		os.Exit(2)
	}
	bin, err := filepath.Abs(*whoop)
	if err != nil {
		fatal(err)
	}
	config, err := readConfig(filepath.Join(*build, "include", "generated", "autoconf.h"))
	if err != nil {
		fatal(err)
	}
	var files []result
	for _, dir := range flag.Args() {
		var names []string
		switch *set {
		case "built":
			names, err = builtFiles(filepath.Join(*tree, dir), config)
		case "all":
			names, err = allFiles(filepath.Join(*tree, dir))
		default:
			err = fmt.Errorf("-set %s: want built or all", *set)
		}
		if err != nil {
			fatal(err)
		}
		for _, n := range pick(names, *sample) {
			files = append(files, result{dir: dir, file: filepath.Join(dir, n)})
		}
	}
	reports, err := reportDir(*out)
	if err != nil {
		fatal(err)
	}
	run(files, bin, *tree, *build, reports, *jobs, *fileTimeout)
	printTable(os.Stdout, files, flag.Args())
	if *out == "" {
		os.RemoveAll(reports)
	}
	for _, r := range files {
		if r.code < 0 || r.code == 2 || r.code > 4 {
			fmt.Fprintf(os.Stderr, "kerneltest: whoop crashed or hung on %s\n", r.file)
			os.Exit(1)
		}
	}
}

// reportDir is out made absolute and created, or a new temporary
// directory when out is empty.
func reportDir(out string) (string, error) {
	if out == "" {
		return os.MkdirTemp("", "kerneltest-*")
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", fmt.Errorf("-out: %w", err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return "", fmt.Errorf("-out: %w", err)
	}
	return abs, nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "kerneltest:", err)
	os.Exit(1)
}

// run analyses every file, jobs at a time; results stay in input order.
func run(files []result, bin, tree, build, reports string, jobs int, timeout time.Duration) {
	sem := make(chan struct{}, max(jobs, 1))
	var wg sync.WaitGroup
	for i := range files {
		wg.Add(1)
		sem <- struct{}{}
		go func(r *result) {
			defer wg.Done()
			defer func() { <-sem }()
			analyse(r, bin, tree, build, reports, timeout, jobs > 1)
			fmt.Fprintf(os.Stderr, "kerneltest: %s: exit %d, %.2f s\n", r.file, r.code, r.seconds)
		}(&files[i])
	}
	wg.Wait()
}

func analyse(r *result, bin, tree, build, reports string, timeout time.Duration, oneCore bool) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	// whoop's own deadline comes first, so a file that is merely slow ends
	// inconclusive (exit 4); the kill is left for a real hang.
	deadline := max(timeout-20*time.Second, timeout*3/4)
	args := []string{"--kernel-build", build, "--no-progress", "--file-timeout", deadline.String()}
	if oneCore {
		args = append(args, "--jobs", "1")
	}
	jsonPath := filepath.Join(reports, r.file+".json")
	if err := os.MkdirAll(filepath.Dir(jsonPath), 0o755); err != nil {
		r.code, r.cause = -1, err.Error()
		return
	}
	// A report left by an earlier run must not be counted as this one's.
	os.Remove(jsonPath)
	args = append(args, "--json-out", jsonPath)
	cmd := exec.CommandContext(ctx, bin, append(args, r.file)...)
	cmd.Dir = tree
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r.seconds = time.Since(start).Seconds()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.rssMB = float64(ru.Maxrss) / 1024
	}
	r.code = cmd.ProcessState.ExitCode()
	switch {
	case ctx.Err() != nil:
		r.code, r.cause = -1, fmt.Sprintf("killed after %v", timeout)
	case err != nil && r.code < 0:
		r.cause = err.Error()
	case r.code >= 2:
		r.cause = cause(stderr.String(), stdout.String())
	}
	if r.code == 0 || r.code == 1 {
		c, err := readCounts(jsonPath)
		if err != nil {
			// whoop analysed the file but its report is unreadable: the
			// row's counts miss it, and says so on stderr.
			fmt.Fprintf(os.Stderr, "kerneltest: %s: %v\n", r.file, err)
		}
		r.counts = c
	}
}

var (
	posPrefix = regexp.MustCompile(`^whoop: [^:]*:(\d+:)?(\d+:)? ?`)
	quoted    = regexp.MustCompile(`'[^']*'|"[^"]*"|<[^>]*>`)
)

// cause is the first error line of whoop's stderr; failing that, the
// report's line that says why nothing or not everything was checked (a
// file without entry points exits 4 with only warnings on stderr); failing
// that, stderr's first line. Names in quotes are kept in the listing but
// folded in groups.
func cause(stderr, stdout string) string {
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "whoop: ") && !strings.Contains(line, "warning:") {
			return strings.TrimSpace(line)
		}
	}
	for _, line := range strings.Split(stdout+"\n"+stderr, "\n") {
		if strings.Contains(line, "nothing was checked") || strings.Contains(line, "inconclusive") {
			return strings.TrimSpace(line)
		}
	}
	first, _, _ := strings.Cut(strings.TrimSpace(stderr), "\n")
	return first
}

func group(cause string) string {
	msg := posPrefix.ReplaceAllString(cause, "")
	msg = quoted.ReplaceAllString(msg, "X")
	if len(msg) > 70 {
		msg = msg[:70] + "..."
	}
	return msg
}

func printTable(w io.Writer, files []result, dirs []string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "directory\tfiles\tanalysed\tinconclusive\tinput errors\tother\tmedian s\tmax s\tpeak RSS MB\traces\tracy regions\tfindings\t")
	row := func(name string, rs []result) {
		var ok, inc, in, other int
		var secs []float64
		var rss float64
		var c counts
		for _, r := range rs {
			c.add(r.counts)
			switch r.code {
			case 0, 1:
				ok++
			case 4:
				inc++
			case 3:
				in++
			default:
				other++
			}
			secs = append(secs, r.seconds)
			rss = max(rss, r.rssMB)
		}
		sort.Float64s(secs)
		med, mx := 0.0, 0.0
		if len(secs) > 0 {
			med, mx = secs[len(secs)/2], secs[len(secs)-1]
		}
		fmt.Fprintf(tw, "%s\t%d\t%d (%.0f%%)\t%d\t%d\t%d\t%.2f\t%.2f\t%.0f\t%d\t%d\t%s\t\n",
			name, len(rs), ok, pct(ok, len(rs)), inc, in, other, med, mx, rss, c.races, c.regions, c.findingsCell())
	}
	for _, d := range dirs {
		var rs []result
		for _, r := range files {
			if r.dir == d {
				rs = append(rs, r)
			}
		}
		row(d, rs)
	}
	row("total", files)
	tw.Flush()
	causes := map[string]int{}
	for _, r := range files {
		if r.code == 3 || r.code == 4 || r.code < 0 || r.code > 4 {
			causes[group(r.cause)]++
		}
	}
	if len(causes) > 0 {
		fmt.Fprintln(w, "\nfailures by cause:")
		keys := make([]string, 0, len(causes))
		for k := range causes {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if causes[keys[i]] != causes[keys[j]] {
				return causes[keys[i]] > causes[keys[j]]
			}
			return keys[i] < keys[j]
		})
		for _, k := range keys {
			fmt.Fprintf(w, "%4d  %s\n", causes[k], k)
		}
		fmt.Fprintln(w, "\nfailures:")
		for _, r := range files {
			if r.code != 0 && r.code != 1 {
				fmt.Fprintf(w, "  %s (exit %d): %s\n", r.file, r.code, r.cause)
			}
		}
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// pick returns n names spread evenly over names (all when n is 0).
func pick(names []string, n int) []string {
	if n <= 0 || n >= len(names) {
		return names
	}
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, names[i*len(names)/n])
	}
	return out
}

func readConfig(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read build config: %w", err)
	}
	cfg := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && f[0] == "#define" && f[2] == "1" {
			cfg[strings.TrimSuffix(f[1], "_MODULE")] = true
		}
	}
	return cfg, nil
}

var objLine = regexp.MustCompile(`^obj-\$\((CONFIG_[A-Za-z0-9_]+)\)\s*[+:]?=\s*(.*)$`)
var compositeLine = regexp.MustCompile(`^([A-Za-z0-9_-]+)-(?:y|objs|\$\((CONFIG_[A-Za-z0-9_]+)\))\s*[+:]?=\s*(.*)$`)

// builtFiles returns the .c files directly in dir that the configuration
// builds: objects of obj-$(CONFIG_X) lines with CONFIG_X set, and the parts
// of composite objects (foo-y := a.o b.o) named there.
func builtFiles(dir string, config map[string]bool) ([]string, error) {
	f, err := os.Open(filepath.Join(dir, "Makefile"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	cur := ""
	for sc.Scan() {
		l := sc.Text()
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		if strings.HasSuffix(strings.TrimSpace(l), "\\") {
			cur += strings.TrimSuffix(strings.TrimSpace(l), "\\") + " "
			continue
		}
		lines = append(lines, strings.TrimSpace(cur+l))
		cur = ""
	}
	parts := map[string][]string{}
	for _, l := range lines {
		if m := compositeLine.FindStringSubmatch(l); m != nil && !strings.HasPrefix(l, "obj-") {
			if m[2] == "" || config[m[2]] {
				parts[m[1]] = append(parts[m[1]], strings.Fields(m[3])...)
			}
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(obj string) {
		if !strings.HasSuffix(obj, ".o") {
			return // a subdirectory
		}
		base := strings.TrimSuffix(obj, ".o")
		c := base + ".c"
		if _, err := os.Stat(filepath.Join(dir, c)); err == nil {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
			return
		}
		for _, p := range parts[base] {
			pc := strings.TrimSuffix(p, ".o") + ".c"
			if _, err := os.Stat(filepath.Join(dir, pc)); err == nil && !seen[pc] {
				seen[pc] = true
				out = append(out, pc)
			}
		}
	}
	for _, l := range lines {
		if m := objLine.FindStringSubmatch(l); m != nil && config[m[1]] {
			for _, obj := range strings.Fields(m[2]) {
				add(obj)
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

func allFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".c") {
			out = append(out, e.Name())
		}
	}
	return out, nil
}
