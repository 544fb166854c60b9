package report

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// Format names an output format.
type Format string

const (
	Text  Format = "text"  // gcc-style diagnostics, the default
	XML   Format = "xml"   // etree document, <whoop><driver>...
	JSON  Format = "json"  // indented encoding/json
	SARIF Format = "sarif" // SARIF 2.1.0 for GitHub code scanning
)

// Formats returns the supported formats, the default first.
func Formats() []Format { return []Format{Text, XML, JSON, SARIF} }

// ParseFormat returns the Format named by s (case-insensitive).
func ParseFormat(s string) (Format, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, f := range Formats() {
		if string(f) == name {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (want text, xml, json or sarif)", s)
}

// Options tune the writers.
type Options struct {
	Version string // whoop's version, recorded by XML, JSON and SARIF
	Verbose bool   // text: also list race-free and non-concurrent pairs and warnings
	// Errors are the files that could not be analysed, sorted by Index;
	// XML, JSON and SARIF list them among the results.
	Errors []FileError
	// Locks are the lock-discipline results, by file path; nil when the
	// lock checks did not run (JSON and SARIF then carry no lock fields).
	Locks map[string]*lockset.LockResult
	// Baseline: a baseline was applied (--baseline), so SARIF marks every
	// finding's baselineState ("new" or "unchanged").
	Baseline bool
	// MinRank: text, SARIF and HTML show only the findings of this rank or
	// higher ("" shows all); JSON and XML carry every finding with its rank.
	MinRank findings.Rank
	// SourceLine returns line n of file ("" when unknown), for the source
	// the HTML pages show around each site; nil: only the sites' lines.
	SourceLine func(file string, n int) string
	// Assumptions are the run's assumptions, listed on the HTML pages.
	Assumptions []Assumption
}

// lockResults lists opts.Locks in the order of files, or nil.
func (opts Options) lockResults(files []*lockset.FileResult) []*lockset.LockResult {
	if opts.Locks == nil {
		return nil
	}
	out := []*lockset.LockResult{}
	for _, f := range files {
		if l := opts.Locks[f.Path]; l != nil {
			out = append(out, l)
		}
	}
	return out
}

// WriteRaces writes the results of the race check for one or more files, in
// the order given. Races are listed per file by the position of their second
// access, then of their first.
func WriteRaces(w io.Writer, f Format, files []*lockset.FileResult, opts Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("report: write %s: internal error: %v", f, r)
		}
	}()
	if err := raceCheckInput(files); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	bw := bufio.NewWriter(w)
	switch f {
	case Text, "":
		err = raceWriteText(bw, files, opts)
	case XML:
		err = raceWriteXML(bw, files, opts)
	case JSON:
		err = raceWriteJSON(bw, files, opts)
	case SARIF:
		err = raceWriteSARIF(bw, files, opts)
	default:
		return fmt.Errorf("report: unknown format %q", f)
	}
	if err != nil {
		return fmt.Errorf("report: write %s: %w", f, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("report: write %s: %w", f, err)
	}
	return nil
}

// raceCheckInput rejects results the writers cannot name: a nil file, a pair
// or entry point without a function.
func raceCheckInput(files []*lockset.FileResult) error {
	for i, file := range files {
		if file == nil {
			return fmt.Errorf("file %d: no result", i)
		}
		for j, ep := range file.EntryPoints {
			if ep == nil || ep.Func == nil {
				return fmt.Errorf("%s: entry point %d has no function", file.Path, j)
			}
		}
		for j, p := range file.Pairs {
			for _, ep := range []*ir.EntryPoint{p.Pair.First, p.Pair.Second} {
				if ep == nil || ep.Func == nil {
					return fmt.Errorf("%s: pair %d has no entry point", file.Path, j)
				}
			}
		}
	}
	return nil
}

// raceItem is one race with the pair and file it belongs to.
type raceItem struct {
	path string // FileResult.Path, where a position is unknown
	pair *lockset.PairResult
	race *lockset.Race
}

// raceSorted returns every race of file (of any pair that carries races, so
// the listing always agrees with FileResult.Races), ordered by the position of
// Accesses[1], then Accesses[0]; ties keep pair order.
func raceSorted(file *lockset.FileResult) []raceItem {
	var items []raceItem
	for i := range file.Pairs {
		items = raceAppend(items, file.Path, &file.Pairs[i])
	}
	return raceSort(items)
}

// racePairSorted returns the races of one pair in the order raceSorted uses.
func racePairSorted(p *lockset.PairResult) []raceItem { return raceSort(raceAppend(nil, "", p)) }

func raceAppend(items []raceItem, path string, p *lockset.PairResult) []raceItem {
	for j := range p.Races {
		items = append(items, raceItem{path: path, pair: p, race: &p.Races[j]})
	}
	return items
}

func raceSort(items []raceItem) []raceItem {
	slices.SortStableFunc(items, func(a, b raceItem) int {
		if c := racePosCmp(a.race.Accesses[1].Pos, b.race.Accesses[1].Pos); c != 0 {
			return c
		}
		if c := racePosCmp(a.race.Accesses[0].Pos, b.race.Accesses[0].Pos); c != 0 {
			return c
		}
		return cmp.Or(
			cmp.Compare(a.race.Region, b.race.Region),
			cmp.Compare(a.race.Accesses[1].LValue, b.race.Accesses[1].LValue),
			cmp.Compare(a.race.Accesses[0].LValue, b.race.Accesses[0].LValue),
		)
	})
	return items
}

func racePosCmp(a, b ir.Pos) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
}

// raceTitle is the one-line description of a race shared by text and SARIF:
// "potential write-read race on 'file->f_pos' between a and b".
func raceTitle(it raceItem) string {
	a := it.race.Accesses
	return fmt.Sprintf("potential %s-%s race on '%s' between %s and %s",
		a[0].Kind, a[1].Kind, a[1].LValue, a[0].EntryPoint, a[1].EntryPoint)
}

// raceAccessText describes one access without its position:
// "write by nvram_llseek, in helper, holding no lock (atomic)".
func raceAccessText(a lockset.Access) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s by %s", a.Kind, a.EntryPoint)
	if a.Func != "" && a.Func != a.EntryPoint {
		fmt.Fprintf(&b, ", in %s", a.Func)
	}
	if len(a.Locks) == 0 {
		b.WriteString(", holding no lock")
	} else {
		b.WriteString(", holding " + strings.Join(a.Locks, ", "))
	}
	if a.Mode != ir.Plain {
		fmt.Fprintf(&b, " (%s)", a.Mode)
	}
	return b.String()
}

// racePos prints p, or path when p names no place, as gcc does for
// diagnostics about a whole file.
func racePos(p ir.Pos, path string) string {
	if !p.IsValid() {
		return path
	}
	return p.String()
}

// raceSource is an access's source line without surrounding white space.
func raceSource(a lockset.Access) string { return strings.TrimSpace(a.Source) }

// raceLocks never returns nil, so JSON prints [] rather than null.
func raceLocks(a lockset.Access) []string {
	if a.Locks == nil {
		return []string{}
	}
	return a.Locks
}

// raceErrWriter remembers the first write error so the text writer can
// print freely and check once.
type raceErrWriter struct {
	w   io.Writer
	err error
}

func (e *raceErrWriter) printf(format string, args ...any) {
	if e.err != nil {
		return
	}
	_, e.err = fmt.Fprintf(e.w, format, args...)
}
