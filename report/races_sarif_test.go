package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// raceSARIFParse reads written SARIF back, checks that nothing was lost on
// the way (re-encoding gives the same bytes, so validating the parsed log
// validates the document), and validates it against the SARIF 2.1.0 schema.
func raceSARIFParse(t *testing.T, out []byte) (*sarif.Report, error) {
	t.Helper()
	rep, err := sarif.FromBytes(out, sarif.WithStrictValidation())
	if err != nil {
		t.Fatalf("output is not SARIF JSON: %v", err)
	}
	var again bytes.Buffer
	if err := rep.PrettyWrite(&again); err != nil {
		t.Fatal(err)
	}
	if again.String()+"\n" != string(out) {
		t.Fatalf("SARIF does not survive a parse: validation would not cover what was written\n--- written\n%s\n--- reparsed\n%s", out, again.String())
	}
	return rep, rep.Validate()
}

func TestWriteRacesSARIFValid(t *testing.T) {
	for _, c := range raceCases() {
		out := raceWrite(t, SARIF, c.files(), raceTestOpts)
		if _, err := raceSARIFParse(t, out); err != nil {
			t.Errorf("%s: SARIF fails schema validation: %v", c.name, err)
		}
	}
}

// The validation is real: documents that break the schema are rejected.
func TestWriteRacesSARIFBrokenFails(t *testing.T) {
	out := string(raceWrite(t, SARIF, []*lockset.FileResult{raceFixNvram()}, raceTestOpts))
	for name, broken := range map[string]string{
		"bad level":       strings.Replace(out, `"level": "warning"`, `"level": "severe"`, 1),
		"line 0":          strings.Replace(out, `"startLine": 54`, `"startLine": 0`, 1),
		"bad version":     strings.Replace(out, `"version": "2.1.0"`, `"version": "2.0.0"`, 1),
		"kind not a enum": strings.Replace(out, `"kind": "fail"`, `"kind": "failure"`, 1),
	} {
		if broken == out {
			t.Fatalf("%s: the replacement did not apply", name)
		}
		rep, err := sarif.FromBytes([]byte(broken), sarif.WithStrictValidation())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := rep.Validate(); err == nil {
			t.Errorf("%s: broken SARIF passed validation", name)
		}
	}
	// A result without a message breaks the schema too (built, not parsed).
	rep := raceSARIFReport([]*lockset.FileResult{raceFixNvram()}, raceTestOpts)
	rep.Runs[0].Results[0].Message = nil
	if err := rep.Validate(); err == nil {
		t.Error("result without message passed validation")
	}
}

// raceSARIFDoc is the part of the log the tests look at, decoded independently
// of go-sarif.
type raceSARIFDoc struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Name    string `json:"name"`
				Version string `json:"version"`
				Rules   []struct {
					ID                   string `json:"id"`
					DefaultConfiguration struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
					Properties map[string]any `json:"properties"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		// Open: the results of kind "open" (inconclusive pairs), moved
		// out of Results by raceSARIFDecode.
		Open        []raceSARIFRes
		Results     []raceSARIFRes `json:"results"`
		Invocations []struct {
			Notifications []struct {
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
	} `json:"runs"`
}

type raceSARIFRes struct {
	Kind      string  `json:"kind"`
	RuleID    string  `json:"ruleId"`
	RuleIndex int     `json:"ruleIndex"`
	Level     string  `json:"level"`
	Rank      float64 `json:"rank"`
	Message   struct {
		Text string `json:"text"`
	} `json:"message"`
	Locations        []raceSARIFLoc    `json:"locations"`
	RelatedLocations []raceSARIFLoc    `json:"relatedLocations"`
	Fingerprints     map[string]string `json:"partialFingerprints"`
	Properties       map[string]any    `json:"properties"`
	BaselineState    string            `json:"baselineState"`
	Suppressions     []struct {
		Kind          string `json:"kind"`
		Justification string `json:"justification"`
	} `json:"suppressions"`
}

type raceSARIFLoc struct {
	ID       int `json:"id"`
	Physical struct {
		Artifact struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region struct {
			StartLine   int `json:"startLine"`
			StartColumn int `json:"startColumn"`
			EndLine     int `json:"endLine"`
			EndColumn   int `json:"endColumn"`
		} `json:"region"`
	} `json:"physicalLocation"`
	Message struct {
		Text string `json:"text"`
	} `json:"message"`
}

func raceSARIFDecode(t *testing.T, files []*lockset.FileResult) raceSARIFDoc {
	t.Helper()
	return raceSARIFDecodeOpts(t, files, raceTestOpts)
}

func raceSARIFDecodeOpts(t *testing.T, files []*lockset.FileResult, opts Options) raceSARIFDoc {
	t.Helper()
	var doc raceSARIFDoc
	if err := json.Unmarshal(raceWrite(t, SARIF, files, opts), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(doc.Runs))
	}
	var races []raceSARIFRes
	for _, r := range doc.Runs[0].Results {
		if r.Kind == "open" {
			doc.Runs[0].Open = append(doc.Runs[0].Open, r)
		} else {
			races = append(races, r)
		}
	}
	doc.Runs[0].Results = races
	return doc
}

func TestWriteRacesSARIFContent(t *testing.T) {
	doc := raceSARIFDecode(t, []*lockset.FileResult{raceFixNvram(), raceFixDemo()})
	run := doc.Runs[0]
	d := run.Tool.Driver
	if d.Name != "whoop" || d.Version != raceTestOpts.Version || len(d.Rules) != 1 || d.Rules[0].ID != "data-race" ||
		d.Rules[0].DefaultConfiguration.Level != "warning" || d.Rules[0].Properties["precision"] != "medium" {
		t.Errorf("tool driver = %+v", d)
	}
	if len(run.Results) != 5 {
		t.Fatalf("%d results, want 5 (one per finding)", len(run.Results))
	}
	r := run.Results[0] // f_pos: two races, three sites, anchored at its read at 41:13
	if r.RuleID != "data-race" || r.RuleIndex != 0 || r.Level != "warning" || r.Rank != 40 {
		t.Errorf("result rule/level/rank = %q %d %q %v", r.RuleID, r.RuleIndex, r.Level, r.Rank)
	}
	if want := "Potential race on 'file->f_pos': read at line 41 and written at line 52 with no lock in common \\[read-write, medium\\]; " +
		"sites: [line 41 (read)](1) [line 52 (write)](2) [line 54 (read)](3)"; r.Message.Text != want {
		t.Errorf("message = %q, want %q", r.Message.Text, want)
	}
	p := r.Locations[0].Physical
	// "\t\toffset += file->f_pos;": the access starts at column 13, the line ends before column 25.
	if p.Artifact.URI != "driver.c" || p.Region.StartLine != 41 || p.Region.StartColumn != 13 || p.Region.EndLine != 41 || p.Region.EndColumn != 25 {
		t.Errorf("primary location = %+v", p)
	}
	rel := r.RelatedLocations
	if len(rel) != 3 || rel[1].ID != 2 || rel[1].Physical.Region.StartLine != 52 || rel[1].Physical.Region.StartColumn != 2 ||
		rel[1].Message.Text != "write in nvram_llseek, holding no lock" {
		t.Errorf("related locations = %+v", rel)
	}
	if fps, _ := r.Properties["raceFingerprints"].([]any); r.Properties["region"] != "struct file.f_pos" || len(fps) != 2 ||
		r.Properties["class"] != "read-write" || r.Properties["rank"] != "medium" {
		t.Errorf("properties = %v", r.Properties)
	}
	// Demo: a path with directories, code-point columns, a low finding a note.
	var buf, marked *raceSARIFLoc
	for i := range run.Results {
		res := &run.Results[i]
		if strings.Contains(res.Message.Text, "'dev->buf'") {
			buf = &res.RelatedLocations[0]
		}
		if strings.Contains(res.Message.Text, "'dev->count'") {
			marked = &res.RelatedLocations[1]
			if res.Level != "note" {
				t.Errorf("stale read: level %q, want note", res.Level)
			}
		}
	}
	if buf == nil || marked == nil {
		t.Fatal("demo findings missing from SARIF")
	}
	if buf.Physical.Artifact.URI != "drivers/demo/demo.c" || !strings.Contains(buf.Message.Text, "write in demo_irq") {
		t.Errorf("buf finding related location = %+v", buf)
	}
	// "\tn = READ_ONCE(dev->count); /* naïve */" is 40 bytes but 39 code points.
	if marked.Physical.Region.StartColumn != 6 || marked.Physical.Region.EndColumn != 40 {
		t.Errorf("marked access region = %+v, want columns 6..40", marked.Physical.Region)
	}
	// Each inconclusive pair is also an open result.
	if len(run.Open) != 2 || run.Open[0].Level != "none" ||
		run.Open[0].Message.Text != "Pair write_nvram and nvram_unlocked_ioctl inconclusive: timeout after 10s: whoop could not decide whether they race." {
		t.Errorf("open results = %+v", run.Open)
	}
	notes := run.Invocations[0].Notifications
	if len(notes) != 4 || notes[0].Message.Text != "pair write_nvram and nvram_unlocked_ioctl inconclusive: timeout after 10s" {
		t.Errorf("notifications = %+v", notes)
	}
	// --min-rank drops the findings below it from the log.
	low := 0
	for _, r := range raceSARIFDecodeOpts(t, []*lockset.FileResult{raceFixDemo()}, Options{MinRank: findings.Medium}).Runs[0].Results {
		if r.Level == "note" {
			low++
		}
	}
	if low != 0 {
		t.Errorf("--min-rank medium: %d low findings in the log", low)
	}
}

func TestWriteRacesSARIFEscapesBrackets(t *testing.T) {
	f := raceFixDemo()
	for i := range f.Pairs {
		for j := range f.Pairs[i].Races {
			for k := range 2 {
				f.Pairs[i].Races[j].Accesses[k].LValue = "dev->buf[i]"
			}
		}
	}
	doc := raceSARIFDecode(t, []*lockset.FileResult{f})
	for _, r := range doc.Runs[0].Results {
		if !strings.Contains(r.Message.Text, `'dev->buf\[i\]'`) || !strings.HasSuffix(r.Message.Text, "](2)") {
			t.Errorf("message %q: brackets not escaped or link lost", r.Message.Text)
		}
	}
}

// Fingerprints follow the variable, not its line numbers, its source
// lines or its witnesses: code scanning and baselines keep the alert.
func TestWriteRacesSARIFFingerprints(t *testing.T) {
	fingerprints := func(f *lockset.FileResult) []string {
		var out []string
		for _, r := range raceSARIFDecode(t, []*lockset.FileResult{f}).Runs[0].Results {
			if r.Fingerprints[FindingKey]+":1" != r.Fingerprints["primaryLocationLineHash"] {
				t.Errorf("fingerprints %v: the line hash is not the finding's", r.Fingerprints)
			}
			out = append(out, r.Fingerprints[FindingKey])
		}
		return out
	}
	base := fingerprints(raceFixNvram())
	moved := raceFixNvram()
	for i := range moved.Pairs {
		for j := range moved.Pairs[i].Races {
			for k := range moved.Pairs[i].Races[j].Accesses {
				moved.Pairs[i].Races[j].Accesses[k].Pos.Line += 7
				moved.Pairs[i].Races[j].Accesses[k].Source = "  " + moved.Pairs[i].Races[j].Accesses[k].Source
			}
		}
	}
	if got := fingerprints(moved); strings.Join(got, " ") != strings.Join(base, " ") {
		t.Errorf("fingerprints changed when the code moved: %v -> %v", base, got)
	}
	seen := map[string]bool{}
	for _, fp := range base {
		if seen[fp] || len(fp) != 16 {
			t.Errorf("fingerprint %q: a duplicate or not 16 hex digits (%v)", fp, base)
		}
		seen[fp] = true
	}
	other := raceFixNvram()
	for i := range other.Pairs {
		for j := range other.Pairs[i].Races {
			other.Pairs[i].Races[j].Region += ".other"
		}
	}
	if got := fingerprints(other); got[0] == base[0] {
		t.Errorf("another variable, the same fingerprint: %v", got)
	}
}

func TestRaceSARIFURI(t *testing.T) {
	for in, want := range map[string]string{
		"driver.c":                        "driver.c",
		"drivers/char/generic_nvram.c":    "drivers/char/generic_nvram.c",
		"../shared/drivers/char/x/drv.c":  "../shared/drivers/char/x/drv.c",
		"/src/linux/drivers/char/nvram.c": "file:///src/linux/drivers/char/nvram.c",
		"my driver.c":                     "my%20driver.c",
		"a:b.c":                           "./a:b.c",
	} {
		if got := raceSARIFURI(in); got != want {
			t.Errorf("raceSARIFURI(%q) = %q, want %q", in, got, want)
		}
	}
}

// An access without a position still gives a valid log that names the file.
func TestWriteRacesSARIFUnknownPosition(t *testing.T) {
	f := raceFixNvram()
	f.Pairs[0].Races[0].Accesses[0].Pos = ir.Pos{}
	out := raceWrite(t, SARIF, []*lockset.FileResult{f}, raceTestOpts)
	if _, err := raceSARIFParse(t, out); err != nil {
		t.Fatalf("SARIF with an unknown position fails validation: %v", err)
	}
	var doc raceSARIFDoc
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	rel := doc.Runs[0].Results[0].RelatedLocations[0].Physical
	if rel.Artifact.URI != "driver.c" || rel.Region.StartLine != 0 {
		t.Errorf("related location of an unknown position = %+v, want the file without region", rel)
	}
}
