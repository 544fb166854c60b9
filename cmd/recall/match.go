package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// The parts of whoop's JSON report the match reads.
type report struct {
	Files []reportFile `json:"files"`
}

type reportFile struct {
	Path        string `json:"path"`
	Status      string `json:"status"`
	Note        string `json:"note"`
	Error       string `json:"error"`
	EntryPoints []struct {
		Name string `json:"name"`
	} `json:"entryPoints"`
	Pairs      []pair    `json:"pairs"`
	Findings   []finding `json:"findings"`
	Serialised []struct {
		First  string `json:"first"`
		Second string `json:"second"`
		Reason string `json:"reason"`
	} `json:"serialised"`
}

type pair struct {
	First   string `json:"first"`
	Second  string `json:"second"`
	Verdict string `json:"verdict"`
	Races   []struct {
		Accesses []access `json:"accesses"`
	} `json:"races"`
}

// finding is one racy variable of the report: its sites, and which
// entry points race through which pairs of them.
type finding struct {
	Sites []struct {
		File   string `json:"file"`
		Line   int    `json:"line"`
		Kind   string `json:"kind"`
		LValue string `json:"lvalue"`
		Func   string `json:"function"`
		Holds  []struct {
			Locks       []string `json:"locks"`
			EntryPoints []string `json:"entryPoints"`
		} `json:"holds"`
	} `json:"sites"`
	SitePairs []struct {
		Pairs [][2]string `json:"pairs"`
	} `json:"sitePairs"`
}

type access struct {
	EntryPoint string   `json:"entryPoint"`
	Function   string   `json:"function"`
	Kind       string   `json:"kind"`
	Mode       string   `json:"mode"`
	LValue     string   `json:"lvalue"`
	File       string   `json:"file"`
	Line       int      `json:"line"`
	Locks      []string `json:"locks"`
}

// sideLines is one side resolved: its file (relative to the tree) and
// either the 1-based numbers of the lines holding one of its texts or the
// function holding its accesses.
type sideLines struct {
	file  string
	lines []int
	fn    string
	entry string
}

func (s sideLines) String() string {
	where := s.fn + "()"
	if s.fn == "" {
		nums := make([]string, len(s.lines))
		for i, n := range s.lines {
			nums[i] = fmt.Sprint(n)
		}
		where = strings.Join(nums, ",")
	}
	if s.entry != "" {
		where += " by " + s.entry
	}
	return filepath.Base(s.file) + ":" + where
}

// has reports whether access x is on this side.
func (s sideLines) has(x access, root string) bool {
	if !sameFile(x.File, s.file, root) || (s.entry != "" && x.EntryPoint != s.entry) {
		return false
	}
	if s.fn != "" {
		return x.Function == s.fn
	}
	return slices.Contains(s.lines, x.Line)
}

// resolveSides finds each side's lines in the files under root (after the
// revert). A side whose code is on no line, or whose function is not
// defined there, is stale case data: an error.
func resolveSides(c *Case, root string) ([]sideLines, error) {
	var out []sideLines
	for _, s := range c.Sides {
		f := c.sideFile(s)
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return nil, fmt.Errorf("side in %s: %w", f, err)
		}
		sl := sideLines{file: f, fn: s.Func, entry: s.Entry}
		if s.Func != "" {
			if !regexp.MustCompile(`(?m)^(?:[^\s#].*)?\b` + regexp.QuoteMeta(s.Func) + `\(`).Match(data) {
				return nil, fmt.Errorf("side %s(): no such function in %s", s.Func, f)
			}
			out = append(out, sl)
			continue
		}
		for i, line := range strings.Split(string(data), "\n") {
			if slices.ContainsFunc(s.Code, func(code string) bool { return strings.Contains(line, code) }) {
				sl.lines = append(sl.lines, i+1)
			}
		}
		if len(sl.lines) == 0 {
			return nil, fmt.Errorf("side %q: not in %s", s.Code, f)
		}
		out = append(out, sl)
	}
	return out, nil
}

// verdict says whether whoop reported a case's race.
type verdict int

const (
	missed  verdict = iota
	partial         // a race on the field at one side, paired with another access
	found           // a race on the field between the two sides
)

// matchResult is the best race of a report for a case.
type matchResult struct {
	verdict verdict
	pair    pair
	acc     [2]access
	// viaFinding: no race printed both sides; a finding's sites did.
	viaFinding bool
}

// match looks for the case's race in whoop's report. A race matches a side
// when one of its accesses is on the side's lines and its lvalue names the
// field; it is found when its two accesses match the two sides (either
// order; a one-sided case needs both accesses on its lines), partial when
// only one does. Pairs whoop proved race-free list no races, so only
// reported races count.
func match(rep *report, field string, sides []sideLines, root string) matchResult {
	fieldRE := fieldPattern(field)
	var best matchResult
	for _, f := range rep.Files {
		for _, p := range f.Pairs {
			for _, r := range p.Races {
				if len(r.Accesses) != 2 {
					continue
				}
				a, b := r.Accesses[0], r.Accesses[1]
				v := raceVerdict(a, b, fieldRE, sides, root)
				if v > best.verdict {
					best = matchResult{verdict: v, pair: p, acc: [2]access{a, b}}
				}
			}
		}
		if best.verdict < found {
			if m, ok := matchFinding(f, fieldRE, sides, root); ok {
				best = m
			}
		}
	}
	return best
}

// matchFinding finds the case in a finding when no single race shows both
// sides: the witness a race prints is one the solver picked, while the
// finding lists every site of the variable with the entry points reaching
// it. The case is found when two sites are on the two sides, reached by
// entry points A and B (the sides' own when the case names them), and A
// and B race on the variable (a site pair lists them).
func matchFinding(f reportFile, fieldRE *regexp.Regexp, sides []sideLines, root string) (matchResult, bool) {
	s0, s1 := sides[0], sides[len(sides)-1]
	for _, fi := range f.Findings {
		racing := map[[2]string]bool{}
		for _, sp := range fi.SitePairs {
			for _, p := range sp.Pairs {
				racing[p] = true
				racing[[2]string{p[1], p[0]}] = true
			}
		}
		// reach lists the accesses of a side: a site on its lines, once per
		// entry point reaching it.
		reach := func(s sideLines) []access {
			var out []access
			for _, st := range fi.Sites {
				for _, h := range st.Holds {
					for _, ep := range h.EntryPoints {
						a := access{EntryPoint: ep, Function: st.Func, Kind: st.Kind, LValue: st.LValue, File: st.File, Line: st.Line, Locks: h.Locks}
						if namesField(a.LValue, fieldRE) && s.has(a, root) {
							out = append(out, a)
						}
					}
				}
			}
			return out
		}
		for _, a := range reach(s0) {
			for _, b := range reach(s1) {
				if (a.Kind == "write" || b.Kind == "write") && racing[[2]string{a.EntryPoint, b.EntryPoint}] {
					return matchResult{verdict: found, pair: pair{First: a.EntryPoint, Second: b.EntryPoint, Verdict: "race"}, acc: [2]access{a, b}, viaFinding: true}, true
				}
			}
		}
	}
	return matchResult{}, false
}

func raceVerdict(a, b access, fieldRE *regexp.Regexp, sides []sideLines, root string) verdict {
	on := func(x access, s sideLines) bool {
		return namesField(x.LValue, fieldRE) && s.has(x, root)
	}
	s0, s1 := sides[0], sides[len(sides)-1]
	switch {
	case on(a, s0) && on(b, s1), on(a, s1) && on(b, s0):
		return found
	case on(a, s0), on(a, s1), on(b, s0), on(b, s1):
		return partial
	}
	return missed
}

// fieldPattern matches an lvalue that names field as a whole identifier.
func fieldPattern(field string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_])` + regexp.QuoteMeta(field) + `([^A-Za-z0-9_]|$)`)
}

// namesField reports whether an lvalue whoop prints accesses field: the
// field is named outside index expressions (udev->buff[udev->head] reads
// buff, not head) and outside the "(in helper)" note.
func namesField(lvalue string, fieldRE *regexp.Regexp) bool {
	lvalue, _, _ = strings.Cut(lvalue, " (in ")
	var b strings.Builder
	depth := 0
	for _, r := range lvalue {
		switch {
		case r == '[':
			depth++
			if depth == 1 {
				b.WriteRune(r)
			}
		case r == ']':
			depth = max(depth-1, 0)
			if depth == 0 {
				b.WriteRune(r)
			}
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return fieldRE.MatchString(b.String())
}

// sameFile reports whether a report's path names the tree-relative file
// rel; whoop prints paths as it was given them, relative to the directory
// it ran in (root), or absolute.
func sameFile(reported, rel, root string) bool {
	if filepath.IsAbs(reported) {
		if r, err := filepath.Rel(root, reported); err == nil {
			reported = r
		}
	}
	return filepath.Clean(reported) == filepath.Clean(rel)
}

// describe is one line for the table: the matched race, or why nothing
// matched when the report says so (the expected entry points were
// serialised, or are not entry points at all).
func describe(m matchResult, rep *report, c *Case) string {
	if m.verdict != missed {
		a, b := m.acc[0], m.acc[1]
		text := fmt.Sprintf("%s/%s: %s", m.pair.First, m.pair.Second, accessText(a)+" vs "+accessText(b))
		if m.viaFinding {
			text += " (sites of one finding; the races print other witnesses)"
		}
		return text
	}
	var why []string
	for _, f := range rep.Files {
		if f.Status != "checked" {
			why = append(why, "status "+f.Status+": "+f.Note+f.Error)
		}
		why = append(why, entryNotes(f, c.entries())...)
	}
	if n := racesOn(rep, c.Field); n > 0 {
		why = append(why, fmt.Sprintf("%d races on %s elsewhere", n, c.Field))
	} else {
		why = append(why, "no race on "+c.Field)
	}
	return strings.Join(why, "; ")
}

func accessText(a access) string {
	locks := "no lock"
	if len(a.Locks) > 0 {
		locks = strings.Join(a.Locks, ",")
	}
	return fmt.Sprintf("%s:%d %s %s (%s)", filepath.Base(a.File), a.Line, a.Kind, a.LValue, locks)
}

// entryNotes says which expected entry points whoop did not find, and
// whether it serialised the pair of the two.
func entryNotes(f reportFile, entries []string) []string {
	var out []string
	for _, e := range entries {
		if !slices.ContainsFunc(f.EntryPoints, func(ep struct {
			Name string `json:"name"`
		}) bool {
			return ep.Name == e
		}) {
			out = append(out, "no entry point "+e)
		}
	}
	if len(entries) == 2 {
		for _, s := range f.Serialised {
			if (s.First == entries[0] && s.Second == entries[1]) || (s.First == entries[1] && s.Second == entries[0]) {
				out = append(out, "serialised: "+s.Reason)
			}
		}
	}
	return out
}

// racesOn counts the reported races with an access on field.
func racesOn(rep *report, field string) int {
	re := fieldPattern(field)
	n := 0
	for _, f := range rep.Files {
		for _, p := range f.Pairs {
			for _, r := range p.Races {
				if slices.ContainsFunc(r.Accesses, func(a access) bool { return namesField(a.LValue, re) }) {
					n++
				}
			}
		}
	}
	return n
}

func parseReport(data []byte) (*report, error) {
	var rep report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("whoop's JSON report: %w", err)
	}
	return &rep, nil
}
