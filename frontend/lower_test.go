package frontend

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestLowerGolden")

// testConfig mounts testdata/models as extra model headers, so inlining of
// model-header helpers is tested independently of the real models.
func testConfig() Config {
	return Config{testModels: os.DirFS("testdata/models")}
}

// TestLowerGolden lowers every testdata/lower/*.c through the inline pass,
// validates the IR, compares it with the golden .ir file, and checks the
// inline expectations: a comment `// want "RE"` on line L requires an IR
// line positioned at L that matches RE. Files named exactints*.c are
// lowered with Config.ExactInts.
func TestLowerGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/lower/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".c"), func(t *testing.T) {
			cfg := testConfig()
			cfg.ExactInts = strings.HasPrefix(filepath.Base(file), "exactints")
			prog, err := LoadUntil(context.Background(), file, cfg, "inline")
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Validate(prog); err != nil {
				t.Fatal(err)
			}
			got := prog.String()
			golden := strings.TrimSuffix(file, ".c") + ".ir"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test ./frontend -update)", err)
				}
				if got != string(want) {
					t.Errorf("IR differs from %s (run go test ./frontend -update and review the diff):\n%s", golden, diffLines(string(want), got))
				}
			}
			checkWants(t, file, got)
		})
	}
}

var (
	wantComment = regexp.MustCompile(`//\s*want\s+(.*)$`)
	wantRE      = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
	irPosSuffix = regexp.MustCompile(`  @(\d+):\d+$`)
)

// checkWants checks the `// want "RE"` comments of a C file against the IR.
func checkWants(t *testing.T, file, irText string) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	byLine := make(map[int][]string)
	for _, l := range strings.Split(irText, "\n") {
		if m := irPosSuffix.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			byLine[n] = append(byLine[n], strings.TrimSpace(l))
		}
	}
	for i, line := range strings.Split(string(src), "\n") {
		m := wantComment.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, w := range wantRE.FindAllStringSubmatch(m[1], -1) {
			pat, err := strconv.Unquote(`"` + w[1] + `"`)
			if err != nil {
				t.Fatalf("%s:%d: bad want %s", file, i+1, w[0])
			}
			re, err := regexp.Compile(pat)
			if err != nil {
				t.Fatalf("%s:%d: bad want regexp: %v", file, i+1, err)
			}
			found := false
			for _, l := range byLine[i+1] {
				if re.MatchString(l) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s:%d: no IR line matches %q; lines here:\n  %s", file, i+1, pat, strings.Join(byLine[i+1], "\n  "))
			}
		}
	}
}

// diffLines shows the first differing lines of two texts.
func diffLines(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return ""
}
