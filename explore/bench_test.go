package explore_test

import (
	"context"
	"testing"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/yieldinst"
)

// BenchmarkSearch times the explorer's core loop (sequentialisation, vc,
// Z3, replay) on two shared drivers, per yield set, the lockset check done
// once outside the loop.
func BenchmarkSearch(b *testing.B) {
	for _, driver := range []string{"generic_nvram", "pc8736x_gpio"} {
		path := sharedDriver(b, driver)
		ctx := context.Background()
		prog, err := frontend.Load(ctx, path, frontend.Config{})
		if err != nil {
			b.Fatal(err)
		}
		res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 1})
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range []yieldinst.Mode{yieldinst.All, yieldinst.MR} {
			b.Run(driver+"/"+string(m), func(b *testing.B) {
				for b.Loop() {
					if _, _, err := explore.Search(ctx, prog, res, explore.Options{Mode: m}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
