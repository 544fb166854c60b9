package main

import (
	"context"
	"slices"
	"testing"

	"github.com/whoopverify/whoop/frontend"
)

// prefetch yields every file once, in order, ahead or not, and stops
// when the loop breaks.
func TestPrefetch(t *testing.T) {
	paths := []string{"a.c", "b.c", "c.c"} // unreadable: quick input errors
	for _, ahead := range []bool{false, true} {
		var got []string
		for i, l := range prefetch(context.Background(), frontend.Config{}, paths, ahead, 0, startMemWatch(0, nil)) {
			if l.err == nil || l.prog != nil {
				t.Errorf("ahead %v: %s loaded without error", ahead, paths[i])
			}
			if l.loaded.Before(l.started) {
				t.Errorf("ahead %v: %s loaded before it started", ahead, paths[i])
			}
			got = append(got, paths[i])
		}
		if !slices.Equal(got, paths) {
			t.Errorf("ahead %v: yielded %v, want %v", ahead, got, paths)
		}
		n := 0
		for range prefetch(context.Background(), frontend.Config{}, paths, ahead, 0, startMemWatch(0, nil)) {
			n++
			break
		}
		if n != 1 {
			t.Errorf("ahead %v: %d files after break, want 1", ahead, n)
		}
	}
}
