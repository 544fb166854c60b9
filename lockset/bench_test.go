package lockset_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// sharedDrivers returns the driver.c files under ../shared/drivers.
func sharedDrivers(tb testing.TB) []string {
	tb.Helper()
	root := filepath.Join("..", "..", "shared", "drivers")
	files, err := filepath.Glob(filepath.Join(root, "*", "*", "driver.c"))
	if err != nil {
		tb.Fatal(err)
	}
	more, _ := filepath.Glob(filepath.Join(root, "*", "*", "*", "driver.c"))
	files = append(files, more...)
	if len(files) == 0 {
		tb.Fatalf("no drivers under %s: the shared drivers must sit beside the repository", root)
	}
	return files
}

// BenchmarkCheck measures the lockset check (without the front end) on
// every shared driver, with one and two jobs.
func BenchmarkCheck(b *testing.B) {
	for _, path := range sharedDrivers(b) {
		prog, err := frontend.Load(context.Background(), path, frontend.Config{})
		if err != nil {
			b.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(path))
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/jobs=%d", name, jobs), func(b *testing.B) {
				for b.Loop() {
					if _, err := lockset.Check(context.Background(), prog, lockset.Options{Jobs: jobs}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestConstructionOnDrivers checks, on every shared driver, that the facts
// the instrumentation states without proof (loop frame invariants) are
// proved by the pair checks, also with lock instances told apart (their
// addresses are ghost state with frame facts of their own) and with C's
// integer wrap-around modelled.
func TestConstructionOnDrivers(t *testing.T) {
	for _, path := range sharedDrivers(t) {
		t.Run(filepath.Base(filepath.Dir(path)), func(t *testing.T) {
			for _, fc := range []frontend.Config{{}, {ExactInts: true}} {
				prog, err := frontend.Load(context.Background(), path, fc)
				if err != nil {
					t.Fatal(err)
				}
				options := []lockset.Options{{Jobs: 2}, {Jobs: 2, LockInstancesDistinct: true}}
				if fc.ExactInts {
					options = options[:1]
				}
				for _, opts := range options {
					if _, err := lockset.Check(context.Background(), prog, lockset.VerifyConstruction(opts)); err != nil {
						t.Fatalf("exact ints %v, %+v: %v", fc.ExactInts, opts, err)
					}
				}
			}
		})
	}
}
