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
	n                 int    // reports drawn
	minFiles, minDirs int    // at least this many files and directories
	weight            string // how the rest is drawn: "dir" or "report"
}

func sampleCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o sampleOpts
	fs.Uint64Var(&o.seed, "seed", 1, "the random `seed`: the same seed and reports give the same sample")
	fs.IntVar(&o.n, "n", 60, "draw `N` reports")
	fs.IntVar(&o.minFiles, "min-files", 15, "from at least `N` files")
	fs.IntVar(&o.minDirs, "min-dirs", 4, "in at least `N` directories")
	fs.StringVar(&o.weight, "weight", "dir", "draw the rest by `W`: dir (each directory in turn, a random file of it, a random report of that) or report (every report alike)")
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
// the sample's), "dir" (a directory's turn) or "report" (drawn from all
// reports alike).
type drawn struct {
	report
	how string
}

// draw takes a seeded sample of o.n reports. First it picks
// max(minFiles, minDirs) files, going round the directories in a random
// order and taking a random file of each in turn, and one random report of
// each picked file. Then it fills the sample by o.weight: "dir" goes round
// the directories again, drawing in each a random file that has reports
// left and a random report of it, so every directory weighs alike and a
// file with 10,000 reports weighs as one file; "report" draws from all the
// reports alike, as a reader of the whole sweep meets them. The result is
// in file order, then report order.
func draw(reports []report, o sampleOpts) ([]drawn, error) {
	files, dirs := strata(reports)
	k := max(o.minFiles, o.minDirs)
	switch {
	case o.weight != "dir" && o.weight != "report":
		return nil, fmt.Errorf("-weight %q: want dir or report", o.weight)
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
	order := shuffled(rng, sortedKeys(dirs))
	taken := map[int]string{}
	for _, f := range pickFiles(rng, order, dirs, k) {
		idx := files[f]
		taken[idx[rng.IntN(len(idx))]] = "file"
	}
	if o.weight == "report" {
		for len(taken) < o.n {
			if i := rng.IntN(len(reports)); taken[i] == "" {
				taken[i] = "report"
			}
		}
	} else {
		fillByDir(rng, order, dirs, files, taken, o.n)
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

// fillByDir draws until taken holds n reports: each directory of order in
// turn, a random file of it with reports not yet taken, a random one of
// those. A directory with none left is passed over.
func fillByDir(rng *rand.Rand, order []string, dirs map[string][]string, files map[string][]int, taken map[int]string, n int) {
	left := func(f string) []int {
		var out []int
		for _, i := range files[f] {
			if taken[i] == "" {
				out = append(out, i)
			}
		}
		return out
	}
	for len(taken) < n {
		for _, d := range order {
			var open []string
			for _, f := range dirs[d] {
				if len(left(f)) > 0 {
					open = append(open, f)
				}
			}
			if len(open) == 0 || len(taken) >= n {
				continue
			}
			idx := left(open[rng.IntN(len(open))])
			taken[idx[rng.IntN(len(idx))]] = "dir"
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func shuffled(rng *rand.Rand, s []string) []string {
	s = slices.Clone(s)
	rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	return s
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

// pickFiles takes k files, the directories of order one after another, a
// random file not yet taken from each, round after round.
func pickFiles(rng *rand.Rand, order []string, dirs map[string][]string, k int) []string {
	queues := map[string][]string{}
	for _, d := range order {
		queues[d] = shuffled(rng, dirs[d])
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
