package lockset_test

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

// TestLockDiscipline checks every program in testdata/locking against its
// `// want "KIND"` annotations: each finding must be expected on its line,
// each expectation found.
func TestLockDiscipline(t *testing.T) {
	files, err := filepath.Glob("testdata/locking/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".c"), func(t *testing.T) {
			ctx := context.Background()
			prog, err := frontend.Load(ctx, path, frontend.Config{})
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			res, err := lockset.CheckLocks(ctx, prog, lockset.Options{Jobs: 2})
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			for _, w := range res.Warnings {
				t.Logf("warning: %s: %s", w.Pos, w.Msg)
			}
			wants := parseWants(t, path)
			for _, e := range res.Errors {
				desc := e.Kind + ": " + e.Msg
				for _, r := range e.Related {
					desc += " (" + r.Msg + " at line " + itoa(r.Pos.Line) + ")"
				}
				ok := false
				for _, w := range wants[e.Pos.Line] {
					if w.pattern.MatchString(desc) {
						w.matched, ok = true, true
					}
				}
				if !ok {
					t.Errorf("%s:%d: unexpected %s", path, e.Pos.Line, desc)
				}
			}
			var lines []int
			for l := range wants {
				lines = append(lines, l)
			}
			sort.Ints(lines)
			for _, l := range lines {
				for _, w := range wants[l] {
					if !w.matched {
						t.Errorf("%s:%d: missing finding matching %q", path, l, w.pattern)
					}
				}
			}
		})
	}
}

func itoa(n int) string {
	s := ""
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
