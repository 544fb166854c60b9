package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// lockFix is a double lock with its first acquire, in the nvram fixture's file.
func lockFix(path string) map[string]*lockset.LockResult {
	return map[string]*lockset.LockResult{path: {Path: path, Errors: []lockset.LockError{{
		Kind: lockset.DoubleLock, Lock: "m", EntryPoints: []string{"dev_ioctl"},
		Pos: ir.Pos{File: path, Line: 13, Col: 3}, Source: "\t\tmutex_lock(&m);", Msg: "mutex_lock: m is already held",
		Related: []lockset.Related{{Pos: ir.Pos{File: path, Line: 11, Col: 2}, Source: "\tmutex_lock(&m);", Msg: "m acquired here"}},
	}}}}
}

func TestLockErrorsSARIF(t *testing.T) {
	f := raceFixNvram()
	opts := raceTestOpts
	opts.Locks = lockFix(f.Path)
	out := raceWrite(t, SARIF, []*lockset.FileResult{f}, opts)
	rep, err := raceSARIFParse(t, out)
	if err != nil {
		t.Fatalf("SARIF with lock errors fails schema validation: %v", err)
	}
	var ids []string
	for _, r := range rep.Runs[0].Tool.Driver.Rules {
		ids = append(ids, *r.ID)
	}
	if got := strings.Join(ids, ","); got != "data-race,double-lock,unlock-unheld,lock-held-at-return,lock-order-inversion,unidentified-lock" {
		t.Errorf("rules %s", got)
	}
	var found bool
	for _, r := range rep.Runs[0].Results {
		if r.RuleID != nil && *r.RuleID == "double-lock" {
			found = true
			if len(r.RelatedLocations) != 1 || *r.RelatedLocations[0].PhysicalLocation.Region.StartLine != 11 {
				t.Errorf("double-lock related locations: %+v", r.RelatedLocations)
			}
		}
	}
	if !found {
		t.Error("no double-lock result")
	}
}

func TestLockErrorsJSON(t *testing.T) {
	f := raceFixNvram()
	opts := raceTestOpts
	opts.Locks = lockFix(f.Path)
	out := raceWrite(t, JSON, []*lockset.FileResult{f}, opts)
	var doc struct {
		Files []struct {
			LockErrors []struct {
				Kind, Lock  string
				Line        int
				EntryPoints []string
				Related     []struct{ Line int }
			} `json:"lockErrors"`
		}
	}
	if err := json.NewDecoder(bytes.NewReader(out)).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	le := doc.Files[0].LockErrors
	if len(le) != 1 || le[0].Kind != "double-lock" || le[0].Lock != "m" || le[0].Line != 13 ||
		len(le[0].EntryPoints) != 1 || len(le[0].Related) != 1 || le[0].Related[0].Line != 11 {
		t.Errorf("lockErrors %+v", le)
	}
	// Without lock results the field is absent (race-only documents unchanged).
	if bytes.Contains(raceWrite(t, JSON, []*lockset.FileResult{f}, raceTestOpts), []byte("lockErrors")) {
		t.Error("lockErrors without lock checks")
	}
}

func TestLockErrorsXML(t *testing.T) {
	f := raceFixNvram()
	opts := raceTestOpts
	opts.Locks = lockFix(f.Path)
	out := string(raceWrite(t, XML, []*lockset.FileResult{f}, opts))
	for _, want := range []string{
		`<lockError kind="double-lock" lock="m" entrypoints="dev_ioctl" file="` + f.Path + `" line="13" column="3" message="mutex_lock: m is already held">`,
		`<related message="m acquired here" file="` + f.Path + `" line="11" column="2">mutex_lock(&amp;m);</related>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("XML lacks %s:\n%s", want, out)
		}
	}
}
