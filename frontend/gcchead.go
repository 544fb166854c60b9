package frontend

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/whoopverify/whoop/models"
)

// headEnd returns the length of the driver's leading block of preprocessor
// directives: the lines before its first line of C code, its first quoted
// #include (a header of the driver's own, whose code is the driver's and
// keeps cc/v4's columns) or its first #include_next, ended where no #if is
// open. Blank lines and comments belong to the block. The block ends after
// a newline, so the driver's own code keeps its lines and columns.
func headEnd(src []byte) int {
	end, depth, inComment := 0, 0, false
	for off := 0; off < len(src); {
		line, next := logicalLine(src, off)
		text, stillComment := stripComments(line, inComment)
		inComment = stillComment
		t := bytes.TrimSpace(text)
		switch {
		case len(t) == 0:
		case t[0] != '#':
			return end
		default:
			verb, rest := directiveVerb(t[1:])
			switch verb {
			case "if", "ifdef", "ifndef":
				depth++
			case "endif":
				depth--
			case "include":
				if bytes.HasPrefix(rest, []byte(`"`)) {
					return end
				}
			case "include_next", "import":
				return end
			}
		}
		off = next
		if depth == 0 && !inComment {
			end = off
		}
		if depth < 0 {
			return end
		}
	}
	return end
}

// logicalLine returns the physical lines from off up to a newline not
// preceded by a backslash, and the offset after it.
func logicalLine(src []byte, off int) ([]byte, int) {
	i := off
	for i < len(src) {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return src[off:], len(src)
		}
		i += j + 1
		l := bytes.TrimRight(src[off:i-1], "\r")
		if len(l) == 0 || l[len(l)-1] != '\\' {
			break
		}
	}
	return src[off:i], i
}

// stripComments returns line without its comments (each replaced by a
// space) and whether a block comment is still open at its end. String and
// character literals are skipped so that "/*" inside one opens nothing.
func stripComments(line []byte, inComment bool) ([]byte, bool) {
	var out []byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case inComment:
			if c == '*' && i+1 < len(line) && line[i+1] == '/' {
				inComment = false
				i++
				out = append(out, ' ')
			}
		case c == '/' && i+1 < len(line) && line[i+1] == '*':
			inComment = true
			i++
		case c == '/' && i+1 < len(line) && line[i+1] == '/':
			return out, false
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(line) && line[j] != c && line[j] != '\n' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			out = append(out, line[i:min(j+1, len(line))]...)
			i = j
		default:
			out = append(out, c)
		}
	}
	return out, inComment
}

// directiveVerb splits a directive's text after '#' into its name and the
// rest, both trimmed.
func directiveVerb(t []byte) (string, []byte) {
	t = bytes.TrimLeft(t, " \t")
	i := 0
	for i < len(t) && (t[i] == '_' || t[i] >= 'a' && t[i] <= 'z') {
		i++
	}
	return string(t[:i]), bytes.TrimSpace(t[i:])
}

// blankLines returns src[:n] with every character but newlines removed, so
// the text after it keeps its lines.
func blankLines(src []byte, n int) []byte {
	return bytes.Repeat([]byte("\n"), bytes.Count(src[:n], []byte("\n")))
}

// includeScan lists, without running gcc, every header the gcc run on the
// mirror can open: the files every literal #include, #include_next and
// #import of the driver, its forced includes and each file so reached
// name, whatever their #if (so under gcc's answers and cc/v4's alike),
// resolved as gcc resolves them (libcpp's search_path_head): a quoted name
// in the including file's directory, then the quote chain (the driver's
// directory, -iquote), then the include path; a bracketed name on the
// include path; #include_next after the include path entry the including
// file was found through (for a file found beside its includer, the whole
// quote chain). A mirror holding all of them reads as the tree does: a
// lookup there finds the first entry that has the name, which is the
// tree's first, present in the mirror. When a reached file computes an
// include's name, asks __has_include, or spells a directive in a way the
// scan does not read, the scan gives up (ok false) and gcc lists the
// headers itself (firstRun).
type includeScan struct {
	dirs   []string                 // the include path as gcc gets it (r.dirs, not mapped)
	quote  string                   // the driver's directory, the quote chain's -iquote
	exists map[string]bool          // files looked up
	texts  map[string]*cachedHeader // files read, by path
	cache  *HeaderCache
	seen   map[scanItem]bool
	work   []scanItem
	looked map[scanKey]bool // the directives followed
	chains map[chainKey][]scanItem
	// computed holds the files with an include whose name a macro gives
	// (covers resolves what gcc made of it).
	computed map[string]bool
	why      string // why the scan gave up, "" while it has not
}

// scanKey is one #include or #include_next directive of a file (the main
// file: "").
type scanKey struct {
	file, name  string
	next, angle bool
}

// scanItem is a file reached, with the include path entry it was found
// through: an index in dirs, viaQuote (the quote chain's -iquote entry or
// beside its includer) or viaAbs (an absolute name).
type scanItem struct {
	path string
	dir  int
}

const (
	viaQuote = -1
	viaAbs   = -2
)

// scanHeaders runs the scan from the main file's text (the command line's
// forced includes, then the driver), or returns nil when it cannot tell.
func (r *gccRun) scanHeaders(main string) *includeScan {
	quote, err := filepath.Abs(filepath.Dir(r.path))
	if err != nil {
		return nil
	}
	s := &includeScan{dirs: r.dirs, quote: quote, exists: map[string]bool{}, cache: r.cache,
		texts: map[string]*cachedHeader{}, seen: map[scanItem]bool{}, looked: map[scanKey]bool{}, chains: map[chainKey][]scanItem{}, computed: map[string]bool{}}
	s.file(scanItem{path: "", dir: viaAbs}, scannedText([]byte(main)))
	for len(s.work) > 0 && s.why == "" {
		it := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		h, err := s.read(it.path)
		if err != nil {
			s.why = err.Error()
			break
		}
		s.file(it, h)
	}
	if s.why != "" {
		return nil
	}
	return s
}

// sorted returns the files reached, sorted.
func (s *includeScan) sorted() []string {
	files := make([]string, 0, len(s.texts))
	for p := range s.texts {
		files = append(files, p)
	}
	sort.Strings(files)
	return files
}

// covers reports whether the scan followed every directive gcc did (gcc
// -dI's directive lines, each with the file it stands in): then every
// file gcc looked for was found as in the tree, in the mirror. A directive
// whose name a macro gave (define_trace.h's `#include
// TRACE_INCLUDE(TRACE_INCLUDE_FILE)`; gcc -dI writes the name it made) is
// covered when it is an #include whose lookup in the tree finds a file the
// scan read: that file is in the mirror, and no earlier entry of the
// search has the name in the tree, so none has it in the mirror, and gcc
// read the tree's file.
func (s *includeScan) covers(done []scanKey) bool {
	for _, k := range done {
		if s.looked[k] {
			continue
		}
		if k.next || !s.computed[k.file] {
			return false
		}
		hit := s.lookup(scanItem{path: k.file, dir: viaAbs}, false, k.angle, k.name)
		if len(hit) != 1 || s.texts[hit[0].path] == nil {
			return false
		}
	}
	return true
}

// file follows the includes of one file reached as it, whose entry is h.
func (s *includeScan) file(it scanItem, h *cachedHeader) {
	if h.hasInclude {
		s.why = it.path + " asks __has_include"
		return
	}
	if !h.ok {
		s.why = it.path + " has an #include the scan cannot read"
		return
	}
	if h.computed {
		s.computed[it.path] = true
	}
	for _, d := range h.includes {
		s.looked[scanKey{it.path, d.name, d.next, d.angle}] = true
		for _, p := range s.lookup(it, d.next, d.angle, d.name) {
			if !s.seen[p] {
				s.seen[p] = true
				s.work = append(s.work, p)
			}
		}
	}
}

// lookup returns where gcc finds name included from the file it: the
// first hit of the search (of each search gcc may make, when how it found
// the file is not known).
func (s *includeScan) lookup(it scanItem, next, angle bool, name string) []scanItem {
	if filepath.IsAbs(name) {
		if s.has(name) {
			return []scanItem{{name, viaAbs}}
		}
		return nil
	}
	switch {
	case next && it.dir >= 0:
		return s.chain(it.dir+1, name)
	case next && it.dir == viaQuote:
		// Found beside its includer (gcc goes on with the quote chain)
		// or through -iquote (with the include path): both.
		q := filepath.Join(s.quote, name)
		if s.has(q) {
			return append(slices.Clone(s.chain(0, name)), scanItem{q, viaQuote})
		}
		return s.chain(0, name)
	}
	// #include, or an #include_next gcc takes as one (in the main file or
	// a file named by its absolute path).
	if !angle {
		if it.path != "" {
			if p := filepath.Join(filepath.Dir(it.path), name); s.has(p) {
				return []scanItem{{p, viaQuote}}
			}
		}
		if p := filepath.Join(s.quote, name); s.has(p) {
			return []scanItem{{p, viaQuote}}
		}
	}
	return s.chain(0, name)
}

// chainKey is a search of the include path: a name from an entry on.
type chainKey struct {
	name string
	from int
}

// chain returns the first hit for name on the include path from entry
// from, each search made once (most headers include the same few).
func (s *includeScan) chain(from int, name string) []scanItem {
	k := chainKey{name, from}
	if hit, ok := s.chains[k]; ok {
		return hit
	}
	var hit []scanItem
	for i := from; i < len(s.dirs); i++ {
		if p := s.join(i, name); s.has(p) {
			hit = []scanItem{{p, i}}
			break
		}
	}
	s.chains[k] = hit
	return hit
}

// join names name in include path entry i (the overlay's entry is the
// embedded models' directory).
func (s *includeScan) join(i int, name string) string {
	if isModelFile(s.dirs[i]) {
		return path.Join(s.dirs[i], name)
	}
	return filepath.Join(s.dirs[i], name)
}

// has reports whether a regular file (or a link to one) is at p.
func (s *includeScan) has(p string) bool {
	if ok, done := s.exists[p]; done {
		return ok
	}
	var ok bool
	if isModelFile(p) {
		fi, err := fs.Stat(models.Include(), strings.TrimPrefix(p, "<whoop>/"))
		ok = err == nil && !fi.IsDir()
	} else {
		ok = s.cache.isFile(p)
	}
	s.exists[p] = ok
	return ok
}

// read returns the entry of p, read once.
func (s *includeScan) read(p string) (*cachedHeader, error) {
	if h, ok := s.texts[p]; ok {
		return h, nil
	}
	var h *cachedHeader
	if isModelFile(p) {
		data, err := fs.ReadFile(models.Include(), strings.TrimPrefix(p, "<whoop>/"))
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", p, err)
		}
		h = scannedText(data) // not mirrored: the overlay is written whole
	} else {
		var err error
		if h, err = s.cache.header(p); err != nil {
			return nil, err
		}
	}
	s.texts[p] = h
	return h, nil
}

// directives calls f on every #include, #include_next and #import line of
// src (a line whose first character but blanks is '#', comments allowed
// between the words), in #if branches taken or not, and in comments too
// (more files than gcc reads, which costs only their copying). It returns
// false when one names its file otherwise than <name> or "name" (a macro,
// a line splice) or when "include" follows a '#' elsewhere on a line that
// is not a comment's (a directive after a comment, a digraph).
func directives(src []byte, f func(next, angle bool, name string)) bool {
	return scanDirectives(src, f, nil)
}

// scanDirectives is directives, but an #include or #include_next whose
// operand is a macro (`#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)`,
// include/trace/define_trace.h) calls computed, when it is not nil,
// instead of ending the scan.
func scanDirectives(src []byte, f func(next, angle bool, name string), computed func()) bool {
	inc := -1 // the first "include" at or after a line's start, found anew once passed
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		line, lineStart := src[off:end], off
		off = end + 1
		t := trimBlanks(line)
		if len(t) > 0 && t[0] == '#' {
			rest, ok := skipBlanksComments(t[1:])
			if !ok {
				return false
			}
			i := 0
			for i < len(rest) && (rest[i] == '_' || rest[i] >= 'a' && rest[i] <= 'z') {
				i++
			}
			word := string(rest[:i])
			if i < len(rest) && rest[i] == '\\' {
				return false // a line splice in the directive's name
			}
			if word != "include" && word != "include_next" && word != "import" {
				continue
			}
			op, ok := skipBlanksComments(rest[i:])
			if ok && computed != nil && word != "import" && len(op) > 0 && (op[0] == '_' || unicode.IsLetter(rune(op[0]))) {
				computed()
				continue
			}
			if !ok || len(op) == 0 || op[0] != '<' && op[0] != '"' {
				return false
			}
			close := byte('"')
			if op[0] == '<' {
				close = '>'
			}
			j := bytes.IndexByte(op[1:], close)
			if j < 0 {
				return false
			}
			f(word == "include_next", op[0] == '<', string(op[1:1+j]))
			continue
		}
		// Only a line holding "include" can hide a directive (oddDirective).
		if inc < lineStart {
			inc = nextInclude(src, lineStart)
		}
		if inc < end && oddDirective(t, line[:inc-lineStart]) {
			return false
		}
	}
	return true
}

// nextInclude returns the offset of the first "include" in src at or after
// i, or len(src): scanDirectives looks for it once in the text, not once
// per line.
func nextInclude(src []byte, i int) int {
	if k := bytes.Index(src[i:], []byte("include")); k >= 0 {
		return i + k
	}
	return len(src)
}

// trimBlanks is bytes.TrimLeft(t, " \t\f\v\r"), without its cutset
// table built at every call (a header's every line).
func trimBlanks(t []byte) []byte {
	i := 0
	for i < len(t) && (t[i] == ' ' || t[i] == '\t' || t[i] == '\f' || t[i] == '\v' || t[i] == '\r') {
		i++
	}
	return t[i:]
}

// oddDirective reports whether a line that does not start with '#' may
// still hold a directive before its word "include": a '#' or "%:" in
// front of it, unless the line is a comment's ("* ...", "// ...").
func oddDirective(t, before []byte) bool {
	if !bytes.ContainsAny(before, "#") && !bytes.Contains(before, []byte("%:")) {
		return false
	}
	if bytes.HasPrefix(t, []byte("//")) || bytes.HasPrefix(t, []byte("*")) && !bytes.HasPrefix(t, []byte("*/")) {
		return false
	}
	return true
}

// skipBlanksComments skips blanks and /* */ comments closed on the line;
// false for one left open.
func skipBlanksComments(t []byte) ([]byte, bool) {
	for {
		t = trimBlanks(t)
		if !bytes.HasPrefix(t, []byte("/*")) {
			return t, true
		}
		j := bytes.Index(t[2:], []byte("*/"))
		if j < 0 {
			return nil, false
		}
		t = t[2+j+2:]
	}
}
