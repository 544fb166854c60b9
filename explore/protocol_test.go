package explore_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/explore"
)

// The kernel's calling protocol bounds what the explorer may claim
// (protocol.go): a file operation runs after its file's open succeeded
// (single_open.c), a callback only once armed, queued or requested
// (unarmed.c), a device's release once per device (release_once.c), a
// transmit only on a device that is up (netdev_xmit.c), a NAPI poll only
// once its context is enabled (napi_poll.c). Each program's annotations
// say which races are confirmed; before, the races annotated
// not-confirmed were all confirmed, but in napi_poll.c, a regression test
// of a rule the strict check already had.
func TestProtocol(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "protocol", "*.c"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".c"), func(t *testing.T) {
			checkVerdicts(t, path, explore.Options{})
		})
	}
}

// Without the publication assumption the explorer drops the protocol as
// the lockset check drops its publication rule: the timer nothing arms
// then runs, and its race with the ioctl is confirmed.
func TestProtocolDropped(t *testing.T) {
	_, out := confirm(t, filepath.Join("testdata", "protocol", "unarmed.c"), explore.Options{NoPublication: true})
	for _, r := range out.Races {
		if r.Status != explore.Confirmed {
			t.Errorf("pair %d race %d: %s (%s), want every race confirmed", r.Pair, r.Race, r.Status, r.Note)
		}
	}
}

// The solver alone confirms what the protocol allows: an opener runs in
// its thread's rounds, the memory it writes with a copy per round
// (open_count.c's race needs the two opens in the order the rounds give
// them); every model replays (confirm fails on one that does not).
func TestProtocolSolver(t *testing.T) {
	for _, name := range []string{"open_count.c", "single_open.c", "unarmed.c", "netdev_xmit.c", "disk_private.c", "disk_absent.c"} {
		t.Run(strings.TrimSuffix(name, ".c"), func(t *testing.T) {
			out := checkVerdicts(t, filepath.Join("testdata", "protocol", name), explore.NoConcrete(explore.Options{}))
			if out.Stats.Queries == 0 {
				t.Error("no solver query")
			}
		})
	}
}

// A setup cut at its loop bound counts as having registered what it may
// register, so the threads can run, but the state it leaves is one no
// complete setup leaves (setup_cut.c's init fills a table of 16 in a
// loop, then registers the device): a trace found after the cut is
// rejected, with the concrete runs and with the solver alone.
func TestSetupCutRejected(t *testing.T) {
	path := filepath.Join("testdata", "protocol", "setup_cut.c")
	for _, opts := range []explore.Options{{}, explore.NoConcrete(explore.Options{})} {
		_, out := confirm(t, path, opts)
		if len(out.Races) != 1 || out.Races[0].Status == explore.Confirmed {
			t.Fatalf("races %+v, want one, not confirmed", out.Races)
		}
		if note := out.Races[0].Note; !strings.Contains(note, "trace rejected: the setup was cut at its loop bound") {
			t.Errorf("note %q does not say the setup was cut", note)
		}
	}
}

// The harness holds an entry point of a class some call publishes to a
// publication in the pair, as the strict check does (irq_opener.c's
// handler, requested only by ndo_open): beside ndo_change_mtu, which runs
// no ndo_open, the handler never starts and the search finds no
// interleaving; before, it started unrequested and the strict check
// rejected the trace ("runs before anything in the trace publishes it").
func TestPublicationInPair(t *testing.T) {
	path := filepath.Join("testdata", "protocol", "irq_opener.c")
	for _, opts := range []explore.Options{{}, explore.NoConcrete(explore.Options{})} {
		_, out := confirm(t, path, opts)
		for _, r := range out.Races {
			if r.Rejected != "" {
				t.Errorf("pair %d race %d: %s", r.Pair, r.Race, r.Note)
			}
		}
	}
}
