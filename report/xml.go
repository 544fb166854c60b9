package report

import (
	"io"
	"strconv"
	"strings"

	"github.com/beevik/etree"

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
	raceXMLAttr(root, "version", opts.Version)
	for _, e := range raceEntries(files, opts.Errors) {
		if e.fail != nil {
			d := root.CreateElement("driver")
			raceXMLAttr(d, "path", e.fail.Path)
			raceXMLAttr(d, "status", StatusError)
			d.CreateElement("error").SetText(e.fail.Msg)
			continue
		}
		raceXMLDriver(root, e.res)
		if opts.Locks != nil {
			lockXMLErrors(root.ChildElements()[len(root.ChildElements())-1], opts.Locks[e.res.Path])
		}
	}
	doc.Indent(2)
	_, err := doc.WriteTo(w)
	return err
}

func raceXMLDriver(root *etree.Element, file *lockset.FileResult) {
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
	for _, p := range file.Parts {
		raceXMLAttr(d.CreateElement("part"), "path", p)
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
