package entry_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/frontend/entry"
)

// BenchmarkFind measures the entry-point pass alone on the largest
// reference driver (8139too), lowered once outside the loop.
func BenchmarkFind(b *testing.B) {
	path, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "drivers", "net", "ethernet", "8139too", "driver.c"))
	if err != nil {
		b.Fatal(err)
	}
	prog, err := frontend.LoadUntil(context.Background(), path, frontend.Config{}, "inline")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if eps := entry.Analyse(prog).EntryPoints; len(eps) != 31 {
			b.Fatalf("%d entry points", len(eps))
		}
	}
}
