package explore_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/explore"
)

// At csb K every interleaving of at most K context switches is explored,
// whichever thread moves first: testdata/schedule/second_first.c has a
// race that needs the pair's second thread first and three switches. It
// is not confirmed at csb 2 and confirmed at csb 3 (before, only csb 4
// found it: three rounds were given only from csb 4 on). A confirmed
// race's note counts the switches its own trace makes, which rounds can
// make more than csb: x's trace at csb 3 makes three.
func TestSecondThreadFirst(t *testing.T) {
	path := filepath.Join("testdata", "schedule", "second_first.c")
	for _, csb := range []int{2, 3} {
		t.Run(fmt.Sprintf("csb%d", csb), func(t *testing.T) {
			out := checkVerdicts(t, path, explore.Options{CSB: csb})
			confirmed := 0
			for _, r := range out.Races {
				if r.Status != explore.Confirmed {
					continue
				}
				confirmed++
				switches := 0
				for i := 1; i < len(r.Steps); i++ {
					if r.Steps[i].Thread != r.Steps[i-1].Thread {
						switches++
					}
				}
				want := fmt.Sprintf("confirmed: an interleaving with %d context switches", switches)
				if switches == 1 {
					want = "confirmed: an interleaving with 1 context switch"
				}
				if !strings.HasPrefix(r.Note, want) {
					t.Errorf("note %q, want it to start with %q", r.Note, want)
				}
				if r.Check.Pos.Line == 17 && switches != 3 {
					t.Errorf("x's trace makes %d switches, want 3", switches)
				}
			}
			if confirmed == 0 {
				t.Error("no confirmed race")
			}
		})
	}
}
