package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// fileCounts are one analysed file's potential races (its summary's count)
// and racy regions (distinct regions of its unsuppressed races).
type fileCounts struct{ races, regions int }

// filesCmd prints, per file, the races and racy regions of a sweep, or of
// two sweeps side by side (before and after a change).
func filesCmd(args []string, stdout io.Writer) error {
	if len(args) < 1 || len(args) > 2 {
		return fmt.Errorf("files: want one or two directories of JSON reports\n%s", usage)
	}
	var sweeps []map[string]fileCounts
	for _, dir := range args {
		c, err := readFileCounts(dir)
		if err != nil {
			return fmt.Errorf("files: %w", err)
		}
		sweeps = append(sweeps, c)
	}
	return writeFileTable(stdout, sweeps)
}

func readFileCounts(dir string) (map[string]fileCounts, error) {
	out := map[string]fileCounts{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var doc jsonDoc
		if err := json.Unmarshal(data, &doc); err != nil {
			return fmt.Errorf("%s: parse report: %w", p, err)
		}
		for _, f := range doc.Files {
			regions := map[string]bool{}
			for _, pr := range f.Pairs {
				for _, r := range pr.Races {
					if r.Suppressed == "" {
						regions[r.Region] = true
					}
				}
			}
			out[f.Path] = fileCounts{races: f.Summary.Races, regions: len(regions)}
		}
		return nil
	})
	return out, err
}

// writeFileTable writes a Markdown table: a row per file of any sweep,
// "-" where a sweep lacks the file, and the totals.
func writeFileTable(w io.Writer, sweeps []map[string]fileCounts) error {
	var files []string
	for _, s := range sweeps {
		for f := range s {
			if !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	slices.Sort(files)
	var b strings.Builder
	names := []string{""}
	if len(sweeps) == 2 {
		names = []string{" before", " after"}
	}
	b.WriteString("| file |")
	sep := "|---|"
	for _, name := range names {
		fmt.Fprintf(&b, " races%s | racy regions%s |", name, name)
		sep += "---:|---:|"
	}
	b.WriteString("\n" + sep + "\n")
	totals := make([]fileCounts, len(sweeps))
	for _, f := range files {
		b.WriteString("| " + f + " |")
		for i, s := range sweeps {
			c, ok := s[f]
			if !ok {
				b.WriteString(" - | - |")
				continue
			}
			fmt.Fprintf(&b, " %d | %d |", c.races, c.regions)
			totals[i].races += c.races
			totals[i].regions += c.regions
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "| total (%d files) |", len(files))
	for _, t := range totals {
		fmt.Fprintf(&b, " %d | %d |", t.races, t.regions)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}
