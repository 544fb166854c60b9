package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Case is one real race that people reported and fixed, as data: where it
// is, what races, and, when the 6.12 tree has the fix, how to undo it on a
// copy of the file.
type Case struct {
	ID string `json:"id"`
	// File is what whoop checks, relative to the tree: a .c file, or a
	// module's .ko when the two sides live in different parts.
	File string `json:"file"`
	// Field is the racy member or variable, as it appears at the end of the
	// accessed lvalue (bbu for dev->bbu, head for queue->head).
	Field string `json:"field"`
	// Sides are the racing accesses: two, or one when an entry point races
	// with another instance of itself on the same line.
	Sides []Side `json:"sides"`
	// Entries name the entry points of the two sides when known: used to
	// say why a case is missed (whoop serialised the pair, or found no such
	// entry point), never to decide whether it is found.
	Entries []string `json:"entries,omitempty"`
	Fix     string   `json:"fix"`    // the fix: commit (when known) and subject
	Report  string   `json:"report"` // where the race was reported or the fix recorded
	// Revert, when the tree has the fix, undoes it on a copy made at test
	// time; empty when the race is in the tree as it is.
	Revert []Edit `json:"revert,omitempty"`
	// Args are extra whoop flags the case needs (say why in Note).
	Args []string `json:"args,omitempty"`
	Note string   `json:"note,omitempty"`
}

// Side is one racing access: a text that occurs on its line.
type Side struct {
	In   string `json:"in,omitempty"` // the file holding the access, relative to the tree (default: the case's File)
	Code string `json:"code"`
}

// Edit replaces the one occurrence of Find in File by Replace.
type Edit struct {
	File    string `json:"file,omitempty"` // relative to the tree (default: the case's File)
	Find    string `json:"find"`
	Replace string `json:"replace"`
}

// sideFile is the file holding side s of c.
func (c *Case) sideFile(s Side) string {
	if s.In != "" {
		return s.In
	}
	return c.File
}

// editFile is the file edit e of c changes.
func (c *Case) editFile(e Edit) string {
	if e.File != "" {
		return e.File
	}
	return c.File
}

// loadCases reads and checks the case file.
func loadCases(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read cases: %w", err)
	}
	var cases []Case
	if err := json.Unmarshal(data, &cases); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	seen := map[string]bool{}
	for i := range cases {
		c := &cases[i]
		if err := c.check(); err != nil {
			return nil, fmt.Errorf("%s: case %d (%s): %w", path, i+1, c.ID, err)
		}
		if seen[c.ID] {
			return nil, fmt.Errorf("%s: case id %s twice", path, c.ID)
		}
		seen[c.ID] = true
	}
	return cases, nil
}

func (c *Case) check() error {
	switch {
	case c.ID == "":
		return fmt.Errorf("no id")
	case c.Field == "":
		return fmt.Errorf("no field")
	case len(c.Sides) < 1 || len(c.Sides) > 2:
		return fmt.Errorf("%d sides: want 1 or 2", len(c.Sides))
	case c.Fix == "" || c.Report == "":
		return fmt.Errorf("no fix or report")
	}
	paths := []string{c.File}
	for _, s := range c.Sides {
		if s.Code == "" {
			return fmt.Errorf("a side without code")
		}
		paths = append(paths, c.sideFile(s))
	}
	for _, e := range c.Revert {
		if e.Find == "" {
			return fmt.Errorf("an edit without find")
		}
		paths = append(paths, c.editFile(e))
	}
	for _, p := range paths {
		if !inTree(p) {
			return fmt.Errorf("path %q: want a path inside the tree", p)
		}
	}
	return nil
}

// inTree reports whether p is a relative path that stays inside the tree.
func inTree(p string) bool {
	return p != "" && !filepath.IsAbs(p) && filepath.IsLocal(p) && !strings.Contains(p, "\\")
}
