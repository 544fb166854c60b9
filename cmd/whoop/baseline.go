package main

import (
	"fmt"
	"os"
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
