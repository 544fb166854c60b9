package ktree

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Module reports whether kbuild compiles file as part of a module, and so
// with -DMODULE: its directory's Makefile names the object (directly, or as a
// part of a composite object foo-y/foo-objs) on an obj-$(CONFIG_X) line with
// CONFIG_X=m in the build. An object on an obj-y line, or whose CONFIG_X is y,
// is built in: the headers then declare what only built-in code may use
// (random.h's random_fops, init.h's early_param) and hide what only modules
// have. A file no Makefile line names, or whose option is off (not built at
// all), reads as a module: that is how an out-of-tree driver is built.
func (l *Layout) Module(file string) bool {
	if l.Cmd != nil {
		_, ok := l.Cmd.Defined("MODULE")
		return ok
	}
	data, err := os.ReadFile(filepath.Join(filepath.Dir(file), "Makefile"))
	if err != nil {
		return true
	}
	cfg, err := l.Config()
	if err != nil {
		return true
	}
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)) + ".o"
	lines := makefileLines(string(data))
	// The objects that may stand for file on an obj- line: itself and the
	// composite objects it is a part of.
	names := map[string]bool{base: true}
	for _, ln := range lines {
		m := partLine.FindStringSubmatch(ln)
		if m == nil || strings.HasPrefix(ln, "obj-") {
			continue
		}
		for _, o := range strings.Fields(m[2]) {
			if o == base {
				names[m[1]+".o"] = true
			}
		}
	}
	for _, ln := range lines {
		m := objListLine.FindStringSubmatch(ln)
		if m == nil {
			continue
		}
		for _, o := range strings.Fields(m[2]) {
			if !names[o] {
				continue
			}
			switch {
			case m[1] == "y":
				return false
			case strings.HasPrefix(m[1], "$(CONFIG_"):
				opt := strings.TrimSuffix(strings.TrimPrefix(m[1], "$("), ")")
				if cfg[opt] == "1" {
					return false
				}
			}
		}
	}
	return true
}

// objListLine matches `obj-y += a.o b.o` and `obj-$(CONFIG_X) += a.o`.
var objListLine = regexp.MustCompile(`^obj-(y|m|\$\(CONFIG_[A-Za-z0-9_]+\))\s*[+:]?=\s*(.*)$`)

// partLine matches the parts of a composite object: `foo-y += a.o`,
// `foo-objs := a.o`, `foo-$(CONFIG_X) += a.o`.
var partLine = regexp.MustCompile(`^([A-Za-z0-9_-]+)-(?:y|objs|\$\(CONFIG_[A-Za-z0-9_]+\))\s*[+:]?=\s*(.*)$`)

// guardedLine matches an object list line with its owner ("obj" or a
// composite's name), its guard (y, m, objs or $(CONFIG_X)) and its objects.
var guardedLine = regexp.MustCompile(`^([A-Za-z0-9_-]+?)-(y|m|objs|\$\(CONFIG_[A-Za-z0-9_]+\))\s*[+:]?=\s*(.*)$`)

// makefileLines returns a Makefile's logical lines: comments dropped,
// backslash continuations joined, spaces trimmed.
func makefileLines(text string) []string {
	var out []string
	cur := ""
	for _, ln := range strings.Split(text, "\n") {
		if i := strings.IndexByte(ln, '#'); i >= 0 {
			ln = ln[:i]
		}
		ln = strings.TrimSpace(ln)
		if strings.HasSuffix(ln, "\\") {
			cur += strings.TrimSuffix(ln, "\\") + " "
			continue
		}
		out = append(out, strings.TrimSpace(cur+ln))
		cur = ""
	}
	return out
}

// Composite returns the composite object that file is a part of according
// to its directory's Makefile ("r8169" for r8169_main.c, from `r8169-y +=
// r8169_main.o`), or "" when no part line names it.
func Composite(file string) string {
	data, err := os.ReadFile(filepath.Join(filepath.Dir(file), "Makefile"))
	if err != nil {
		return ""
	}
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)) + ".o"
	for _, ln := range makefileLines(string(data)) {
		m := partLine.FindStringSubmatch(ln)
		if m == nil || strings.HasPrefix(ln, "obj-") || m[1]+".o" == base {
			continue
		}
		if slices.Contains(strings.Fields(m[2]), base) {
			return m[1]
		}
	}
	return ""
}

// Parts returns the C sources of the composite object name in dir as the
// build configures it: the objects of its name-y and name-objs lines and of
// its name-$(CONFIG_X) lines with CONFIG_X set, in Makefile order, each as
// dir/part.c. It is an error when the Makefile names no part of name, or a
// part has no C source (an assembler or generated object), since the
// module could not be analysed whole.
func (l *Layout) Parts(dir, name string) ([]string, error) {
	mk := filepath.Join(dir, "Makefile")
	data, err := os.ReadFile(mk)
	if err != nil {
		return nil, err
	}
	cfg, err := l.Config()
	if err != nil {
		return nil, err
	}
	var parts []string
	for _, ln := range makefileLines(string(data)) {
		m := partLine.FindStringSubmatch(ln)
		if m == nil || m[1] != name {
			continue
		}
		if rest := ln[len(name)+1:]; strings.HasPrefix(rest, "$(") {
			opt, _, _ := strings.Cut(rest[2:], ")")
			if cfg[opt] != "1" {
				continue // the option is off: not part of this build
			}
		}
		for _, o := range strings.Fields(m[2]) {
			c := filepath.Join(dir, strings.TrimSuffix(o, ".o")+".c")
			if !strings.HasSuffix(o, ".o") {
				return nil, fmt.Errorf("%s: part %s of %s is not an object", mk, o, name)
			}
			if _, err := os.Stat(c); err != nil {
				return nil, fmt.Errorf("%s: part %s of %s has no C source (%s)", mk, o, name, filepath.Base(c))
			}
			if !slices.Contains(parts, c) {
				parts = append(parts, c)
			}
		}
	}
	if len(parts) == 0 {
		return nil, fmt.Errorf("%s names no part of %s (no %s-y or %s-objs line)", mk, name, name, name)
	}
	return parts, nil
}
