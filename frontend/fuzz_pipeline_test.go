package frontend

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/whoopverify/whoop/lockset"
)

// Per-input bounds of FuzzPipeline, so that the fuzzer never waits on one
// input: larger inputs are skipped, and a check that runs out of time is
// not a failure (the deadline is the behaviour under test, not a hang).
const (
	fuzzMaxInput  = 16 << 10
	fuzzLoadTime  = 10 * time.Second
	fuzzCheckTime = 20 * time.Second
	fuzzPairTime  = 2 * time.Second
)

// FuzzPipeline feeds arbitrary bytes through everything whoop runs on a
// file: the front end (Load), entry points and regions, and the lockset
// check with its solver calls. Load must return a program or an
// InputError; Check must return a result or run out of time, never an
// internal error (a recovered panic, an invalid instrumented program). The
// seed corpus is testdata/fuzz/FuzzPipeline plus the lowering test programs
// and, when fuzzing, the race test programs of lockset.
func FuzzPipeline(f *testing.F) {
	globs := []string{"testdata/lower/*.c"}
	if fl := flag.Lookup("test.fuzz"); fl != nil && fl.Value.String() != "" {
		// Programs with entry points, so that mutants reach the lockset
		// check; only when fuzzing (they take 10 s as plain tests).
		globs = append(globs, "../lockset/testdata/race/*.c")
	}
	var files []string
	for _, glob := range globs {
		more, _ := filepath.Glob(glob)
		files = append(files, more...)
	}
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil && len(src) <= fuzzMaxInput {
			f.Add(src)
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > fuzzMaxInput {
			t.Skip("input larger than fuzzMaxInput")
		}
		path := filepath.Join(dir, "fuzz.c")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		lctx, cancel := context.WithTimeout(context.Background(), fuzzLoadTime)
		defer cancel()
		cfg := testConfig()
		cfg.ExactInts = len(src)%2 == 1
		prog, err := Load(lctx, path, cfg)
		var ie *InputError
		var internal *internalError
		switch {
		case err == nil:
		case errors.As(err, &ie), errors.Is(err, context.DeadlineExceeded):
			return
		case errors.As(err, &internal) && internal.inParser():
			t.Logf("cc/v4 panic (recovered): %v", err)
			return
		default:
			t.Fatalf("front end: internal error: %v\ninput:\n%q", err, src)
		}
		cctx, cancel := context.WithTimeout(context.Background(), fuzzCheckTime)
		defer cancel()
		res, err := lockset.Check(cctx, prog, lockset.Options{Jobs: 1, Timeout: fuzzPairTime, HoudiniBudget: fuzzPairTime})
		switch {
		case errors.Is(err, context.DeadlineExceeded):
		case err != nil:
			t.Fatalf("lockset: %v\ninput:\n%q", err, src)
		case len(res.Pairs) != len(lockset.Pairs(prog)):
			t.Fatalf("lockset: %d pair results for %d pairs\ninput:\n%q", len(res.Pairs), len(lockset.Pairs(prog)), src)
		}
	})
}
