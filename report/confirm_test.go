package report

import (
	"strings"
	"testing"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/lockset"
)

// Each step kind of an interleaving reads as a sentence of its own.
func TestConfirmStepText(t *testing.T) {
	for _, tc := range []struct {
		step lockset.Step
		want string
	}{
		{lockset.Step{Thread: 1, EntryPoint: "dev_read", Kind: "write", LValue: "b->len", Value: "3"},
			"[T1 dev_read] write b->len = 3"},
		{lockset.Step{Thread: 2, EntryPoint: "dev_read", Kind: "switch"},
			"[T2 dev_read] context switch: the other thread runs"},
		{lockset.Step{Thread: 1, EntryPoint: "dev_read", Kind: "race", LValue: "g", Value: "1"},
			"[T1 dev_read] resumes: 'g' now holds 1, written by the other thread since this access: race confirmed"},
		{lockset.Step{Thread: 2, EntryPoint: "dev_open", Kind: "lock", LValue: "&dev->lock"},
			"[T2 dev_open] lock &dev->lock"},
		{lockset.Step{Thread: 2, EntryPoint: "dev_read", Kind: "oops", LValue: "b->len"},
			"[T2 dev_read] dereferences 'b->len' in the NULL page: the kernel oopses, the thread stops"},
	} {
		if got := confirmStepText(tc.step); got != tc.want {
			t.Errorf("%s step: got %q, want %q", tc.step.Kind, got, tc.want)
		}
	}
}

// The summary counts the races the explorer's wall clock cut: the one
// verdict that depends on the machine's load says so where the run ends.
func TestConfirmTimeoutSummary(t *testing.T) {
	file := raceFixNvram()
	summary := func() string { return raceTextSummary(file, findings.Of(file), Options{}) }
	before := summary()
	if strings.Contains(before, "timeout") {
		t.Fatalf("fixture summary has a timeout already: %q", before)
	}
	var race *lockset.Race
	for i := range file.Pairs {
		if len(file.Pairs[i].Races) > 0 && race == nil {
			race = &file.Pairs[i].Races[0]
		}
	}
	race.Confirmation = &lockset.Confirmation{Status: lockset.NotExplored,
		Note: "not explored (timeout): a solver query passed the wall-clock limit of 5m0s"}
	// The count ends the pair counts inside the parentheses.
	want := strings.TrimSuffix(before, ")") + ", 1 not explored (timeout))"
	if got := summary(); got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	race.Confirmation.Note = "not explored: the solver gave no answer (resource limit)"
	if got := summary(); strings.Contains(got, "timeout") {
		t.Errorf("a budget's verdict counted as a timeout: %q", got)
	}
}
