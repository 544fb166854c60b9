package report

import (
	"io"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/lockset"
)

// raceWriteText writes gcc-style diagnostics, one block per finding (with
// -v, every race of it after the block), then the pair notes and one
// summary line per file.
func raceWriteText(w io.Writer, files []*lockset.FileResult, opts Options) error {
	out := &raceErrWriter{w: w}
	cache := findingCache{}
	for _, file := range files {
		fs := cache.of(file)
		for _, f := range fs {
			switch {
			case f.New == 0:
				// Suppressed findings are counted in the summary; -v names them.
				if opts.Verbose {
					out.printf("%s: note: suppressed (%s): %s\n", racePos(f.Sites[f.Anchor].Pos, file.Path), f.Suppressed, findingTitle(f))
					for _, ref := range f.Races {
						raceWriteTextOne(out, raceItem{path: file.Path, pair: ref.Pair, race: ref.Race}, file.Path)
					}
				}
			case findingShown(f, opts):
				findingWriteText(out, f, file.Path, opts.Verbose)
			}
		}
		pairNotesText(out, file, opts.Verbose)
		if opts.Verbose {
			for _, d := range file.Warnings {
				out.printf("%s: warning: %s\n", racePos(d.Pos, file.Path), d.Msg)
			}
		}
		if status, why := raceStatus(file); status != StatusChecked {
			out.printf("%s: warning: %s\n", file.Path, why)
		}
		if n, checked := file.InconclusivePairs(), file.RaceFreePairs()+file.RacyPairs(); n > checked {
			out.printf("%s: warning: %d of %d concurrent pairs inconclusive: most of the file was not checked\n", file.Path, n, file.ConcurrentPairs())
		}
		out.printf("%s\n", raceTextSummary(file, fs, opts))
	}
	return out.err
}

// findingWriteText writes one finding: the warning at its anchor, a note
// per site with its source line, the site pairs, the region's note, and
// the explorer's verdict; with verbose, then every race of it.
func findingWriteText(out *raceErrWriter, f *findings.Finding, path string, verbose bool) {
	anchor := racePos(f.Sites[f.Anchor].Pos, path)
	out.printf("%s: warning: %s\n", anchor, findingTitle(f))
	for _, s := range f.Sites {
		out.printf("%s: note: %s\n", racePos(s.Pos, path), siteText(s))
		if src := strings.TrimSpace(s.Source); src != "" {
			out.printf("\t%s\n", src)
		}
	}
	shown := f.SitePairs
	if !verbose && len(shown) > maxSitePairs {
		shown = shown[:maxSitePairs]
	}
	for _, sp := range shown {
		a, b := f.Sites[sp.A], f.Sites[sp.B]
		with := "itself"
		if sp.A != sp.B {
			with = siteRef(b, a.Pos.File)
		}
		out.printf("%s: note: %s races with %s in %s: %s\n", racePos(a.Pos, path), siteRef(a, a.Pos.File), with,
			plural(len(sp.Pairs), "pair", "pairs"), pairList(sp.Pairs))
	}
	if n := len(f.SitePairs) - len(shown); n > 0 {
		out.printf("%s: note: and %d more pairs of sites (-v lists every race)\n", anchor, n)
	}
	if len(f.Also) > 0 {
		also := make([]string, len(f.Also))
		for i, c := range f.Also {
			also[i] = string(c)
		}
		out.printf("%s: note: its other races are %s\n", anchor, strings.Join(also, ", "))
	}
	if n := len(f.Races) - f.New; n > 0 {
		out.printf("%s: note: %d of its %d races suppressed\n", anchor, n, len(f.Races))
	}
	if f.Why != "" {
		out.printf("%s: note: region '%s': %s\n", anchor, f.Region, f.Why)
	}
	if ref, ok := findingVerdict(f); ok && !verbose {
		confirmWriteText(out, raceItem{path: path, pair: ref.Pair, race: ref.Race}, path)
	}
	if verbose {
		for _, ref := range f.Races {
			raceWriteTextOne(out, raceItem{path: path, pair: ref.Pair, race: ref.Race}, path)
		}
	}
}

// maxSitePairs bounds the site pairs a finding lists without -v.
const maxSitePairs = 8

// findingVerdict is the race whose explorer verdict a finding shows: its
// first confirmed race, else its first race the explorer looked at.
func findingVerdict(f *findings.Finding) (findings.Ref, bool) {
	for _, ref := range f.Races {
		if c := ref.Race.Confirmation; c != nil && c.Status == lockset.Confirmed {
			return ref, true
		}
	}
	for _, ref := range f.Races {
		if ref.Race.Confirmation != nil {
			return ref, true
		}
	}
	return findings.Ref{}, false
}

// siteRef is "line 22 (write)", with the file when it is not file.
func siteRef(s findings.Site, file string) string {
	where := "line " + strconv.Itoa(s.Pos.Line)
	if s.Pos.File != file {
		where = s.Pos.File + ":" + strconv.Itoa(s.Pos.Line)
	}
	return where + " (" + string(s.Kind) + ")"
}

// raceWriteTextOne writes one race as a block of its own (-v).
func raceWriteTextOne(out *raceErrWriter, it raceItem, path string) {
	if it.race.Suppressed != "" {
		out.printf("%s: note: suppressed (%s): %s\n", racePos(it.race.Accesses[1].Pos, path), it.race.Suppressed, raceTitle(it))
		return
	}
	out.printf("%s: warning: %s\n", racePos(it.race.Accesses[1].Pos, path), raceTitle(it))
	for _, a := range it.race.Accesses {
		out.printf("%s: note: %s\n", racePos(a.Pos, path), raceAccessText(a))
		if src := raceSource(a); src != "" {
			out.printf("\t%s\n", src)
		}
	}
	if it.race.Why != "" {
		out.printf("%s: note: region '%s': %s\n", racePos(it.race.Accesses[1].Pos, path), it.race.Region, it.race.Why)
	}
	confirmWriteText(out, it, path)
}

// maxPairNotes bounds the inconclusive pairs listed without -v.
const maxPairNotes = 10

// pairNotesText lists the inconclusive pairs (at most maxPairNotes, each
// note capped, without verbose) and, with verbose, the race-free and
// serialised ones.
func pairNotesText(out *raceErrWriter, file *lockset.FileResult, verbose bool) {
	listed, left := 0, 0
	for _, p := range file.Pairs {
		first, second := p.Pair.First.Name(), p.Pair.Second.Name()
		switch {
		case p.Verdict == lockset.Inconclusive && !verbose && listed >= maxPairNotes:
			left++
		case p.Verdict == lockset.Inconclusive:
			note := p.Note
			if !verbose {
				note = capNote(note)
			}
			out.printf("%s: note: pair %s and %s inconclusive%s\n", file.Path, first, second, raceColon(note))
			listed++
		case !verbose:
		case !p.Pair.Concurrent:
			out.printf("%s: note: pair %s and %s not concurrent%s\n", file.Path, first, second, raceColon(p.Pair.Reason))
		case p.Verdict == lockset.RaceFree:
			out.printf("%s: note: pair %s and %s race-free\n", file.Path, first, second)
		}
	}
	if left > 0 {
		out.printf("%s: note: and %d more inconclusive pairs (-v lists them)\n", file.Path, left)
	}
}

// maxNoteParts bounds the "region: reason" parts of a pair's note in text.
const maxNoteParts = 3

// capNote shortens a note of many "; "-separated parts (one per region
// the solver could not decide) to its first few and a count.
func capNote(note string) string {
	parts := strings.Split(note, "; ")
	if len(parts) <= maxNoteParts {
		return note
	}
	return strings.Join(parts[:maxNoteParts], "; ") + "; and " + strconv.Itoa(len(parts)-maxNoteParts) + " more regions"
}

// raceTextSummary is "PATH: N findings on M variables (K racy pairs of P
// concurrent[, I inconclusive])", then what is not shown and why.
func raceTextSummary(file *lockset.FileResult, fs []*findings.Finding, opts Options) string {
	shown, below := 0, 0
	for _, f := range fs {
		switch {
		case f.New == 0:
		case findingShown(f, opts):
			shown++
		default:
			below++
		}
	}
	s := file.Path + ": " + plural(shown, "finding", "findings") + " on " + plural(len(fs), "variable", "variables") +
		" (" + plural(file.RacyPairs(), "racy pair", "racy pairs") + " of " + strconv.Itoa(file.ConcurrentPairs()) + " concurrent"
	if n := file.InconclusivePairs(); n > 0 {
		s += ", " + strconv.Itoa(n) + " inconclusive"
	}
	if n := confirmTimeouts(file); n > 0 {
		s += ", " + strconv.Itoa(n) + " not explored (timeout)"
	}
	s += ")"
	if n := file.Races() - file.NewRaces(); n > 0 {
		s += "; " + plural(n, "race", "races") + " suppressed" + suppressedWhy(file)
	}
	if below > 0 {
		s += "; " + strconv.Itoa(below) + " below --min-rank " + string(opts.MinRank)
	}
	return s
}

// suppressedWhy counts the suppressed races by cause: ": 2 in the
// baseline, 1 by whoop: ignore comments".
func suppressedWhy(file *lockset.FileResult) string {
	baseline, comment := 0, 0
	for _, p := range file.Pairs {
		for _, r := range p.Races {
			switch {
			case r.Suppressed == SuppressedBaseline:
				baseline++
			case r.Suppressed != "":
				comment++
			}
		}
	}
	var parts []string
	if baseline > 0 {
		parts = append(parts, strconv.Itoa(baseline)+" in the baseline")
	}
	if comment > 0 {
		parts = append(parts, strconv.Itoa(comment)+" by whoop: ignore comments")
	}
	return ": " + strings.Join(parts, ", ")
}

// raceColon is ": s", or "" when s is empty.
func raceColon(s string) string {
	if s == "" {
		return ""
	}
	return ": " + s
}
