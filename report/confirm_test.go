package report

import (
	"testing"

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
