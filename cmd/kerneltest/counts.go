package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
)

// counts are what one file's JSON report says about races: the potential
// races (pair-level, as the text summary counts them), the racy regions
// (distinct regions named by those races) and the findings, where the
// report has them.
type counts struct {
	races, regions int
	findings       int
	hasFindings    bool // some file of the report carries findings
}

func (c *counts) add(o counts) {
	c.races += o.races
	c.regions += o.regions
	c.findings += o.findings
	c.hasFindings = c.hasFindings || o.hasFindings
}

// findingsCell is the findings column: "-" when no report had findings.
func (c counts) findingsCell() string {
	if !c.hasFindings {
		return "-"
	}
	return strconv.Itoa(c.findings)
}

// jsonReport is the part of whoop's JSON report the table reads. Findings
// are read from the file's findings array, or its summary.findings count
// when the array is absent.
type jsonReport struct {
	Files []struct {
		Pairs []struct {
			Races []struct {
				Region     string `json:"region"`
				Suppressed string `json:"suppressed"`
			} `json:"races"`
		} `json:"pairs"`
		Findings []json.RawMessage `json:"findings"`
		Summary  struct {
			Races    int  `json:"races"`
			Findings *int `json:"findings"`
		} `json:"summary"`
	} `json:"files"`
}

func readCounts(path string) (counts, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return counts{}, fmt.Errorf("read report: %w", err)
	}
	return parseCounts(data)
}

// parseCounts counts the races, racy regions and findings of a report.
// Regions are distinct per file: one file's races on region R count once.
func parseCounts(data []byte) (counts, error) {
	var doc jsonReport
	if err := json.Unmarshal(data, &doc); err != nil {
		return counts{}, fmt.Errorf("parse report: %w", err)
	}
	var c counts
	for _, f := range doc.Files {
		c.races += f.Summary.Races
		regions := map[string]bool{}
		for _, p := range f.Pairs {
			for _, r := range p.Races {
				if r.Suppressed == "" {
					regions[r.Region] = true
				}
			}
		}
		c.regions += len(regions)
		switch {
		case f.Findings != nil:
			c.findings += len(f.Findings)
			c.hasFindings = true
		case f.Summary.Findings != nil:
			c.findings += *f.Summary.Findings
			c.hasFindings = true
		}
	}
	return c, nil
}
