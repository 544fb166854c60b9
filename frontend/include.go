package frontend

import (
	"bytes"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// Include handling cc/v4 leaves to its file system: absolute include paths
// and include cycles.

// absInclude matches an #include of an absolute path. cc/v4 joins every
// include name to a search directory, so an absolute name is found only
// through the search directory "/" (ccConfig adds it last); sourceFS then
// opens there only the absolute paths some file read names literally.
var absInclude = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include(?:_next)?[ \t]*["<](/[^">\n]*)[">]`)

// noteAbsolute records the absolute paths text includes.
func (s *sourceFS) noteAbsolute(text []byte) {
	// Every match has a quote or '<' right before its '/'. Few headers do,
	// and the multi-line regexp cost 4% of a tree-mode run on every header
	// read, so skip it where it cannot match.
	if !bytes.Contains(text, []byte(`"/`)) && !bytes.Contains(text, []byte(`</`)) {
		return
	}
	for _, m := range absInclude.FindAllSubmatch(text, -1) {
		s.absolute[filepath.Clean(string(m[1]))] = true
	}
}

// noteRelative records the files the "..."-includes of from (whose text
// is text) read by a path that climbs out of its directory ("../x.h"), as
// gcc resolves them: from the including file's directory first. A driver
// of an out-of-tree build reads its neighbours' headers so (uinput.c's
// "../input-compat.h"), though they lie outside the driver's directory,
// the disk root sourceFS otherwise keeps to. The headers read are checked
// when needed (quotedFrom).
func (s *sourceFS) noteRelative(from string, text []byte) {
	if !bytes.Contains(text, []byte(`..`)) {
		return
	}
	for _, p := range quotedIncludes(from, text) {
		if strings.Contains(p.name, "..") {
			s.absolute[p.path] = true
		}
	}
}

// quotedFrom reports whether a file read names path by a "..."-include
// relative to its own directory, the first place gcc looks: such a file is
// read wherever it lies. Only a path outside the disk roots asks, which
// few do, so each file read is scanned once, then.
func (s *sourceFS) quotedFrom(path string) bool {
	path = filepath.Clean(path)
	if s.quoted == nil {
		s.quoted = map[string]bool{}
	}
	for _, name := range s.order[s.scanned:] {
		for _, p := range quotedIncludes(name, []byte(s.originals[name])) {
			s.quoted[p.path] = true
		}
	}
	s.scanned = len(s.order)
	return s.quoted[path]
}

// quotedInclude is a "..."-include: its name, and the path it names from
// the including file's directory.
type quotedInclude struct{ name, path string }

// quotedIncludes lists the "..."-includes of from's text.
func quotedIncludes(from string, text []byte) []quotedInclude {
	if !bytes.Contains(text, []byte(`"`)) {
		return nil
	}
	var out []quotedInclude
	for _, m := range includeLine.FindAllSubmatch(text, -1) {
		if name := string(m[2]); string(m[1]) == `"` && !filepath.IsAbs(name) {
			out = append(out, quotedInclude{name, filepath.Clean(filepath.Join(filepath.Dir(from), name))})
		}
	}
	return out
}

// translate runs cc.Translate. cc/v4 reads each file once and reuses it, so
// a header that includes itself, directly or through others, without an
// include guard either makes it index past the reused file's end and
// panic, or recurses until the macro-expansion limit stops it. Then
// translate looks for such a cycle among the files read and reports it as
// an input error naming the chain; any other panic is an internal error.
func translate(st *state, cfg *cc.Config, sources []cc.Source) (ast *cc.AST, err error) {
	cycle := func() error {
		chain, line := includeCycle(st.path, string(st.src), st.vfs, st.cfg.IncludeDirs)
		if chain == nil {
			return nil
		}
		return inputErrorf(ir.Pos{File: chain[len(chain)-2], Line: line},
			"#include cycle: %s (a header included again while it is being read needs an include guard)",
			strings.Join(chain, " includes "))
	}
	defer func() {
		if r := recover(); r != nil {
			ast = nil
			if err = cycle(); err == nil {
				// As runPass reports it; the stack still holds the panic.
				err = &internalError{pass: "parse", path: st.path, value: r, where: panicSite(debug.Stack())}
			}
		}
	}()
	ast, err = cc.Translate(cfg, sources)
	if err != nil && strings.Contains(err.Error(), "expansion limit exceeded") {
		if cerr := cycle(); cerr != nil {
			return nil, cerr
		}
	}
	return ast, err
}

// includeLine matches an #include or #include_next and its name.
var includeLine = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include(?:_next)?[ \t]*(["<])([^">\n]*)[">]`)

// includeCycle returns a chain of files, the first one repeated last, in
// which each includes the next: a cycle among the driver (path, text src)
// and the disk files vfs read, found from the driver depth first; nil if
// there is none, and the line of the last #include in the chain. Includes
// resolve as cc/v4 resolves them, to files read.
func includeCycle(path, src string, vfs *sourceFS, includeDirs []string) ([]string, int) {
	text := func(name string) (string, bool) {
		if name == path {
			return src, true
		}
		t, ok := vfs.originals[name]
		return t, ok
	}
	resolve := func(from, quote, name string) string {
		var dirs []string
		if quote == `"` {
			dirs = append(dirs, filepath.Dir(from))
		}
		dirs = append(dirs, includeDirs...)
		dirs = append(dirs, "/")
		for _, d := range dirs {
			if d == "" {
				continue
			}
			p := filepath.Join(filepath.Clean(d), name)
			if _, ok := text(p); ok {
				return p
			}
		}
		return ""
	}
	const (
		unseen = iota
		onPath
		done
	)
	state := map[string]int{}
	var stack []string
	line := 0
	var visit func(name string) []string
	visit = func(name string) []string {
		state[name] = onPath
		stack = append(stack, name)
		t, _ := text(name)
		for _, ix := range includeLine.FindAllStringSubmatchIndex(t, -1) {
			next := resolve(name, t[ix[2]:ix[3]], t[ix[4]:ix[5]])
			switch {
			case next == "":
			case state[next] == onPath:
				i := len(stack) - 1
				for stack[i] != next {
					i--
				}
				line = strings.Count(t[:ix[0]], "\n") + 1
				return append(append([]string(nil), stack[i:]...), next)
			case state[next] == unseen:
				if c := visit(next); c != nil {
					return c
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[name] = done
		return nil
	}
	return visit(path), line
}
