package frontend

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Most of what cc/v4 reads of gcc's output is the -dD #define lines (nvram.c:
// 19,630 of them, 946 kB of its 1.6 MB), and reading them was about half of
// its Translate (measured in one process: 155 ms of CPU with them, 65
// without). cc/v4 consults a definition only when it meets its name: in
// the headers' code (gcc's output, already expanded, where a name is
// expanded again only if gcc left it, e.g. a self-referential macro) and
// while it expands the driver's code after the block. The names of the
// second are what gcc expands or tests there, pasted names included, and
// gcc says which (-dU) when it expands that code after the block's
// definitions alone, in a second run that reads no header of the block
// (nvram.c: 0.02-0.03 s of CPU). Only the definitions of those names, and
// of the names of the kept headers' code with the bodies they reach, are
// handed on, each with all its #define and #undef lines, so cc/v4's macro
// table holds the same entry for every name it looks up, at every point.

// restMacros returns the names gcc expands or tests (-dU) in the driver's
// code after its block (rest), after the block's definitions (text's
// #define and #undef lines, in order) and count uses of __COUNTER__, or
// nil when every definition must stay: gcc's answers may differ from
// cc/v4's there (a __has_ operator, a file of the driver's own the
// rewrites change, a push_macro pragma), or the run fails.
func (r *gccRun) restMacros(st *state, text, rest string, headLines, count int, deps []string) map[string]bool {
	if strings.Contains(rest, "__has_") || strings.Contains(text, "push_macro") || strings.Contains(text, "pop_macro") {
		return nil
	}
	for _, d := range deps {
		if st.isModel(d) {
			continue
		}
		data, err := os.ReadFile(d)
		if err != nil || bytes.Contains(data, []byte("__has_")) ||
			!bytes.Equal(endSplice(rewriteKernelSource(rewriteNamedVariadics(data))), data) {
			return nil
		}
	}
	var b strings.Builder
	b.Grow(len(text)/2 + len(rest))
	for s := text; s != ""; {
		line, after, _ := strings.Cut(s, "\n")
		s = after
		if strings.HasPrefix(line, "#define ") || strings.HasPrefix(line, "#undef ") {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	b.WriteString(strings.Repeat("#if __COUNTER__\n#endif\n", count))
	fmt.Fprintf(&b, "#line %d %q\n%s", headLines+1, r.path, rest)
	if err := r.write(filepath.Join(r.mirror, gccRest), []byte(b.String())); err != nil {
		return nil
	}
	name := filepath.Join(r.mirror, "whoop-rest.i")
	if _, err := r.runFile(true, gccRest, "-E", "-dU", "-o", name); err != nil {
		return nil
	}
	out, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	used := map[string]bool{}
	for s := string(out); s != ""; {
		line, after, _ := strings.Cut(s, "\n")
		s = after
		if n, ok := definedName(line); ok {
			used[n] = true
		}
	}
	return used
}

// definedName returns the name a #define or #undef line of gcc's output
// is about.
func definedName(line string) (string, bool) {
	def, ok := strings.CutPrefix(line, "#define ")
	if !ok {
		if def, ok = strings.CutPrefix(line, "#undef "); !ok {
			return "", false
		}
	}
	i := 0
	for i < len(def) && (isIdentStart(def[i]) || def[i] >= '0' && def[i] <= '9') {
		i++
	}
	return def[:i], i > 0
}

// blockMacros is what keptDefines reads of the block's definitions: the
// names restMacros found and every #define's bodies (macroBodies).
type blockMacros struct {
	used   map[string]bool
	bodies map[string][]string
}

// keptDefines returns the names whose definitions cc/v4 must read: m's
// used, the macro names among the identifiers of the kept units of s, and,
// for those cc/v4 would expand again (object-like, or function-like with a
// '(' next), every identifier of the bodies of their definitions,
// transitively; nil (keep every definition) when m is nil or a body so
// reached pastes (##), which can form any name. nvram.c: `inline`, which
// gcc leaves in its output (the kernel's `#define inline inline
// __gnu_inline ...`).
func keptDefines(s string, toks []cToken, units []declUnit, kept []bool, m *blockMacros) map[string]bool {
	if m == nil {
		return nil
	}
	keep := map[string]bool{}
	for n := range m.used {
		keep[n] = true
	}
	var work []string
	add := func(from, to int) {
		for i := from; i < to; i++ {
			if !toks[i].ident {
				continue
			}
			n := toks[i].text(s)
			bodies := m.bodies[n]
			if bodies == nil {
				continue
			}
			keep[n] = true
			if objectLike(bodies) || i+1 < len(toks) && s[toks[i+1].start] == '(' {
				work = append(work, n)
			}
		}
	}
	end := 0
	for i, u := range units {
		if kept[i] {
			add(u.first, u.last+1)
		}
		end = u.last + 1
	}
	add(end, len(toks))
	seen := map[string]bool{}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		keep[n] = true
		for _, b := range m.bodies[n] {
			if strings.Contains(b, "##") {
				return nil
			}
			for _, t := range tokens(b, false) {
				if t.ident {
					work = append(work, t.text(b))
				}
			}
		}
	}
	return keep
}

// objectLike reports whether one of a name's definitions is object-like.
func objectLike(bodies []string) bool {
	for _, b := range bodies {
		if !strings.HasPrefix(b, "(") {
			return true
		}
	}
	return false
}

// dropDefines returns s with the #define lines of names not in keep
// emptied (their newlines stay); s itself when keep is nil. Every #undef
// stays: a name cc/v4 predefines (<predefined>, <builtin>) that a header
// undefines must stay undefined, whether or not the name is looked up
// where gcc had it undefined (-dU names only what it expands or tests).
func dropDefines(s string, keep map[string]bool) string {
	if keep == nil || !strings.Contains(s, "#define ") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for s != "" {
		line, after, found := strings.Cut(s, "\n")
		s = after
		if n, ok := definedName(line); !ok || keep[n] || strings.HasPrefix(line, "#undef ") {
			b.WriteString(line)
		}
		if found {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// collapseLines returns s with every run of lines that are #line
// directives or empty, holding at least two directives, replaced by one
// #line giving the line after the run the number and file it had (the
// file only when a directive of the run names one). Such runs are what
// the dropped definitions leave between the headers' line markers
// (nvram.c: 6,755 of its 8,755 #line directives were followed by
// another), and each costs cc/v4 a directive.
func collapseLines(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	num, file, dirs := 0, "", 0 // the run so far: the next line's number, the file named, its directives
	var run []string            // the run's lines
	flush := func() {
		switch {
		case dirs >= 2 && file != "":
			fmt.Fprintf(&b, "#line %d %s\n", num, file)
		case dirs >= 2:
			fmt.Fprintf(&b, "#line %d\n", num)
		default:
			for _, l := range run {
				b.WriteString(l)
				b.WriteByte('\n')
			}
		}
		num, file, dirs, run = 0, "", 0, run[:0]
	}
	for s != "" {
		line, after, found := strings.Cut(s, "\n")
		s = after
		switch {
		case !found:
		case strings.HasPrefix(line, "#line "):
			ops := line[len("#line "):]
			n, ok := lineNumber(ops)
			if !ok {
				break
			}
			if f := strings.TrimSpace(strings.TrimLeft(ops, "0123456789")); f != "" {
				file = f
			}
			num, dirs, run = n, dirs+1, append(run, line)
			continue
		case line == "" && dirs > 0:
			num, run = num+1, append(run, line)
			continue
		}
		flush()
		b.WriteString(line)
		if found {
			b.WriteByte('\n')
		}
	}
	flush()
	return b.String()
}
