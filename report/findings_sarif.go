package report

import (
	"strconv"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/whoopverify/whoop/findings"
)

// FindingKey is the SARIF partialFingerprints key of a race finding's
// fingerprint (FindingFingerprint): the file and the variable, so code
// scanning keeps an alert across line moves. The races it folds keep
// their own fingerprints (RaceFingerprint) in the property
// raceFingerprints, which baselines match.
const FindingKey = "whoopVariable/v1"

// findingSARIFResult is the alert for one finding: anchored at its anchor
// site, every site related (ids 1...), the level and rank from its rank,
// and with --confirm the interleaving of its confirmed race as a codeFlow.
func findingSARIFResult(f *findings.Finding, path string, baseline bool) *sarif.Result {
	title := findingTitle(f)
	msg := strings.ToUpper(title[:1]) + raceSARIFEscape(title[1:]) + "; sites:"
	related := make([]*sarif.Location, len(f.Sites))
	for i, s := range f.Sites {
		msg += " [" + siteRef(s, f.Sites[f.Anchor].Pos.File) + "](" + strconv.Itoa(i+1) + ")"
		related[i] = raceSARIFLocation(s.Pos, s.Source, path).WithMessage(sarif.NewMessage().WithText(raceSARIFEscape(siteText(s))))
		related[i].ID = i + 1
	}
	anchor := f.Sites[f.Anchor]
	primary := raceSARIFLocation(anchor.Pos, anchor.Source, path).WithMessage(sarif.NewMessage().WithText(raceSARIFEscape(siteText(anchor))))
	fp := FindingFingerprint(path, f.Region)

	props := sarif.NewPropertyBag()
	props.Add("region", f.Region)
	if f.Why != "" {
		props.Add("regionWhy", f.Why)
	}
	props.Add("class", string(f.Class))
	props.Add("rank", string(f.Rank))
	props.Add("reason", f.Reason)
	if len(f.Also) > 0 {
		also := make([]string, len(f.Also))
		for i, c := range f.Also {
			also[i] = string(c)
		}
		props.Add("alsoClasses", also)
	}
	// Maps, not structs: a log read back writes its keys sorted.
	pairs := []map[string]any{}
	for _, sp := range f.SitePairs {
		eps := make([]string, len(sp.Pairs))
		for i, ep := range sp.Pairs {
			eps[i] = ep[0] + " × " + ep[1]
		}
		pairs = append(pairs, map[string]any{"sites": []int{sp.A + 1, sp.B + 1}, "pairs": eps})
	}
	props.Add("sitePairs", pairs)
	races := make([]string, len(f.Races))
	for i, ref := range f.Races {
		races[i] = RaceFingerprint(path, ref.Race)
	}
	props.Add("raceFingerprints", races)

	res := sarif.NewRuleResult(raceSARIFRuleID).
		WithRuleIndex(0).
		WithLevel(findingLevel(f)).
		WithRank(f.Score()).
		WithMessage(sarif.NewMessage().WithText(msg)).
		AddLocation(primary).
		WithPartialFingerprints(map[string]string{"primaryLocationLineHash": fp + ":1", FindingKey: fp}).
		WithProperties(props)
	for _, l := range related {
		res.AddRelatedLocation(l)
	}
	if ref, ok := findingVerdict(f); ok {
		confirmSARIF(res, raceItem{path: path, pair: ref.Pair, race: ref.Race})
	}
	findingSARIFSuppression(res, f, baseline)
	return res
}

// findingLevel: a confirmed race is an error, a low-ranked finding a note.
func findingLevel(f *findings.Finding) string {
	switch {
	case f.Confirmed:
		return sarif.LevelError
	case f.Rank == findings.Low:
		return sarif.LevelNote
	}
	return sarif.LevelWarning
}

// findingSARIFSuppression: a finding whose races whoop: ignore comments
// all suppress is suppressed in source; with a baseline, it is new (no
// race in the baseline), unchanged (all) or updated (some).
func findingSARIFSuppression(r *sarif.Result, f *findings.Finding, baseline bool) {
	if reason, ok := strings.CutPrefix(f.Suppressed, "comment"); ok {
		r.AddSuppression(sarif.NewSuppression().WithKind("inSource").WithStatus("accepted").
			WithJustification(strings.TrimPrefix(reason, ": ")))
	}
	if !baseline {
		return
	}
	old := 0
	for _, ref := range f.Races {
		if ref.Race.Suppressed == SuppressedBaseline {
			old++
		}
	}
	state := "updated"
	switch old {
	case 0:
		state = "new"
	case len(f.Races):
		state = "unchanged"
	}
	r.WithBaselineState(state)
}
