package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// raceFixSerialised is a file whose only pair never runs concurrently.
func raceFixSerialised() *lockset.FileResult {
	ep := raceFixEP("ser_init", ir.RoleInit, "module_init", "", "", ir.Pos{File: "ser.c", Line: 9, Col: 1})
	return &lockset.FileResult{
		Path:        "ser.c",
		EntryPoints: []*ir.EntryPoint{ep},
		Pairs: []lockset.PairResult{{Pair: lockset.Pair{First: ep, Second: ep, Reason: "module loading"},
			Verdict: lockset.NotChecked}},
	}
}

// Nothing checked says so in every format: a warning line that says why,
// and a status field.
func TestWriteRacesNothingChecked(t *testing.T) {
	files := []*lockset.FileResult{raceFixEmpty(), raceFixSerialised(), raceFixClean()}
	text := string(raceWrite(t, Text, files, raceTestOpts))
	for _, want := range []string{
		"empty.c: warning: no entry points found: nothing was checked (",
		"ser.c: warning: all 1 pairs of entry points are serialised: no two entry points can run at the same time, so no access was checked\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(text, "warning: ") != 2 {
		t.Errorf("want exactly two warnings (the clean file was checked):\n%s", text)
	}
	var doc struct {
		Files []struct{ Path, Status, Note string }
	}
	if err := json.Unmarshal(raceWrite(t, JSON, files, raceTestOpts), &doc); err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, f := range doc.Files {
		got = append(got, f.Path+"="+f.Status)
		if (f.Status == StatusChecked) != (f.Note == "") {
			t.Errorf("%s: status %s with note %q", f.Path, f.Status, f.Note)
		}
	}
	if s := strings.Join(got, " "); s != "empty.c=no-entry-points ser.c=all-serialised clean.c=checked" {
		t.Errorf("JSON statuses: %s", s)
	}
	xml := string(raceWrite(t, XML, files, raceTestOpts))
	for _, want := range []string{`<driver path="empty.c" status="no-entry-points" note="no entry points found`, `<driver path="ser.c" status="all-serialised"`, `status="checked"`} {
		if !strings.Contains(xml, want) {
			t.Errorf("XML lacks %q", want)
		}
	}
	rep, err := raceSARIFParse(t, raceWrite(t, SARIF, files, raceTestOpts))
	if err != nil {
		t.Fatalf("SARIF fails schema validation: %v", err)
	}
	inv := rep.Runs[0].Invocations[0]
	if n := len(inv.ToolExecutionNotifications); n != 2 {
		t.Errorf("SARIF: %d notifications, want 2", n)
	}
	if !*inv.ExecutionSuccessful {
		t.Error("SARIF: nothing checked is not a failed execution")
	}
}

// A file that could not be analysed appears in XML, JSON and SARIF, in
// command-line order, with its error.
func TestWriteRacesFileErrors(t *testing.T) {
	files := []*lockset.FileResult{raceFixClean()}
	opts := raceTestOpts
	opts.Errors = []FileError{
		{Path: "broken.c", Index: 0, Msg: "broken.c:1: no model for <linux/nonexistent.h>"},
		{Path: "slow.c", Index: 1, Msg: "slow.c: inconclusive: not finished within --file-timeout 1s"},
	}
	var doc struct {
		Files []struct{ Path, Status, Error string }
	}
	if err := json.Unmarshal(raceWrite(t, JSON, files, opts), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range doc.Files {
		got = append(got, f.Path+"="+f.Status+":"+f.Error)
	}
	want := "broken.c=error:broken.c:1: no model for <linux/nonexistent.h>|clean.c=checked:|slow.c=error:slow.c: inconclusive: not finished within --file-timeout 1s"
	if s := strings.Join(got, "|"); s != want {
		t.Errorf("JSON files:\n got %s\nwant %s", s, want)
	}
	xml := string(raceWrite(t, XML, files, opts))
	if !strings.Contains(xml, "<driver path=\"broken.c\" status=\"error\">\n    <error>broken.c:1: no model for &lt;linux/nonexistent.h&gt;</error>") {
		t.Errorf("XML lacks the broken file:\n%s", xml)
	}
	if strings.Index(xml, `"broken.c"`) > strings.Index(xml, `"clean.c"`) || strings.Index(xml, `"slow.c"`) < strings.Index(xml, `"clean.c"`) {
		t.Errorf("XML files out of order:\n%s", xml)
	}
	rep, err := raceSARIFParse(t, raceWrite(t, SARIF, files, opts))
	if err != nil {
		t.Fatalf("SARIF fails schema validation: %v", err)
	}
	inv := rep.Runs[0].Invocations[0]
	if *inv.ExecutionSuccessful {
		t.Error("SARIF: executionSuccessful true with a file not analysed")
	}
	var errs []string
	for _, n := range inv.ToolExecutionNotifications {
		if n.Level == sarif.LevelError {
			errs = append(errs, *n.Message.Text+"@"+*n.Locations[0].PhysicalLocation.ArtifactLocation.URI)
		}
	}
	if s := strings.Join(errs, "|"); s != "broken.c:1: no model for <linux/nonexistent.h>@broken.c|slow.c: inconclusive: not finished within --file-timeout 1s@slow.c" {
		t.Errorf("SARIF error notifications: %s", s)
	}
	// The text report leaves errors to stderr.
	if text := string(raceWrite(t, Text, files, opts)); strings.Contains(text, "broken.c") {
		t.Errorf("text report names the failed file:\n%s", text)
	}
}
