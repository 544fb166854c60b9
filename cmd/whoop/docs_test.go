package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README and docs/ are a user's guide: their examples must be what
// whoop prints, and every assumption whoop makes must be documented.

// repoRoot is the repository's top directory (cmd/whoop is two below).
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// example is a fenced block of a Markdown file that starts with
// "$ bin/whoop ARGS": the command and the output the page shows.
type example struct {
	file string
	line int
	args []string
	want []string // lines; "..." stands for any number of lines
}

// examples returns the runnable examples of a Markdown file: a fenced
// block whose first line is "$ bin/whoop" and a command of plain words.
func examples(t *testing.T, path string) []example {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []example
	var cur *example
	in := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```"):
			if in && cur != nil {
				out = append(out, *cur)
			}
			in, cur = !in, nil
		case in && cur == nil && strings.HasPrefix(line, "$ bin/whoop "):
			cur = &example{file: path, line: n, args: strings.Fields(strings.TrimPrefix(line, "$ bin/whoop "))}
		case in && cur != nil:
			cur.want = append(cur.want, line)
		default:
			in = in && !strings.HasPrefix(line, "$ ")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// matches reports whether got shows want's lines in order, "..." taking
// any number of lines and a ".../" prefix standing for a path's directory.
func matches(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matches(got[i:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && sameLine(got[0], want[0]) && matches(got[1:], want[1:])
}

var elidedDir = regexp.MustCompile(`\.\.\./`)

func sameLine(got, want string) bool {
	if !strings.Contains(want, ".../") {
		return got == want
	}
	parts := elidedDir.Split(want, -1)
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, `\S*/`) + "$").MatchString(got)
}

// TestDocExamples runs every "$ bin/whoop ..." example of the README and
// docs/*.md whose inputs are in the repository or ../shared, and checks
// that whoop prints what the page shows.
func TestDocExamples(t *testing.T) {
	root := repoRoot(t)
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{filepath.Join(root, "README.md")}, pages...)
	ran := 0
	for _, page := range pages {
		for _, ex := range examples(t, page) {
			name := filepath.Base(ex.file) + ":" + strings.Join(ex.args, " ")
			t.Run(name, func(t *testing.T) {
				args := append([]string{"--no-progress"}, ex.args...)
				for i, a := range args {
					if strings.HasSuffix(a, ".c") && !filepath.IsAbs(a) {
						args[i] = filepath.Join(root, a)
						if _, err := os.Stat(args[i]); err != nil {
							t.Skipf("%s:%d: %s is not here", ex.file, ex.line, a)
						}
					}
				}
				_, stdout, _ := runWhoop(t, args...)
				got := strings.Split(strings.TrimSuffix(strings.ReplaceAll(stdout, root+"/", ""), "\n"), "\n")
				if !matches(got, ex.want) {
					t.Errorf("%s:%d: whoop %s prints\n%s\nnot what the page shows:\n%s", ex.file, ex.line,
						strings.Join(ex.args, " "), stdout, strings.Join(ex.want, "\n"))
				}
			})
			ran++
		}
	}
	if ran == 0 {
		t.Fatal("no example found in README.md or docs/")
	}
}

// TestAssumptionsDocumented: every assumption of `whoop assumptions` has
// a row in docs/assumptions.md, and the page names none that is gone.
func TestAssumptionsDocumented(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "assumptions.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\|").FindAllStringSubmatch(string(page), -1) {
		rows[m[1]] = true
	}
	for _, a := range assumptions {
		if !rows[a.name] {
			t.Errorf("assumption %s has no row in docs/assumptions.md", a.name)
		}
		delete(rows, a.name)
	}
	for name := range rows {
		t.Errorf("docs/assumptions.md documents %s, which whoop does not have", name)
	}
}
