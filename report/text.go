package report

import (
	"io"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/lockset"
)

// raceWriteText writes gcc-style diagnostics, one block per race, then the
// pair notes and one summary line per file.
func raceWriteText(w io.Writer, files []*lockset.FileResult, opts Options) error {
	out := &raceErrWriter{w: w}
	for _, file := range files {
		for _, it := range raceSorted(file) {
			if it.race.Suppressed != "" {
				// Suppressed races are counted in the summary; -v names them.
				if opts.Verbose {
					out.printf("%s: note: suppressed (%s): %s\n", racePos(it.race.Accesses[1].Pos, file.Path), it.race.Suppressed, raceTitle(it))
				}
				continue
			}
			out.printf("%s: warning: %s\n", racePos(it.race.Accesses[1].Pos, file.Path), raceTitle(it))
			for _, a := range it.race.Accesses {
				out.printf("%s: note: %s\n", racePos(a.Pos, file.Path), raceAccessText(a))
				if src := raceSource(a); src != "" {
					out.printf("\t%s\n", src)
				}
			}
			if it.race.Why != "" {
				out.printf("%s: note: region '%s': %s\n", racePos(it.race.Accesses[1].Pos, file.Path), it.race.Region, it.race.Why)
			}
			confirmWriteText(out, it, file.Path)
		}
		for _, p := range file.Pairs {
			first, second := p.Pair.First.Name(), p.Pair.Second.Name()
			switch {
			case p.Verdict == lockset.Inconclusive:
				out.printf("%s: note: pair %s and %s inconclusive%s\n", file.Path, first, second, raceColon(p.Note))
			case !opts.Verbose:
			case !p.Pair.Concurrent:
				out.printf("%s: note: pair %s and %s not concurrent%s\n", file.Path, first, second, raceColon(p.Pair.Reason))
			case p.Verdict == lockset.RaceFree:
				out.printf("%s: note: pair %s and %s race-free\n", file.Path, first, second)
			}
		}
		if opts.Verbose {
			for _, d := range file.Warnings {
				out.printf("%s: warning: %s\n", racePos(d.Pos, file.Path), d.Msg)
			}
		}
		if status, why := raceStatus(file); status != StatusChecked {
			out.printf("%s: warning: %s\n", file.Path, why)
		}
		out.printf("%s\n", raceTextSummary(file))
	}
	return out.err
}

// raceTextSummary is "PATH: N of M pairs race-free, K potential races[, I inconclusive]".
func raceTextSummary(file *lockset.FileResult) string {
	s := file.Path + ": " + strconv.Itoa(file.RaceFreePairs()) + " of " +
		strconv.Itoa(file.ConcurrentPairs()) + " pairs race-free, " +
		strconv.Itoa(file.Races()) + " potential race"
	if file.Races() != 1 {
		s += "s"
	}
	if n := file.Races() - file.NewRaces(); n > 0 {
		s += " (" + strconv.Itoa(n) + " suppressed" + suppressedWhy(file) + ")"
	}
	if n := file.InconclusivePairs(); n > 0 {
		s += ", " + strconv.Itoa(n) + " inconclusive"
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
