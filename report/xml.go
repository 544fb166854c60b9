package report

import (
	"io"
	"strconv"
	"strings"

	"github.com/beevik/etree"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// raceWriteXML writes <whoop><driver>... with etree, indented two spaces.
// etree replaces characters XML cannot carry (form feeds in C sources,
// invalid UTF-8) with U+FFFD.
func raceWriteXML(w io.Writer, files []*lockset.FileResult, opts Options) error {
	doc := etree.NewDocument()
	doc.WriteSettings.CanonicalText = true // keep quotes in source lines readable
	doc.CreateProcInst("xml", `version="1.0" encoding="UTF-8"`)
	root := doc.CreateElement("whoop")
	cache := findingCache{}
	raceXMLAttr(root, "version", opts.Version)
	for _, e := range raceEntries(files, opts.Errors) {
		if e.fail != nil {
			d := root.CreateElement("driver")
			raceXMLAttr(d, "path", e.fail.Path)
			raceXMLAttr(d, "status", StatusError)
			d.CreateElement("error").SetText(e.fail.Msg)
			continue
		}
		raceXMLDriver(root, e.res, cache.of(e.res))
		if opts.Locks != nil {
			lockXMLErrors(root.ChildElements()[len(root.ChildElements())-1], opts.Locks[e.res.Path])
		}
	}
	doc.Indent(2)
	_, err := doc.WriteTo(w)
	return err
}

func raceXMLDriver(root *etree.Element, file *lockset.FileResult, fs []*findings.Finding) {
	d := root.CreateElement("driver")
	raceXMLAttr(d, "path", file.Path)
	status, why := raceStatus(file)
	raceXMLAttr(d, "status", status)
	raceXMLOptAttr(d, "note", why)
	raceXMLAttr(d, "entrypoints", strconv.Itoa(len(file.EntryPoints)))
	raceXMLAttr(d, "pairs", strconv.Itoa(len(file.Pairs)))
	raceXMLAttr(d, "concurrent", strconv.Itoa(file.ConcurrentPairs()))
	raceXMLAttr(d, "racefree", strconv.Itoa(file.RaceFreePairs()))
	raceXMLAttr(d, "racy", strconv.Itoa(file.RacyPairs()))
	raceXMLAttr(d, "inconclusive", strconv.Itoa(file.InconclusivePairs()))
	raceXMLAttr(d, "races", strconv.Itoa(file.Races()))
	raceXMLAttr(d, "findings", strconv.Itoa(len(fs)))
	for _, p := range file.Parts {
		raceXMLAttr(d.CreateElement("part"), "path", p)
	}
	for _, f := range fs {
		findingXML(d, file.Path, f)
	}
	for _, ep := range file.EntryPoints {
		e := d.CreateElement("entrypoint")
		raceXMLAttr(e, "name", ep.Name())
		raceXMLAttr(e, "role", string(ep.Role))
		raceXMLOptAttr(e, "struct", ep.Struct)
		raceXMLOptAttr(e, "var", ep.Var)
		raceXMLOptAttr(e, "field", ep.Field)
		raceXMLPos(e, ep.Pos)
		if ep.Guessed {
			raceXMLAttr(e, "guessed", "true")
		}
	}
	for i := range file.Pairs {
		raceXMLPair(d, &file.Pairs[i])
	}
	for _, diag := range file.Warnings {
		e := d.CreateElement("warning")
		raceXMLPos(e, diag.Pos)
		e.SetText(diag.Msg)
	}
}

func raceXMLPair(d *etree.Element, p *lockset.PairResult) {
	e := d.CreateElement("pair")
	raceXMLAttr(e, "first", p.Pair.First.Name())
	raceXMLAttr(e, "second", p.Pair.Second.Name())
	raceXMLAttr(e, "verdict", string(p.Verdict))
	if !p.Pair.Concurrent {
		raceXMLOptAttr(e, "reason", p.Pair.Reason)
	}
	raceXMLOptAttr(e, "note", p.Note)
	for _, it := range racePairSorted(p) {
		r := e.CreateElement("race")
		raceXMLAttr(r, "region", it.race.Region)
		raceXMLOptAttr(r, "region-why", it.race.Why)
		raceXMLOptAttr(r, "suppressed", it.race.Suppressed)
		for _, a := range it.race.Accesses {
			x := r.CreateElement("access")
			raceXMLAttr(x, "entrypoint", a.EntryPoint)
			raceXMLAttr(x, "function", a.Func)
			raceXMLAttr(x, "kind", string(a.Kind))
			raceXMLAttr(x, "mode", a.Mode.String())
			raceXMLPos(x, a.Pos)
			raceXMLAttr(x, "lvalue", a.LValue)
			raceXMLAttr(x, "locks", strings.Join(a.Locks, ","))
			if src := raceSource(a); src != "" {
				x.SetText(src)
			}
		}
		confirmXML(r, it.race.Confirmation)
	}
}

// findingXML adds a <finding> with a <site> per site (its holds and
// source) and a <sitepair> per pair of sites (its entry-point pairs).
func findingXML(d *etree.Element, path string, f *findings.Finding) {
	e := d.CreateElement("finding")
	raceXMLAttr(e, "region", f.Region)
	raceXMLOptAttr(e, "region-why", f.Why)
	raceXMLAttr(e, "lvalue", f.LValue)
	raceXMLAttr(e, "class", string(f.Class))
	raceXMLAttr(e, "rank", string(f.Rank))
	if f.Confirmed {
		raceXMLAttr(e, "confirmed", "true")
	}
	raceXMLAttr(e, "reason", f.Reason)
	raceXMLAttr(e, "fingerprint", FindingFingerprint(path, f.Region))
	raceXMLAttr(e, "anchor", strconv.Itoa(f.Anchor))
	raceXMLAttr(e, "races", strconv.Itoa(len(f.Races)))
	raceXMLAttr(e, "new", strconv.Itoa(f.New))
	raceXMLOptAttr(e, "suppressed", f.Suppressed)
	for _, s := range f.Sites {
		x := e.CreateElement("site")
		raceXMLPos(x, s.Pos)
		raceXMLAttr(x, "kind", string(s.Kind))
		raceXMLAttr(x, "mode", s.Mode.String())
		raceXMLAttr(x, "lvalue", s.LValue)
		raceXMLAttr(x, "function", s.Func)
		raceXMLOptAttr(x, "shape", strings.Join(s.Shape, ","))
		for _, h := range s.Holds {
			hx := x.CreateElement("hold")
			raceXMLAttr(hx, "locks", strings.Join(h.Locks, ","))
			raceXMLAttr(hx, "entrypoints", strings.Join(h.EntryPoints, ","))
		}
		if src := strings.TrimSpace(s.Source); src != "" {
			x.CreateElement("source").SetText(src)
		}
	}
	for _, sp := range f.SitePairs {
		x := e.CreateElement("sitepair")
		raceXMLAttr(x, "sites", strconv.Itoa(sp.A)+" "+strconv.Itoa(sp.B))
		for _, p := range sp.Pairs {
			px := x.CreateElement("pair")
			raceXMLAttr(px, "first", p[0])
			raceXMLAttr(px, "second", p[1])
		}
	}
}

// raceXMLPos sets file, line and column when p names a place.
func raceXMLPos(e *etree.Element, p ir.Pos) {
	if !p.IsValid() {
		return
	}
	raceXMLAttr(e, "file", p.File)
	raceXMLAttr(e, "line", strconv.Itoa(p.Line))
	raceXMLAttr(e, "column", strconv.Itoa(p.Col))
}

func raceXMLAttr(e *etree.Element, key, value string) { e.CreateAttr(key, value) }

func raceXMLOptAttr(e *etree.Element, key, value string) {
	if value != "" {
		raceXMLAttr(e, key, value)
	}
}
