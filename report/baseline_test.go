package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/lockset"
)

// A report read back as a baseline covers each of its races once: the
// same results are all suppressed, a duplicate of one race is not, a race
// whose lines moved still matches, and so does one whose witness the
// solver chose differently (other lines, other kinds: the same race of
// that pair and region); another region or another pair of entry points
// does not.
func TestBaselineRoundTrip(t *testing.T) {
	for _, f := range []Format{JSON, SARIF} {
		b, err := ReadBaseline("old", bytes.NewReader(raceWrite(t, f, []*lockset.FileResult{raceFixNvram()}, raceTestOpts)))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		same := raceFixNvram()
		if n := b.Apply([]*lockset.FileResult{same}, nil); n != same.Races() || same.NewRaces() != 0 {
			t.Errorf("%s: %d of %d races matched, %d new", f, n, same.Races(), same.NewRaces())
		}
		moved := raceFixNvram()
		for i := range moved.Pairs {
			for j := range moved.Pairs[i].Races {
				for k := range moved.Pairs[i].Races[j].Accesses {
					moved.Pairs[i].Races[j].Accesses[k].Pos.Line += 3
				}
			}
		}
		moved.Path = "elsewhere/" + moved.Path
		if b.Apply([]*lockset.FileResult{moved}, nil); moved.NewRaces() != 0 {
			t.Errorf("%s: moved code: %d new races", f, moved.NewRaces())
		}
		dup := raceFixNvram()
		dup.Pairs[0].Races = append(dup.Pairs[0].Races, dup.Pairs[0].Races[0])
		if b.Apply([]*lockset.FileResult{dup}, nil); dup.NewRaces() != 1 {
			t.Errorf("%s: a second copy of a baseline race: %d new, want 1", f, dup.NewRaces())
		}
		witness := raceFixNvram()
		w := &witness.Pairs[0].Races[0].Accesses[1]
		w.Source, w.Pos.Line, w.Kind = "\treturn file->f_pos + 1;", w.Pos.Line+7, lockset.Read
		if b.Apply([]*lockset.FileResult{witness}, nil); witness.NewRaces() != 0 {
			t.Errorf("%s: another witness of a baseline race: %d new, want 0", f, witness.NewRaces())
		}
		region := raceFixNvram()
		region.Pairs[0].Races[0].Region += ".other"
		if b.Apply([]*lockset.FileResult{region}, nil); region.NewRaces() != 1 {
			t.Errorf("%s: another region: %d new, want 1", f, region.NewRaces())
		}
		pair := raceFixNvram()
		pair.Pairs[0].Races[0].Accesses[0].EntryPoint += "_other"
		if b.Apply([]*lockset.FileResult{pair}, nil); pair.NewRaces() != 1 {
			t.Errorf("%s: another pair of entry points: %d new, want 1", f, pair.NewRaces())
		}
	}
	if _, err := ReadBaseline("x", bytes.NewReader([]byte(`{"a": 1}`))); err == nil {
		t.Error("a JSON document that is no report was accepted")
	}
	old := `{"runs": [{"results": [{"partialFingerprints": {"whoopFinding/v1": "e8c3393c55f45778"}}]}]}`
	if _, err := ReadBaseline("old.sarif", bytes.NewReader([]byte(old))); err == nil || !strings.Contains(err.Error(), "older whoop") {
		t.Errorf("a SARIF baseline with v1 fingerprints only: %v, want an error saying to write it again", err)
	}
}

func TestIgnoreComments(t *testing.T) {
	for _, tc := range []struct {
		line, what, reason string
		ok                 bool
	}{
		{"\tx++; /* whoop: ignore race */", "race", "", true},
		{"\tx++; /* whoop: ignore race: stats only */", "race", "stats only", true},
		{"\tx++; // whoop: ignore race: stats only", "race", "stats only", true},
		{"\tx++; //whoop:ignore race", "race", "", true},
		{"\tmutex_lock(&m); /* whoop: ignore lock */", "lock", "", true},
		{"\tmutex_lock(&m); /* whoop: ignore lock */", "race", "", false},
		{"\tx++; /* ignore race */", "race", "", false},
		{"\tprintf(\"whoop: ignore race\");", "race", "", false},
	} {
		reason, ok := ignoreReason(tc.what, tc.line)
		if ok != tc.ok || reason != tc.reason {
			t.Errorf("%q (%s): %q, %v; want %q, %v", tc.line, tc.what, reason, ok, tc.reason, tc.ok)
		}
	}
}
