package lockset_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// BenchmarkPairs measures pairing the 31 entry points (496 pairs) of the
// reference 8139too driver, lowered once outside the loop.
func BenchmarkPairs(b *testing.B) {
	path := filepath.Join("..", "..", "shared", "drivers", "net", "ethernet", "8139too", "driver.c")
	prog, err := frontend.LoadUntil(context.Background(), path, frontend.Config{}, "entry")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if n := len(lockset.Pairs(prog)); n != 496 {
			b.Fatalf("%d pairs", n)
		}
	}
}
