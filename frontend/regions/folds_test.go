package regions

import (
	"math/rand"
	"testing"
)

func TestNormAndImage(t *testing.T) {
	// struct { int head; struct { int a; char b[4]; } d[3]; int tail; }:
	// d folds modulo 8 over [4, 28), b modulo 1 over [8, 12).
	var fs []*fold
	fs = addFold(fs, &fold{lo: 8, hi: 12, base: 8, stride: 1})
	fs = addFold(fs, &fold{lo: 4, hi: 28, base: 4, stride: 8})
	for _, c := range []struct{ x, want int64 }{
		{0, 0}, {4, 4}, {12, 4}, {20, 4}, {9, 8}, {11, 8}, {17, 8}, {27, 8}, {28, 28},
	} {
		if got := normIn(fs, c.x); got != c.want {
			t.Errorf("norm(%d) = %d, want %d", c.x, got, c.want)
		}
	}
	img := imageIn(fs, 0, 32, nil)
	want := []span{{0, 4}, {4, 8}, {8, 9}, {28, 32}}
	if len(img) != len(want) {
		t.Fatalf("image = %v, want %v", img, want)
	}
	for i := range want {
		if img[i] != want[i] {
			t.Errorf("image = %v, want %v", img, want)
		}
	}
	// The image of any range contains the representative of every byte.
	for lo := int64(-4); lo < 34; lo++ {
		for hi := lo + 1; hi < 36; hi++ {
			img := imageIn(fs, lo, hi, nil)
			for x := lo; x < hi; x++ {
				n := normIn(fs, x)
				in := false
				for _, s := range img {
					in = in || (s.lo <= n && n < s.hi)
				}
				if !in {
					t.Fatalf("image of [%d,%d) = %v misses norm(%d) = %d", lo, hi, img, x, n)
				}
			}
		}
	}
}

// TestFoldsMonotone adds random folds and checks that adding a fold keeps
// every equivalence that held before and adds its own.
func TestFoldsMonotone(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 300; trial++ {
		var fs []*fold
		for step := 0; step < 6; step++ {
			var nf *fold
			if rng.Intn(5) == 0 {
				nf = &fold{lo: negInf, hi: posInf, base: int64(rng.Intn(8)), stride: int64(1 + rng.Intn(16))}
			} else {
				lo := int64(rng.Intn(64) - 8)
				stride := int64(1 + rng.Intn(12))
				n := int64(2 + rng.Intn(5))
				nf = &fold{lo: lo, hi: lo + n*stride, base: lo, stride: stride}
			}
			before := make([]int64, 0, 100)
			for x := int64(-20); x < 100; x++ {
				before = append(before, normIn(fs, x))
			}
			fs = addFold(fs, nf.clone())
			after := func(x int64) int64 { return normIn(fs, x) }
			for i, x := 0, int64(-20); x < 100; i, x = i+1, x+1 {
				if n := after(x); after(n) != n {
					t.Fatalf("trial %d: norm not idempotent at %d", trial, x)
				}
				for j, y := 0, int64(-20); y < 100; j, y = j+1, y+1 {
					if before[i] == before[j] && after(x) != after(y) {
						t.Fatalf("trial %d step %d: %d and %d were equal before adding %+v, not after", trial, step, x, y, *nf)
					}
				}
			}
			for x := max(nf.lo, -20); x+nf.stride < min(nf.hi, 100); x++ {
				if after(x) != after(x+nf.stride) {
					t.Fatalf("trial %d: added %+v but %d and %d differ", trial, *nf, x, x+nf.stride)
				}
			}
			checkSorted(t, fs)
		}
	}
}

func checkSorted(t *testing.T, fs []*fold) {
	t.Helper()
	for i := 1; i < len(fs); i++ {
		if fs[i-1].hi > fs[i].lo {
			t.Fatalf("folds overlap: %+v %+v", *fs[i-1], *fs[i])
		}
	}
	for _, f := range fs {
		if f.base < f.lo || f.base+f.stride > f.hi {
			t.Fatalf("window [%d,%d) outside extent [%d,%d)", f.base, f.base+f.stride, f.lo, f.hi)
		}
		for _, in := range f.inner {
			if in.lo < f.base || in.hi > f.base+f.stride {
				t.Fatalf("inner fold [%d,%d) outside window [%d,%d)", in.lo, in.hi, f.base, f.base+f.stride)
			}
		}
		checkSorted(t, f.inner)
	}
}
