package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// A report is one potential race of a saved JSON report.
type report struct {
	file   string // the analysed source path, as whoop names it
	index  int    // its place among the file's reports, in report order
	line   string // the warning with both accesses, on one line
	region string
}

// dir is the directory that stratifies the sample.
func (r report) dir() string { return path.Dir(r.file) }

// The part of whoop's JSON report the sampler reads.
type (
	jsonDoc struct {
		Files []jsonFile `json:"files"`
	}
	jsonFile struct {
		Path  string `json:"path"`
		Pairs []struct {
			Races []jsonRace `json:"races"`
		} `json:"pairs"`
		Summary struct {
			Races int `json:"races"`
		} `json:"summary"`
	}
	jsonRace struct {
		Region     string       `json:"region"`
		Suppressed string       `json:"suppressed"`
		Accesses   []jsonAccess `json:"accesses"`
	}
	jsonAccess struct {
		EntryPoint string   `json:"entryPoint"`
		Function   string   `json:"function"`
		Kind       string   `json:"kind"`
		Mode       string   `json:"mode"`
		LValue     string   `json:"lvalue"`
		File       string   `json:"file"`
		Line       int      `json:"line"`
		Column     int      `json:"column"`
		Source     string   `json:"source"`
		Locks      []string `json:"locks"`
	}
)

// readReports reads every *.json under dir, in lexical order, and returns
// their reports, suppressed races left out.
func readReports(dir string) ([]report, error) {
	var out []report
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rs, err := parseReports(data)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, rs...)
		return nil
	})
	return out, err
}

func parseReports(data []byte) ([]report, error) {
	var doc jsonDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("parse report: %w", err)
	}
	var out []report
	for _, f := range doc.Files {
		n := 0
		for _, p := range f.Pairs {
			for _, r := range p.Races {
				if r.Suppressed != "" || len(r.Accesses) != 2 {
					continue
				}
				out = append(out, report{file: f.Path, index: n, line: reportLine(f.Path, r), region: r.Region})
				n++
			}
		}
	}
	return out, nil
}

// reportLine is whoop's text warning and its two access notes on one line:
// "a.c:9:2: potential read-write race on 'x' between A and B | a.c:5:3:
// read by A, holding no lock: y = x; | a.c:9:2: write by B, ...: x = 1;".
func reportLine(file string, r jsonRace) string {
	a, b := r.Accesses[0], r.Accesses[1]
	s := fmt.Sprintf("%s: potential %s-%s race on '%s' between %s and %s",
		pos(file, b), a.Kind, b.Kind, b.LValue, a.EntryPoint, b.EntryPoint)
	for _, x := range r.Accesses {
		s += " | " + pos(file, x) + ": " + accessText(x)
		if x.Source != "" {
			s += ": " + x.Source
		}
	}
	return oneLine(s)
}

func pos(file string, a jsonAccess) string {
	if a.File != "" {
		file = a.File
	}
	if a.Line == 0 {
		return file
	}
	return fmt.Sprintf("%s:%d:%d", file, a.Line, a.Column)
}

// accessText is whoop's note on one access, as the text output prints it.
func accessText(a jsonAccess) string {
	s := a.Kind + " by " + a.EntryPoint
	if a.Function != "" && a.Function != a.EntryPoint {
		s += ", in " + a.Function
	}
	if len(a.Locks) == 0 {
		s += ", holding no lock"
	} else {
		s += ", holding " + strings.Join(a.Locks, ", ")
	}
	if a.Mode != "" && a.Mode != "plain" {
		s += " (" + a.Mode + ")"
	}
	return s
}

// oneLine makes s a TSV cell: no tabs, no line breaks.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
