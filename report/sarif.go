package report

import (
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// raceSARIFRuleID is the one rule whoop reports.
const raceSARIFRuleID = "data-race"

// raceSARIFSchema is the schema URI GitHub's documentation uses.
const raceSARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// raceWriteSARIF writes one SARIF 2.1.0 run with one result per finding.
func raceWriteSARIF(w io.Writer, files []*lockset.FileResult, opts Options) error {
	rep := raceSARIFReport(files, opts)
	if err := rep.PrettyWrite(w); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// raceSARIFReport builds the log. Tests validate it against the schema that
// go-sarif embeds; it marshals to exactly the bytes raceWriteSARIF writes.
func raceSARIFReport(files []*lockset.FileResult, opts Options) *sarif.Report {
	driver := sarif.NewToolComponent().WithName("whoop")
	if opts.Version != "" {
		driver.WithVersion(opts.Version)
	}
	driver.AddRule(raceSARIFRule())

	// Inconclusive pairs and front-end warnings are not alerts, but a reader of
	// the log must see that the verdict is incomplete.
	inv := sarif.NewInvocation()
	inv.ExecutionSuccessful = new(true)

	run := sarif.NewRun().WithTool(sarif.NewTool().WithDriver(driver)).WithColumnKind("unicodeCodePoints")
	// Every result names the driver file it is about (analysisTarget) and
	// every notification too (property "file"), so whoop merge can join
	// the logs of a sweep's shards into this run's bytes.
	notify := func(n *sarif.Notification, path string) {
		n.WithProperties(sarif.NewPropertyBag().Add("file", path))
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	cache := findingCache{}
	for _, e := range raceEntries(files, opts.Errors) {
		if e.fail != nil {
			// The run did not analyse this file: an error notification,
			// and the invocation did not succeed.
			n := raceSARIFNotification(e.fail.Msg, raceSARIFLocation(ir.Pos{}, "", e.fail.Path))
			n.Level = sarif.LevelError
			notify(n, e.fail.Path)
			inv.ExecutionSuccessful = new(false)
			continue
		}
		file := e.res
		target := sarif.NewArtifactLocation().WithURI(raceSARIFURI(file.Path))
		if status, why := raceStatus(file); status != StatusChecked {
			notify(raceSARIFNotification(why, raceSARIFLocation(ir.Pos{}, "", file.Path)), file.Path)
		}
		for _, f := range cache.of(file) {
			if f.Rank.AtLeast(opts.MinRank) {
				run.AddResult(findingSARIFResult(f, file.Path, opts.Baseline).WithAnalysisTarget(target))
			}
		}
		for _, p := range file.Pairs {
			if p.Verdict != lockset.Inconclusive {
				continue
			}
			msg := "pair " + p.Pair.First.Name() + " and " + p.Pair.Second.Name() + " inconclusive" + raceColon(p.Note)
			notify(raceSARIFNotification(msg, raceSARIFLocation(ir.Pos{}, "", file.Path)), file.Path)
			// An open result, so code scanning shows what was not decided:
			// anchored at the second entry point's registration.
			at := p.Pair.Second.Pos
			open := sarif.NewRuleResult(raceSARIFRuleID).WithRuleIndex(0).WithKind("open").WithLevel("none").
				WithMessage(sarif.NewMessage().WithText(raceSARIFEscape("Pair "+msg[len("pair "):]) + ": whoop could not decide whether they race.")).
				AddLocation(raceSARIFLocation(at, "", file.Path)).WithAnalysisTarget(target)
			run.AddResult(open)
		}
		for _, d := range file.Warnings {
			notify(raceSARIFNotification(d.Msg, raceSARIFLocation(d.Pos, "", file.Path)), file.Path)
		}
	}
	lockSARIFAdd(driver, run, opts.lockResults(files), opts.Baseline)
	for _, l := range opts.lockResults(files) {
		if msg := lockInconclusiveNote(l); msg != "" {
			notify(raceSARIFNotification(msg, raceSARIFLocation(ir.Pos{}, "", l.Path)), l.Path)
		}
	}
	run.AddInvocation(inv)

	rep := sarif.NewReport()
	rep.Schema = raceSARIFSchema
	rep.AddRun(run)
	return rep
}

func raceSARIFRule() *sarif.ReportingDescriptor {
	help := "whoop proved neither that the two entry points never run at the same time nor that " +
		"they hold a common lock at these accesses; at least one access writes and at least one is " +
		"plain (neither atomic nor marked). " +
		"Protect both accesses with the same lock, make them atomic or marked " +
		"(READ_ONCE/WRITE_ONCE) if the race is intended, or show that the entry points cannot overlap."
	props := sarif.NewPropertyBag().WithTags([]string{"concurrency", "data-race"})
	props.Add("precision", "medium")
	return sarif.NewRule(raceSARIFRuleID).
		WithName("DataRace").
		WithShortDescription(sarif.NewMultiformatMessageString().WithText("Potential data race between driver entry points")).
		WithFullDescription(sarif.NewMultiformatMessageString().WithText(
			"Two entry points of a driver that the kernel may run concurrently access the same memory, " +
				"at least one of them writes, at least one is a plain access, and no common lock is held at both.")).
		WithHelp(sarif.NewMultiformatMessageString().WithText(help)).
		WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarif.LevelWarning)).
		WithProperties(props)
}

// raceSARIFLocation places pos, whose line is source: the region runs from
// pos to the end of the line (or one character when the line is unknown).
// A position that names no place stands for the whole file path.
func raceSARIFLocation(pos ir.Pos, source, path string) *sarif.Location {
	if !pos.IsValid() {
		return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
			WithArtifactLocation(sarif.NewArtifactLocation().WithURI(raceSARIFURI(path))))
	}
	start := raceSARIFColumn(source, pos.Col)
	end := raceSARIFColumn(source, len(strings.TrimRight(source, " \t\r\f\v"))+1)
	if end <= start {
		end = start + 1
	}
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
		WithArtifactLocation(sarif.NewArtifactLocation().WithURI(raceSARIFURI(pos.File))).
		WithRegion(sarif.NewRegion().
			WithStartLine(pos.Line).WithStartColumn(start).
			WithEndLine(pos.Line).WithEndColumn(end)))
}

// raceSARIFColumn converts a 1-based byte column in line to the 1-based
// code-point column the run declares (columnKind unicodeCodePoints).
func raceSARIFColumn(line string, col int) int {
	if col < 1 {
		return 1
	}
	if col-1 > len(line) {
		return col
	}
	return utf8.RuneCountInString(line[:col-1]) + 1
}

// raceSARIFURI is the path as a URI reference: relative paths stay relative,
// absolute ones become file:// URIs.
func raceSARIFURI(path string) string {
	p := filepath.ToSlash(path)
	if strings.HasPrefix(p, "/") {
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

// raceSARIFEscape escapes the brackets SARIF reads as embedded links
// ("dev->buf[i]" in a message would otherwise start a link).
func raceSARIFEscape(s string) string {
	return strings.NewReplacer(`[`, `\[`, `]`, `\]`).Replace(s)
}

func raceSARIFNotification(msg string, loc *sarif.Location) *sarif.Notification {
	n := sarif.NewNotification()
	n.Level = sarif.LevelWarning
	n.Message = sarif.NewMessage().WithText(raceSARIFEscape(msg))
	n.Locations = append(n.Locations, loc)
	return n
}

// findingSARIF adds whoop's fingerprint to a finding's result, and its
// suppression: a whoop: ignore comment is an in-source suppression with
// its reason; with a baseline, baselineState says whether it is new.
func findingSARIF(r *sarif.Result, suppressed, fingerprint string, baseline bool) *sarif.Result {
	r.PartialFingerprints[FingerprintKey] = fingerprint
	if reason, ok := strings.CutPrefix(suppressed, "comment"); ok {
		r.AddSuppression(sarif.NewSuppression().WithKind("inSource").WithStatus("accepted").
			WithJustification(strings.TrimPrefix(reason, ": ")))
	}
	if baseline {
		state := "new"
		if suppressed == SuppressedBaseline {
			state = "unchanged"
		}
		r.WithBaselineState(state)
	}
	return r
}
