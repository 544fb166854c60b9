package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/beevik/etree"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/whoopverify/whoop/lockset"
)

// Lock-discipline findings in the JSON and SARIF documents: a file's
// lockErrors next to its pairs, and one SARIF rule per kind.

type (
	lockJSONError struct {
		Kind        string            `json:"kind"`
		Lock        string            `json:"lock"`
		EntryPoints []string          `json:"entryPoints"`
		Message     string            `json:"message"`
		File        string            `json:"file"`
		Line        int               `json:"line"`
		Column      int               `json:"column"`
		Source      string            `json:"source"`
		Indent      string            `json:"indent,omitempty"`
		Related     []lockJSONRelated `json:"related"`
		Suppressed  string            `json:"suppressed,omitempty"`
	}
	lockJSONRelated struct {
		Message string `json:"message"`
		File    string `json:"file"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Source  string `json:"source"`
		Indent  string `json:"indent,omitempty"`
	}
)

// lockJSONErrors are the findings of res, or nil when the lock checks did
// not run on the file (the field is then left out).
func lockJSONErrors(res *lockset.LockResult) []lockJSONError {
	if res == nil {
		return nil
	}
	out := []lockJSONError{}
	for _, e := range res.Errors {
		f, line, col := raceJSONPos(e.Pos)
		je := lockJSONError{Kind: e.Kind, Lock: e.Lock, EntryPoints: e.EntryPoints, Message: e.Msg,
			File: f, Line: line, Column: col, Source: strings.TrimSpace(e.Source), Indent: indentOf(e.Source), Related: []lockJSONRelated{},
			Suppressed: e.Suppressed}
		for _, r := range e.Related {
			f, line, col := raceJSONPos(r.Pos)
			je.Related = append(je.Related, lockJSONRelated{Message: r.Msg, File: f, Line: line, Column: col, Source: strings.TrimSpace(r.Source), Indent: indentOf(r.Source)})
		}
		out = append(out, je)
	}
	return out
}

// lockSARIFKinds are the rules of the lock checks, in rule-index order
// after the race rule.
var lockSARIFKinds = []struct{ id, name, short string }{
	{lockset.DoubleLock, "DoubleLock", "A lock is acquired while already held on the same path"},
	{lockset.UnlockUnheld, "UnlockUnheld", "A lock is released while not held"},
	{lockset.HeldAtReturn, "LockHeldAtReturn", "An entry point returns holding a lock it acquired"},
	{lockset.OrderInversion, "LockOrderInversion", "Two concurrent entry points take two locks in opposite orders"},
	{lockset.UnidentifiedLock, "UnidentifiedLock", "A locking call whose lock whoop cannot identify, so no lock check covers it (--no-assume lock-identity)"},
}

// lockSARIFAdd adds the lock rules and the findings of locks to run's
// driver; nothing when the lock checks did not run.
func lockSARIFAdd(driver *sarif.ToolComponent, run *sarif.Run, locks []*lockset.LockResult, baseline bool) {
	if locks == nil {
		return
	}
	index := make(map[string]int)
	for i, k := range lockSARIFKinds {
		index[k.id] = i + 1
		props := sarif.NewPropertyBag().WithTags([]string{"concurrency", "locking"})
		driver.AddRule(sarif.NewRule(k.id).WithName(k.name).
			WithShortDescription(sarif.NewMultiformatMessageString().WithText(k.short)).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarif.LevelError)).
			WithProperties(props))
	}
	for _, res := range locks {
		for _, e := range res.Errors {
			r := sarif.NewRuleResult(e.Kind).WithRuleIndex(index[e.Kind]).WithLevel(sarif.LevelError).
				WithMessage(sarif.NewMessage().WithText(raceSARIFEscape(e.Msg))).
				AddLocation(raceSARIFLocation(e.Pos, e.Source, res.Path))
			for i, rel := range e.Related {
				loc := raceSARIFLocation(rel.Pos, rel.Source, res.Path).WithMessage(sarif.NewMessage().WithText(raceSARIFEscape(rel.Msg)))
				loc.ID = i + 1
				r.AddRelatedLocation(loc)
			}
			props := sarif.NewPropertyBag()
			props.Add("lock", e.Lock)
			props.Add("entryPoints", e.EntryPoints)
			r.WithProperties(props)
			r.PartialFingerprints = map[string]string{}
			r.WithAnalysisTarget(sarif.NewArtifactLocation().WithURI(raceSARIFURI(res.Path)))
			run.AddResult(findingSARIF(r, e.Suppressed, LockFingerprint(res.Path, &e), baseline))
		}
	}
}

// lockInconclusiveNote is the SARIF notification of a file whose lock
// checks ended inconclusive, or "".
func lockInconclusiveNote(res *lockset.LockResult) string {
	switch {
	case res.Inconclusive == 0:
		return ""
	case res.Inconclusive == 1:
		return "1 lock check inconclusive (whoop -v lists it)"
	}
	return fmt.Sprintf("%d lock checks inconclusive (whoop -v lists them)", res.Inconclusive)
}

// lockXMLErrors adds a <lockErrors> element to driver d: one <lockError>
// per finding, with a <related> child per related acquire.
func lockXMLErrors(d *etree.Element, res *lockset.LockResult) {
	if res == nil {
		return
	}
	le := d.CreateElement("lockErrors")
	if res.Inconclusive > 0 {
		raceXMLAttr(le, "inconclusive", strconv.Itoa(res.Inconclusive))
	}
	for _, e := range res.Errors {
		x := le.CreateElement("lockError")
		raceXMLAttr(x, "kind", e.Kind)
		raceXMLAttr(x, "lock", e.Lock)
		raceXMLAttr(x, "entrypoints", strings.Join(e.EntryPoints, ","))
		raceXMLPos(x, e.Pos)
		raceXMLAttr(x, "message", e.Msg)
		raceXMLOptAttr(x, "suppressed", e.Suppressed)
		for _, r := range e.Related {
			y := x.CreateElement("related")
			raceXMLAttr(y, "message", r.Msg)
			raceXMLPos(y, r.Pos)
			if src := strings.TrimSpace(r.Source); src != "" {
				y.SetText(src)
			}
		}
	}
}
