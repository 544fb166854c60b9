package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/lockset"
)

// The HTML report (--html-out DIR): index.html, a table of every finding
// of every file with filters by class, rank and file and a search box, and
// f/N.html, a page per finding with the source around each site, the
// locks held, the entry-point pairs, the assumptions of the run and the
// explorer's interleaving as a two-column timeline. Static and
// self-contained: the style and script are in the pages, nothing is
// fetched, and it works from file://. html/template escapes everything
// the results carry (C source, lvalues, notes).

// Page is one file of the HTML report, Name relative to its directory.
type Page struct {
	Name string
	Data []byte
}

// Assumption is one assumption of the run (whoop assumptions), for the
// HTML pages.
type Assumption struct{ Name, Means string }

// htmlContext is how many lines the pages show around a site.
const htmlContext = 4

// HTMLPages renders the HTML report of files (and the files that could not
// be analysed, opts.Errors). opts.SourceLine reads the source around the
// sites (nil: only the sites' own lines); opts.MinRank leaves out the
// findings below it.
func HTMLPages(files []*lockset.FileResult, opts Options) (pages []Page, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("report: write html: internal error: %v", r)
		}
	}()
	if err := raceCheckInput(files); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	idx := htmlIndex{Version: opts.Version}
	type item struct {
		file *lockset.FileResult
		f    *findings.Finding
	}
	var items []item
	for _, e := range raceEntries(files, opts.Errors) {
		if e.fail != nil {
			idx.Files = append(idx.Files, htmlFile{Path: e.fail.Path, Status: StatusError, Note: e.fail.Msg})
			continue
		}
		file := e.res
		status, why := raceStatus(file)
		hf := htmlFile{Path: file.Path, Status: status, Note: why, Concurrent: file.ConcurrentPairs(),
			Racy: file.RacyPairs(), Inconclusive: file.InconclusivePairs()}
		for _, f := range findings.Of(file) {
			if findingShown(f, opts) {
				items = append(items, item{file, f})
				hf.Findings++
			}
		}
		idx.Files = append(idx.Files, hf)
	}
	slices.SortStableFunc(items, func(a, b item) int { return findings.Compare(a.f, b.f) })
	for i, it := range items {
		page := htmlFindingOf(i+1, it.file, it.f, opts)
		idx.Findings = append(idx.Findings, page.Row)
		var buf bytes.Buffer
		if err := htmlTemplates.ExecuteTemplate(&buf, "finding", page); err != nil {
			return nil, fmt.Errorf("report: write html: %w", err)
		}
		pages = append(pages, Page{Name: page.Row.Page, Data: buf.Bytes()})
	}
	idx.Classes, idx.Ranks = findings.Classes(), findings.Ranks()
	var buf bytes.Buffer
	if err := htmlTemplates.ExecuteTemplate(&buf, "index", idx); err != nil {
		return nil, fmt.Errorf("report: write html: %w", err)
	}
	return append([]Page{{Name: "index.html", Data: buf.Bytes()}}, pages...), nil
}

type (
	htmlIndex struct {
		Version  string
		Files    []htmlFile
		Findings []htmlRow
		Classes  []findings.Class
		Ranks    []findings.Rank
	}
	htmlFile struct {
		Path, Status, Note                       string
		Findings, Concurrent, Racy, Inconclusive int
	}
	htmlRow struct {
		N         int
		Page      string // f/N.html
		File      string
		Line      int
		LValue    string
		Class     findings.Class
		Rank      findings.Rank
		Confirmed bool
		Reason    string
		Races     int
		Sites     int
	}
	htmlFindingPage struct {
		Row         htmlRow
		Version     string
		Region, Why string
		Also        []findings.Class
		Sites       []htmlSite
		Excerpts    []htmlExcerpt
		Pairs       []htmlPair
		Assumptions []Assumption
		Verdict     *lockset.Confirmation
		Timeline    []htmlStep
		Threads     [2]string
		Races       []string // -v: every race, one line each
	}
	htmlSite struct {
		Pos, Kind, Mode, Func, LValue, Shape string
		Holds                                []findings.Hold
		Anchor                               bool
	}
	htmlExcerpt struct {
		Title string
		Lines []htmlLine
	}
	htmlLine struct {
		N    int
		Text string
		Racy bool
	}
	htmlPair struct {
		A, B  string
		Pairs []string
	}
	htmlStep struct {
		Thread int // 1 or 2: the column
		Pos    string
		Text   string
		Source string
		Switch bool
	}
)

func htmlFindingOf(n int, file *lockset.FileResult, f *findings.Finding, opts Options) htmlFindingPage {
	anchor := f.Sites[f.Anchor]
	p := htmlFindingPage{
		Row: htmlRow{N: n, Page: "f/" + strconv.Itoa(n) + ".html", File: file.Path, Line: anchor.Pos.Line, LValue: f.LValue,
			Class: f.Class, Rank: f.Rank, Confirmed: f.Confirmed, Reason: f.Reason, Races: len(f.Races), Sites: len(f.Sites)},
		Version: opts.Version, Region: f.Region, Why: f.Why, Also: f.Also, Assumptions: opts.Assumptions,
	}
	for i, s := range f.Sites {
		p.Sites = append(p.Sites, htmlSite{Pos: racePos(s.Pos, file.Path), Kind: string(s.Kind), Mode: s.Mode.String(), Func: s.Func,
			LValue: s.LValue, Shape: strings.Join(s.Shape, ", "), Holds: s.Holds, Anchor: i == f.Anchor})
	}
	p.Excerpts = htmlExcerpts(f, file.Path, opts.SourceLine)
	for _, sp := range f.SitePairs {
		p.Pairs = append(p.Pairs, htmlPair{A: siteRef(f.Sites[sp.A], anchor.Pos.File), B: siteRef(f.Sites[sp.B], anchor.Pos.File),
			Pairs: strings.Split(pairListAll(sp.Pairs), ", ")})
	}
	if ref, ok := findingVerdict(f); ok {
		p.Verdict = ref.Race.Confirmation
		p.Timeline, p.Threads = htmlTimeline(ref.Race.Confirmation, file.Path)
	}
	for _, ref := range f.Races {
		line := raceTitle(raceItem{path: file.Path, pair: ref.Pair, race: ref.Race}) + ": " +
			racePos(ref.Race.Accesses[0].Pos, file.Path) + ", " + racePos(ref.Race.Accesses[1].Pos, file.Path)
		if ref.Race.Suppressed != "" {
			line += " (suppressed: " + ref.Race.Suppressed + ")"
		}
		p.Races = append(p.Races, line)
	}
	return p
}

// pairListAll is every entry-point pair, "a × b, c × d".
func pairListAll(pairs [][2]string) string {
	names := make([]string, len(pairs))
	for i, p := range pairs {
		names[i] = p[0] + " × " + p[1]
	}
	return strings.Join(names, ", ")
}

// htmlExcerpts returns the source around the sites, one excerpt per run of
// nearby lines of a file, the racy lines marked.
func htmlExcerpts(f *findings.Finding, path string, line func(file string, n int) string) []htmlExcerpt {
	type span struct {
		file     string
		from, to int
		racy     map[int]string // line -> the site's own source
	}
	var spans []*span
	for _, s := range f.Sites {
		if !s.Pos.IsValid() {
			continue
		}
		from, to := max(1, s.Pos.Line-htmlContext), s.Pos.Line+htmlContext
		if n := len(spans); n > 0 && spans[n-1].file == s.Pos.File && from <= spans[n-1].to+1 {
			sp := spans[n-1]
			sp.to = max(sp.to, to)
			sp.racy[s.Pos.Line] = s.Source
			continue
		}
		spans = append(spans, &span{file: s.Pos.File, from: from, to: to, racy: map[int]string{s.Pos.Line: s.Source}})
	}
	var out []htmlExcerpt
	for _, sp := range spans {
		ex := htmlExcerpt{Title: fmt.Sprintf("%s:%d-%d", sp.file, sp.from, sp.to)}
		for n := sp.from; n <= sp.to; n++ {
			src, racy := sp.racy[n]
			if line == nil && !racy {
				continue // no source but the sites' own lines
			}
			text := ""
			if line != nil {
				text = line(sp.file, n)
			}
			if text == "" {
				text = src
			}
			ex.Lines = append(ex.Lines, htmlLine{N: n, Text: strings.ReplaceAll(text, "\t", "    "), Racy: racy})
		}
		out = append(out, ex)
	}
	return out
}

// htmlTimeline lays an interleaving out in two columns, one per thread.
func htmlTimeline(c *lockset.Confirmation, path string) ([]htmlStep, [2]string) {
	var threads [2]string
	var steps []htmlStep
	if c == nil || c.Status != lockset.Confirmed {
		return nil, threads
	}
	for _, s := range c.Steps {
		col := 1
		if s.Thread == 2 {
			col = 2
		}
		if threads[col-1] == "" {
			threads[col-1] = s.EntryPoint
		}
		st := htmlStep{Thread: col, Text: confirmStepText(s), Switch: s.Kind == "switch"}
		if s.Pos.IsValid() {
			st.Pos = racePos(s.Pos, path)
		}
		if s.Kind != "switch" {
			st.Source = strings.TrimSpace(s.Source)
		}
		steps = append(steps, st)
	}
	return steps, threads
}

// WriteHTMLDir writes pages into dir (created if missing), each file
// through a temporary one so a reader never sees half a page, and removes
// the finding pages of an earlier report that this one does not have.
func WriteHTMLDir(dir string, pages []Page) error {
	if err := os.MkdirAll(filepath.Join(dir, "f"), 0o777); err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, p := range pages {
		path := filepath.Join(dir, filepath.FromSlash(p.Name))
		keep[path] = true
		if err := writeFileAtomic(path, p.Data); err != nil {
			return err
		}
	}
	old, err := filepath.Glob(filepath.Join(dir, "f", "*.html"))
	if err != nil {
		return err
	}
	for _, path := range old {
		if !keep[path] {
			if err := os.Remove(path); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeFileAtomic writes data to path through a temporary file in its
// directory, created 0666 so the umask decides its mode.
func writeFileAtomic(path string, data []byte) error {
	var tmp *os.File
	for i := 0; tmp == nil; i++ {
		name := filepath.Join(filepath.Dir(path), fmt.Sprintf(".whoop-%d-%d.tmp", os.Getpid(), i))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		switch {
		case err == nil:
			tmp = f
		case !os.IsExist(err) || i > 100:
			return err
		}
	}
	defer os.Remove(tmp.Name())
	_, err := tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
