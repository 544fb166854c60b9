package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
)

// sampleOpts are the sample's size and its strata.
type sampleOpts struct {
	seed              uint64
	n                 int // reports drawn
	minFiles, minDirs int // at least this many files and directories
}

func sampleCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o sampleOpts
	fs.Uint64Var(&o.seed, "seed", 1, "the random `seed`: the same seed and reports give the same sample")
	fs.IntVar(&o.n, "n", 60, "draw `N` reports")
	fs.IntVar(&o.minFiles, "min-files", 15, "from at least `N` files")
	fs.IntVar(&o.minDirs, "min-dirs", 4, "in at least `N` directories")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("sample: want one directory of JSON reports\n%s", usage)
	}
	reports, err := readReports(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("sample: %w", err)
	}
	picked, err := draw(reports, o)
	if err != nil {
		return fmt.Errorf("sample: %w", err)
	}
	fmt.Fprintf(stderr, "precision: %d of %d reports, from %d files in %d directories (seed %d)\n",
		len(picked), len(reports), count(picked, report.fileName), count(picked, report.dir), o.seed)
	return writeSkeleton(stdout, picked)
}

func (r report) fileName() string { return r.file }

// count is the number of distinct key(r) over rs.
func count(rs []drawn, key func(report) string) int {
	seen := map[string]bool{}
	for _, d := range rs {
		seen[key(d.report)] = true
	}
	return len(seen)
}

// A drawn report, and how: "file" (the draw that makes its file one of
// the sample's) or "uniform" (drawn from all reports alike).
type drawn struct {
	report
	how string
}

// draw takes a seeded sample of o.n reports. First it picks
// max(minFiles, minDirs) files, going round the directories in a random
// order and taking a random file of each in turn, and one random report of
// each picked file; then it fills the sample with reports drawn uniformly
// from all the others. The first stage guarantees the breadth; the second
// weighs files by their number of reports, as a reader of the whole sweep
// meets them. The result is in file order, then report order.
func draw(reports []report, o sampleOpts) ([]drawn, error) {
	files, dirs := strata(reports)
	k := max(o.minFiles, o.minDirs)
	switch {
	case len(dirs) < o.minDirs:
		return nil, fmt.Errorf("the reports come from %d directories, fewer than -min-dirs %d", len(dirs), o.minDirs)
	case len(files) < o.minFiles:
		return nil, fmt.Errorf("the reports come from %d files, fewer than -min-files %d", len(files), o.minFiles)
	case o.n < k:
		return nil, fmt.Errorf("-n %d is less than the %d files and directories the sample must cover", o.n, k)
	case len(reports) < o.n:
		return nil, fmt.Errorf("only %d reports, fewer than -n %d", len(reports), o.n)
	}
	rng := rand.New(rand.NewPCG(o.seed, 0x9e3779b97f4a7c15))
	taken := map[int]string{}
	for _, f := range pickFiles(rng, dirs, k) {
		idx := files[f]
		taken[idx[rng.IntN(len(idx))]] = "file"
	}
	for len(taken) < o.n {
		if i := rng.IntN(len(reports)); taken[i] == "" {
			taken[i] = "uniform"
		}
	}
	out := make([]drawn, 0, len(taken))
	for i, how := range taken {
		out = append(out, drawn{reports[i], how})
	}
	slices.SortFunc(out, func(a, b drawn) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.index, b.index))
	})
	return out, nil
}

// strata maps each file to the indices of its reports, and each directory
// to its files, sorted.
func strata(reports []report) (map[string][]int, map[string][]string) {
	files := map[string][]int{}
	dirs := map[string][]string{}
	for i, r := range reports {
		if len(files[r.file]) == 0 {
			dirs[r.dir()] = append(dirs[r.dir()], r.file)
		}
		files[r.file] = append(files[r.file], i)
	}
	for _, fs := range dirs {
		slices.Sort(fs)
	}
	return files, dirs
}

// pickFiles takes k files, one directory after another in a random order,
// a random file not yet taken from each, round after round.
func pickFiles(rng *rand.Rand, dirs map[string][]string, k int) []string {
	order := make([]string, 0, len(dirs))
	for d := range dirs {
		order = append(order, d)
	}
	slices.Sort(order)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	queues := map[string][]string{}
	for _, d := range order {
		q := slices.Clone(dirs[d])
		rng.Shuffle(len(q), func(i, j int) { q[i], q[j] = q[j], q[i] })
		queues[d] = q
	}
	var out []string
	for len(out) < k {
		for _, d := range order {
			if q := queues[d]; len(q) > 0 && len(out) < k {
				out = append(out, q[0])
				queues[d] = q[1:]
			}
		}
	}
	return out
}

// skeletonHeader: the judge fills class (see classes), cause (the number
// of the false alarm's cause in the precision issue's list, when one
// matches) and why (one line citing file:line of the evidence).
var skeletonHeader = []string{"n", "file", "draw", "report", "region", "class", "cause", "why"}

func writeSkeleton(w io.Writer, rs []drawn) error {
	if _, err := fmt.Fprintln(w, strings.Join(skeletonHeader, "\t")); err != nil {
		return err
	}
	for i, r := range rs {
		row := []string{fmt.Sprint(i + 1), r.file, r.how, r.line, oneLine(r.region), "", "", ""}
		if _, err := fmt.Fprintln(w, strings.Join(row, "\t")); err != nil {
			return err
		}
	}
	return nil
}
