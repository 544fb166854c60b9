package ktree

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Unbuilt says why the build's configuration compiles no object of file:
// the Makefile line that names it, and the option of that line the build
// does not set ("drivers/misc/cb710/Makefile: cb710-$(CONFIG_CB710_DEBUG)
// += debug.o, and CONFIG_CB710_DEBUG is not set"), or the line of a parent
// directory's Makefile that leaves out one of its directories. It returns
// "" when the file is built, when no line names it or its directories (an
// out-of-tree driver; a file built from another Makefile), and for a
// kbuild command line, which builds it. The code such a configuration
// leaves out (struct members under #ifdef, helpers of other options) is
// often why the file does not read.
func (l *Layout) Unbuilt(file string) string {
	f, err := l.BuildFilter()
	if err != nil {
		return ""
	}
	return f.Unbuilt(file)
}

// BuildFilter answers Unbuilt for many files (a directory sweep), reading
// the configuration and each directory's Makefile once.
type BuildFilter struct {
	l     *Layout
	cfg   map[string]string
	lines map[string][]string // a directory's Makefile lines; nil: none
}

// BuildFilter returns the layout's filter; its error is the configuration's.
func (l *Layout) BuildFilter() (*BuildFilter, error) {
	if l.Cmd != nil {
		return &BuildFilter{l: l}, nil
	}
	cfg, err := l.Config()
	if err != nil {
		return nil, err
	}
	return &BuildFilter{l: l, cfg: cfg, lines: map[string][]string{}}, nil
}

// Unbuilt is Layout.Unbuilt.
func (f *BuildFilter) Unbuilt(file string) string {
	if f.l.Cmd != nil {
		return ""
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	dir := filepath.Dir(abs)
	base := strings.TrimSuffix(filepath.Base(abs), filepath.Ext(abs)) + ".o"
	if why := f.objectUnbuilt(dir, base); why != "" {
		return why
	}
	// Each directory up to the tree's top, as its parent's Makefile names
	// it (obj-$(CONFIG_X) += dir/).
	tree, err := filepath.Abs(f.l.Tree)
	if err != nil {
		return ""
	}
	for d := dir; strings.HasPrefix(d, tree+string(filepath.Separator)); d = filepath.Dir(d) {
		if why, _ := f.why(filepath.Dir(d), filepath.Base(d)+"/", 1); why != "" {
			return why
		}
	}
	return ""
}

// objectUnbuilt is why dir/Makefile does not build the object obj.
func (f *BuildFilter) objectUnbuilt(dir, obj string) string {
	why, _ := f.why(dir, obj, 0)
	return why
}

// makefile returns dir's Makefile lines, read once.
func (f *BuildFilter) makefile(dir string) []string {
	if lines, ok := f.lines[dir]; ok {
		return lines
	}
	var lines []string
	if data, err := os.ReadFile(filepath.Join(dir, "Makefile")); err == nil {
		lines = makefileLines(string(data))
	}
	f.lines[dir] = lines
	return lines
}

// why returns, for an object (or a directory "name/") of dir's Makefile,
// the first line naming it whose option is off, or built when a line
// naming it builds it (a part: when its composite is built too); ("",
// false) when no line names it.
func (f *BuildFilter) why(dir, obj string, depth int) (string, bool) {
	lines := f.makefile(dir)
	mk := filepath.Join(dir, "Makefile")
	rel := mk
	if r, err := filepath.Rel(f.l.Tree, mk); err == nil && !strings.HasPrefix(r, "..") {
		rel = r
	} else if tree, err := filepath.Abs(f.l.Tree); err == nil {
		if r, err := filepath.Rel(tree, mk); err == nil && !strings.HasPrefix(r, "..") {
			rel = r
		}
	}
	reason := ""
	for _, ln := range lines {
		m := guardedLine.FindStringSubmatch(ln)
		if m == nil || !slices.Contains(strings.Fields(m[3]), obj) {
			continue
		}
		if opt := f.off(m[2]); opt != "" {
			if reason == "" {
				reason = fmt.Sprintf("%s: %s, and %s is not set", rel, strings.Join(strings.Fields(ln), " "), opt)
			}
			continue
		}
		if m[1] == "obj" || depth > 0 {
			return "", true
		}
		// A part whose own line is on: as its composite. One no line
		// names (built from another Makefile) counts as built.
		r, built := f.why(dir, m[1]+".o", depth+1)
		if built || r == "" {
			return "", true
		}
		if reason == "" {
			reason = r
		}
	}
	return reason, false
}

// off returns the unset option of a line's $(CONFIG_X) guard, or "".
func (f *BuildFilter) off(guard string) string {
	if opt, ok := strings.CutPrefix(guard, "$("); ok {
		opt = strings.TrimSuffix(opt, ")")
		if f.cfg[opt] == "" && f.cfg[opt+"_MODULE"] == "" {
			return opt
		}
	}
	return ""
}
