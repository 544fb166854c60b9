package report

import (
	"strconv"
	"strings"
	"testing"

	"github.com/beevik/etree"

	"github.com/whoopverify/whoop/lockset"
)

// TestWriteRacesXMLRoundTrip parses the XML back and compares it with the
// result it was written from.
func TestWriteRacesXMLRoundTrip(t *testing.T) {
	files := []*lockset.FileResult{raceFixNvram(), raceFixDemo()}
	doc := etree.NewDocument()
	if err := doc.ReadFromBytes(raceWrite(t, XML, files, raceTestOpts)); err != nil {
		t.Fatalf("output is not XML: %v", err)
	}
	root := doc.Root()
	if root == nil || root.Tag != "whoop" || root.SelectAttrValue("version", "") != raceTestOpts.Version {
		t.Fatalf("root = %v, want <whoop version=%q>", root, raceTestOpts.Version)
	}
	drivers := root.SelectElements("driver")
	if len(drivers) != len(files) {
		t.Fatalf("%d <driver> elements, want %d", len(drivers), len(files))
	}
	for i, d := range drivers {
		file := files[i]
		attrs := map[string]int{
			"entrypoints": len(file.EntryPoints), "pairs": len(file.Pairs),
			"concurrent": file.ConcurrentPairs(), "racefree": file.RaceFreePairs(), "racy": file.RacyPairs(),
			"inconclusive": file.InconclusivePairs(), "races": file.Races(),
		}
		if got := d.SelectAttrValue("path", ""); got != file.Path {
			t.Errorf("driver %d path = %q, want %q", i, got, file.Path)
		}
		for k, want := range attrs {
			if got := d.SelectAttrValue(k, ""); got != strconv.Itoa(want) {
				t.Errorf("%s: %s = %q, want %d", file.Path, k, got, want)
			}
		}
		eps := d.SelectElements("entrypoint")
		if len(eps) != len(file.EntryPoints) {
			t.Fatalf("%s: %d entry points, want %d", file.Path, len(eps), len(file.EntryPoints))
		}
		for j, e := range eps {
			ep := file.EntryPoints[j]
			if e.SelectAttrValue("name", "") != ep.Name() || e.SelectAttrValue("role", "") != string(ep.Role) ||
				e.SelectAttrValue("line", "") != strconv.Itoa(ep.Pos.Line) {
				t.Errorf("%s: entry point %d = %v, want %s", file.Path, j, e.Attr, ep.Name())
			}
			if (e.SelectAttr("var") == nil) != (ep.Var == "") {
				t.Errorf("%s: entry point %s: var attribute present = %v, want %v", file.Path, ep.Name(), e.SelectAttr("var") != nil, ep.Var != "")
			}
		}
		pairs := d.SelectElements("pair")
		if len(pairs) != len(file.Pairs) {
			t.Fatalf("%s: %d pairs, want %d", file.Path, len(pairs), len(file.Pairs))
		}
		for j, pe := range pairs {
			p := file.Pairs[j]
			if pe.SelectAttrValue("first", "") != p.Pair.First.Name() || pe.SelectAttrValue("second", "") != p.Pair.Second.Name() ||
				pe.SelectAttrValue("verdict", "") != string(p.Verdict) {
				t.Errorf("%s: pair %d = %v", file.Path, j, pe.Attr)
			}
			if got := pe.SelectAttrValue("reason", ""); got != p.Pair.Reason {
				t.Errorf("%s: pair %d reason = %q, want %q", file.Path, j, got, p.Pair.Reason)
			}
			if got := pe.SelectAttrValue("note", ""); got != p.Note {
				t.Errorf("%s: pair %d note = %q, want %q", file.Path, j, got, p.Note)
			}
			races := pe.SelectElements("race")
			if len(races) != len(p.Races) {
				t.Fatalf("%s: pair %d: %d races, want %d", file.Path, j, len(races), len(p.Races))
			}
			for _, re := range races {
				raceXMLCheckRace(t, re, p)
			}
		}
		if got := len(d.SelectElements("warning")); got != len(file.Warnings) {
			t.Errorf("%s: %d warnings, want %d", file.Path, got, len(file.Warnings))
		}
	}
}

// raceXMLCheckRace finds the race re describes in p and compares every access.
func raceXMLCheckRace(t *testing.T, re *etree.Element, p lockset.PairResult) {
	t.Helper()
	acc := re.SelectElements("access")
	if len(acc) != 2 {
		t.Fatalf("race has %d accesses, want 2", len(acc))
	}
	for _, r := range p.Races {
		if r.Region != re.SelectAttrValue("region", "") || strconv.Itoa(r.Accesses[1].Pos.Line) != acc[1].SelectAttrValue("line", "") {
			continue
		}
		for k, a := range r.Accesses {
			x := acc[k]
			want := map[string]string{
				"entrypoint": a.EntryPoint, "function": a.Func, "kind": string(a.Kind), "mode": a.Mode.String(),
				"file": a.Pos.File, "line": strconv.Itoa(a.Pos.Line), "column": strconv.Itoa(a.Pos.Col),
				"lvalue": a.LValue, "locks": strings.Join(a.Locks, ","),
			}
			for name, v := range want {
				if got := x.SelectAttrValue(name, "<missing>"); got != v {
					t.Errorf("race %s access %d: %s = %q, want %q", r.Region, k, name, got, v)
				}
			}
			if got := x.Text(); got != strings.TrimSpace(a.Source) {
				t.Errorf("race %s access %d: text %q, want %q", r.Region, k, got, strings.TrimSpace(a.Source))
			}
		}
		return
	}
	t.Errorf("race on %s at line %s not in the result", re.SelectAttrValue("region", ""), acc[1].SelectAttrValue("line", ""))
}

// A form feed (common in kernel sources) or invalid UTF-8 must not make the
// XML ill-formed.
func TestWriteRacesXMLControlCharacters(t *testing.T) {
	f := raceFixNvram()
	f.Warnings[0].Msg = "odd\fline"
	f.Pairs[0].Races[1].Accesses[0].Source = "\tfile->f_pos = caf\xe9;" // the race listed first
	doc := etree.NewDocument()
	if err := doc.ReadFromBytes(raceWrite(t, XML, []*lockset.FileResult{f}, Options{})); err != nil {
		t.Fatalf("control character broke the XML: %v", err)
	}
	if got := doc.FindElement("//warning").Text(); got != "odd\uFFFDline" {
		t.Errorf("warning text = %q", got)
	}
	if got := doc.FindElement("//access").Text(); got != "file->f_pos = caf\uFFFD;" {
		t.Errorf("access text = %q", got)
	}
}
