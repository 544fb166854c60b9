package frontend

import (
	"context"
	"testing"
)

// BenchmarkLower measures the front end up to and including inlining
// (preprocess, parse, type-check, lower, inline) on two shared drivers.
func BenchmarkLower(b *testing.B) {
	drivers := sharedDrivers(b)
	for _, name := range []string{"generic_nvram", "8139too"} {
		var path string
		for _, d := range drivers {
			if driverName(d) == name {
				path = d
			}
		}
		if path == "" {
			b.Fatalf("driver %s not found", name)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := LoadUntil(context.Background(), path, Config{}, "inline"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
