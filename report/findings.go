package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/lockset"
)

// What every format says of a finding (findings.Finding: one racy
// variable, its sites and the pairs that race through them).

// findingShown: the finding is reported (some race of it is not
// suppressed) and ranks at least opts.MinRank.
func findingShown(f *findings.Finding, opts Options) bool {
	return f.New > 0 && f.Rank.AtLeast(opts.MinRank)
}

// findingTitle: "potential race on 'dev->count': REASON [stale-read, low]".
func findingTitle(f *findings.Finding) string {
	return fmt.Sprintf("potential race on '%s': %s [%s]", f.LValue, f.Reason, findingTag(f))
}

// findingTag is "stale-read, low", or "stale-read, confirmed".
func findingTag(f *findings.Finding) string {
	if f.Confirmed {
		return string(f.Class) + ", confirmed"
	}
	return string(f.Class) + ", " + string(f.Rank)
}

// maxNames bounds the entry points a text line lists.
const maxNames = 6

// nameList is "a, b, c" or "a, b, c, d, e, f and 7 more".
func nameList(names []string) string {
	if len(names) <= maxNames {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:maxNames], ", ") + " and " + strconv.Itoa(len(names)-maxNames) + " more"
}

// siteText describes a site without its position: "read in show_temp,
// holding no lock (from show_temp, show_in); holding lock (from update)"
// (the entry points left out when the site is the only one's own code).
func siteText(s findings.Site) string {
	var b strings.Builder
	b.WriteString(string(s.Kind))
	if s.Mode.String() != "plain" {
		b.WriteString(" (" + s.Mode.String() + ")")
	}
	b.WriteString(" in " + s.Func)
	for i, h := range s.Holds {
		if i > 0 {
			b.WriteString(";")
		}
		b.WriteString(", holding " + holdText(h.Locks))
		if len(s.Holds) > 1 || len(h.EntryPoints) != 1 || h.EntryPoints[0] != s.Func {
			b.WriteString(" (from " + nameList(h.EntryPoints) + ")")
		}
	}
	if len(s.Shape) > 0 {
		b.WriteString(" [" + strings.Join(s.Shape, ", ") + "]")
	}
	return b.String()
}

func holdText(locks []string) string {
	if len(locks) == 0 {
		return "no lock"
	}
	return strings.Join(locks, ", ")
}

// pairList is "a × b, c × d" capped as nameList.
func pairList(pairs [][2]string) string {
	names := make([]string, len(pairs))
	for i, p := range pairs {
		names[i] = p[0] + " × " + p[1]
	}
	return nameList(names)
}

// plural is "1 finding" or "3 findings".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// fileFindings computes the findings of file once per writer call.
type findingCache map[*lockset.FileResult][]*findings.Finding

func (c findingCache) of(file *lockset.FileResult) []*findings.Finding {
	fs, ok := c[file]
	if !ok {
		fs = findings.Of(file)
		c[file] = fs
	}
	return fs
}

// The JSON form of a finding.
type (
	raceJSONFinding struct {
		Region      string             `json:"region"`
		Why         string             `json:"regionWhy,omitempty"`
		LValue      string             `json:"lvalue"`
		Class       string             `json:"class"`
		Also        []string           `json:"alsoClasses,omitempty"` // the classes of its other races
		Rank        string             `json:"rank"`
		Confirmed   bool               `json:"confirmed,omitempty"`
		Reason      string             `json:"reason"`
		Fingerprint string             `json:"fingerprint"`
		Anchor      int                `json:"anchor"` // the site the finding is reported at
		Sites       []raceJSONSite     `json:"sites"`
		SitePairs   []raceJSONSitePair `json:"sitePairs"`
		Races       int                `json:"races"`
		NewRaces    int                `json:"newRaces"`             // not suppressed
		Suppressed  string             `json:"suppressed,omitempty"` // when every race is
	}
	raceJSONSite struct {
		File     string         `json:"file"`
		Line     int            `json:"line"`
		Column   int            `json:"column"`
		Kind     string         `json:"kind"`
		Mode     string         `json:"mode"`
		LValue   string         `json:"lvalue"`
		Function string         `json:"function"`
		Source   string         `json:"source"`
		Shape    []string       `json:"shape,omitempty"`
		Holds    []raceJSONHold `json:"holds"`
	}
	raceJSONHold struct {
		Locks       []string `json:"locks"`
		EntryPoints []string `json:"entryPoints"`
	}
	raceJSONSitePair struct {
		Sites [2]int      `json:"sites"` // indexes into sites
		Pairs [][2]string `json:"pairs"` // the entry-point pairs that race through them
	}
)

func findingsJSON(path string, fs []*findings.Finding) []raceJSONFinding {
	out := []raceJSONFinding{}
	for _, f := range fs {
		jf := raceJSONFinding{Region: f.Region, Why: f.Why, LValue: f.LValue, Class: string(f.Class), Rank: string(f.Rank),
			Confirmed: f.Confirmed, Reason: f.Reason, Fingerprint: FindingFingerprint(path, f.Region), Anchor: f.Anchor,
			Sites: []raceJSONSite{}, SitePairs: []raceJSONSitePair{}, Races: len(f.Races), NewRaces: f.New, Suppressed: f.Suppressed}
		for _, c := range f.Also {
			jf.Also = append(jf.Also, string(c))
		}
		for _, s := range f.Sites {
			file, line, col := raceJSONPos(s.Pos)
			js := raceJSONSite{File: file, Line: line, Column: col, Kind: string(s.Kind), Mode: s.Mode.String(), LValue: s.LValue,
				Function: s.Func, Source: strings.TrimSpace(s.Source), Shape: s.Shape, Holds: []raceJSONHold{}}
			for _, h := range s.Holds {
				locks := h.Locks
				if locks == nil {
					locks = []string{}
				}
				js.Holds = append(js.Holds, raceJSONHold{Locks: locks, EntryPoints: h.EntryPoints})
			}
			jf.Sites = append(jf.Sites, js)
		}
		for _, sp := range f.SitePairs {
			jf.SitePairs = append(jf.SitePairs, raceJSONSitePair{Sites: [2]int{sp.A, sp.B}, Pairs: sp.Pairs})
		}
		out = append(out, jf)
	}
	return out
}
