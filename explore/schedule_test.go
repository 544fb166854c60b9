package explore_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/whoopverify/whoop/explore"
)

// At csb K every interleaving of at most K context switches is explored,
// whichever thread moves first: testdata/schedule/second_first.c has a
// race that needs the pair's second thread first and three switches. It
// is not confirmed at csb 2 and confirmed at csb 3 (before, only csb 4
// found it: three rounds were given only from csb 4 on).
func TestSecondThreadFirst(t *testing.T) {
	path := filepath.Join("testdata", "schedule", "second_first.c")
	for _, csb := range []int{2, 3} {
		t.Run(fmt.Sprintf("csb%d", csb), func(t *testing.T) {
			checkVerdicts(t, path, explore.Options{CSB: csb})
		})
	}
}
