package regions_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/frontend/regions"
	"github.com/whoopverify/whoop/ir"
)

// driversDir is ../shared/drivers relative to the repository root; tests
// run in frontend/regions.
func driversDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "drivers"))
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Fatalf("shared drivers missing: %s: %v", dir, err)
	}
	return dir
}

// sharedDrivers lists the driver.c files under the shared drivers directory.
func sharedDrivers(t testing.TB) []string {
	dir := driversDir(t)
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "driver.c" {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("found %d drivers under %s, want 10", len(files), dir)
	}
	return files
}

func driverName(dir, file string) string {
	rel, _ := filepath.Rel(dir, filepath.Dir(file))
	return rel
}

// TestDrivers analyses the ten shared drivers: Analyze succeeds, the IR
// stays valid (every access names one of prog.Regions), every access has a
// region, and the analysis is deterministic.
func TestDrivers(t *testing.T) {
	dir := driversDir(t)
	for _, file := range sharedDrivers(t) {
		name := driverName(dir, file)
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			prog, err := frontend.LoadUntil(context.Background(), file, frontend.Config{}, "dead")
			if err != nil {
				t.Skipf("front end cannot load %s yet: %v", name, err)
			}
			text := analyzeAndPrint(t, prog)
			regionsN, local, collapsed := 0, 0, 0
			for _, r := range prog.Regions {
				regionsN++
				if r.ThreadLocal {
					local++
				}
				if r.Collapsed {
					collapsed++
				}
			}
			accesses := 0
			prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
				accesses++
				if a.Region == nil {
					t.Errorf("%s: %s has no region", a.P, a.LValue)
				}
			})
			t.Logf("%s: %d regions (%d thread-local, %d collapsed), %d accesses, %d entry points",
				name, regionsN, local, collapsed, accesses, len(prog.EntryPoints))
			again, err := frontend.LoadUntil(context.Background(), file, frontend.Config{}, "dead")
			if err != nil {
				t.Fatal(err)
			}
			if text2 := analyzeAndPrint(t, again); text2 != text {
				t.Errorf("two runs differ")
			}
		})
	}
}

func analyzeAndPrint(t *testing.T, prog *ir.Program) string {
	t.Helper()
	if err := regions.Analyze(prog, regions.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := ir.Validate(prog); err != nil {
		t.Fatal(err)
	}
	return prog.String()
}

// BenchmarkAnalyze measures the pass alone on 8139too (the largest driver).
func BenchmarkAnalyze(b *testing.B) {
	benchDriver(b, filepath.Join("net", "ethernet", "8139too", "driver.c"))
}

// BenchmarkAnalyzeSonypi measures the pass on sonypi.
func BenchmarkAnalyzeSonypi(b *testing.B) {
	benchDriver(b, filepath.Join("char", "sonypi", "driver.c"))
}

func benchDriver(b *testing.B, rel string) {
	file := filepath.Join(driversDir(b), rel)
	if _, err := frontend.LoadUntil(context.Background(), file, frontend.Config{}, "dead"); err != nil {
		b.Skipf("front end cannot load %s yet: %v", rel, err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		prog, err := frontend.LoadUntil(context.Background(), file, frontend.Config{}, "dead")
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC() // keep the front end's garbage out of the measurement
		b.StartTimer()
		if err := regions.Analyze(prog, regions.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
