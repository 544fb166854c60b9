package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	// Parts are further files of the same module, read with File as one
	// program (whoop --module FILE PARTS...), when the sides are in
	// objects the tree's Makefile does not link into one module.
	Parts []string `json:"parts,omitempty"`
	// Field is the racy member or variable, as it appears at the end of the
	// accessed lvalue (bbu for dev->bbu, head for queue->head).
	Field string `json:"field"`
	// Sides are the racing accesses: two, or one when an entry point races
	// with another instance of itself on the same line.
	Sides  []Side `json:"sides"`
	Fix    string `json:"fix"`    // the fix: commit (when known) and subject
	Report string `json:"report"` // where the race was reported or the fix recorded
	// Revert, when the tree has the fix, undoes it on a copy made at test
	// time; empty when the race is in the tree as it is.
	Revert []Edit `json:"revert,omitempty"`
	// Args are extra whoop flags the case needs (say why in Note).
	Args []string `json:"args,omitempty"`
	Note string   `json:"note,omitempty"`
}

// Side is one racing access: given by a text on its line (or one of
// several texts, for an access whoop may report at either of two lines), or
// by the function it is in, when any access of that function to the field
// is the side; and, when known, by the entry point that makes it, so that
// the same lines reached from another entry point (a probe, say) do not
// count.
type Side struct {
	In    string `json:"in,omitempty"`    // the file holding the access, relative to the tree (default: the case's File)
	Code  texts  `json:"code,omitempty"`  // a text on the access's line: a string or a list of alternatives
	Func  string `json:"func,omitempty"`  // or: the function holding the access
	Entry string `json:"entry,omitempty"` // the entry point making the access, as whoop names it
}

// texts is a JSON string or list of strings.
type texts []string

func (t *texts) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*t = texts{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return fmt.Errorf("code: want a string or a list of strings")
	}
	*t = many
	return nil
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

// entries are the sides' entry points, when every side names one.
func (c *Case) entries() []string {
	var out []string
	for _, s := range c.Sides {
		if s.Entry == "" {
			return nil
		}
		out = append(out, s.Entry)
	}
	return out
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
	paths := append([]string{c.File}, c.Parts...)
	for _, s := range c.Sides {
		if (len(s.Code) == 0) == (s.Func == "") || slices.Contains(s.Code, "") {
			return fmt.Errorf("a side needs code or func, not both")
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
