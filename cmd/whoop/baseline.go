package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/report"
)

// readBaseline reads --baseline's report, or returns nil without one.
func readBaseline(path string) (*report.Baseline, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &exitError{code: exitInput, msg: fmt.Sprintf("--baseline: %v", err)}
	}
	defer f.Close()
	b, err := report.ReadBaseline(path, f)
	if err != nil {
		return nil, &exitError{code: exitInput, msg: fmt.Sprintf("--baseline: %v", err)}
	}
	return b, nil
}

// suppress marks one file's findings that a whoop: ignore comment or the
// baseline covers (comments first: their reason is the more specific).
func suppress(w *fileWork, baseline *report.Baseline, lines *sourceLines) {
	var files []*lockset.FileResult
	var locks []*lockset.LockResult
	if w.res != nil {
		files = append(files, w.res)
	}
	if w.lres != nil {
		locks = append(locks, w.lres)
	}
	if len(files)+len(locks) == 0 {
		return
	}
	report.SuppressByComments(files, locks, lines.line)
	if baseline != nil {
		baseline.Apply(files, locks)
	}
}

// sourceLines reads source files once each, for the suppression comments.
type sourceLines struct{ files map[string][]string }

func newSourceLines() *sourceLines { return &sourceLines{files: map[string][]string{}} }

// line returns line n (1-based) of file, or "".
func (s *sourceLines) line(file string, n int) string {
	ls, ok := s.files[file]
	if !ok {
		if data, err := os.ReadFile(file); err == nil {
			ls = strings.Split(string(data), "\n")
		}
		s.files[file] = ls
	}
	if n < 1 || n > len(ls) {
		return ""
	}
	return ls[n-1]
}

// suppressionLike matches a comment that looks like a whoop suppression,
// however spelled: "whoop", an optional colon, and the next one or two
// words.
var suppressionLike = regexp.MustCompile(`(?i)(?:/\*|//)\s*(whoop\s*:?\s*([a-z_-]+)(?:[ \t]+([a-z_]+))?)`)

// suppressionValid matches a suppression report.SuppressByComments reads.
var suppressionValid = regexp.MustCompile(`(?:/\*|//)\s*whoop:\s*ignore\s+(race|lock)\b`)

// suppressionTypos warns about each comment of the driver's sources that
// reads like a misspelled suppression ("whoop:ignore races", "WHOOP: ignore
// race", a bare "whoop: ignore"), which would suppress nothing without a
// word: file:line and the nearest valid form, in file and line order.
func suppressionTypos(w io.Writer, sources map[string]string) {
	files := make([]string, 0, len(sources))
	for f := range sources {
		files = append(files, f)
	}
	slices.Sort(files)
	for _, f := range files {
		text := sources[f]
		if !strings.Contains(strings.ToLower(text), "whoop") {
			continue
		}
		for i, line := range strings.Split(text, "\n") {
			m := suppressionLike.FindStringSubmatch(line)
			if m == nil || suppressionValid.MatchString(line) || editDistance(strings.ToLower(m[2]), "ignore") > 2 {
				continue
			}
			want := `"whoop: ignore race" or "whoop: ignore lock"`
			switch what := strings.ToLower(m[3]); {
			case strings.HasPrefix(what, "lock") || editDistance(what, "lock") == 1:
				want = `"whoop: ignore lock"`
			case strings.HasPrefix(what, "race") || editDistance(what, "race") == 1:
				want = `"whoop: ignore race"`
			}
			fmt.Fprintf(w, "%s:%d: warning: %q suppresses nothing: whoop reads %s\n", f, i+1, strings.TrimSpace(m[1]), want)
		}
	}
}
