package frontend

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// Pruning (--preprocess=gcc): most of the kernel headers' text is
// declarations and inline functions no driver uses (nvram.c: 4,352 of
// 4,568 bodies, half its tokens, and most prototypes, structs and enums),
// which cc/v4 would tokenize, parse and type-check for nothing.
// pruneBodies drops every external declaration and function definition
// that declares no name anything reaches, leaving its newlines and its
// directive lines, so every line keeps its number; a unit whose names
// whoop cannot tell (a _Static_assert, a file-scope asm) stays. What
// reaches a name, conservatively (keeping too much costs only time): the
// identifiers of the driver's code as gcc expands it (so names made by
// token pasting are seen) and those of every unit kept, transitively. The
// first gcc run reads the tree itself, where gcc's own __has_attribute and
// __has_builtin answers may choose other macro definitions than cc/v4's;
// so the identifiers of the macros the driver's own text names, through
// the definitions cc/v4 gets (macroRoots), are roots too. A dropped unit
// is one cc/v4 would have read and type-checked without effect on the
// program: whoop lowers the header declarations the driver's code uses,
// and nothing else of them reaches a report.

// cToken is one token of preprocessed C text: an identifier, or one
// punctuation character; literals and numbers are skipped.
type cToken struct {
	start, end int32 // int32: gcc's output of a unit is far below 2 GB (pruneBodies checks)
	ident      bool
}

func (t cToken) text(s string) string { return s[t.start:t.end] }

// cTokens splits preprocessed text into tokens, skipping directive lines
// (line markers, #define, #undef, #pragma: gcc starts them in column 1).
func cTokens(s string) []cToken { return tokens(s, true) }

// tokens splits s into tokens, skipping directive lines when skip is set.
func tokens(s string, skip bool) []cToken {
	// Preprocessed C text has a token every 3-4 bytes: sized once, the
	// slice is not copied as it grows (nvram.c: 2.8 MB of gcc output).
	toks := make([]cToken, 0, len(s)/4)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case skip && c == '#' && (i == 0 || s[i-1] == '\n'):
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c && s[j] != '\n' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case isIdentStart(c):
			j := i + 1
			for j < len(s) && (isIdentStart(s[j]) || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			toks = append(toks, cToken{int32(i), int32(j), true})
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && (isIdentStart(s[j]) || s[j] >= '0' && s[j] <= '9' || s[j] == '.' ||
				(s[j] == '+' || s[j] == '-') && (s[j-1]|0x20 == 'e' || s[j-1]|0x20 == 'p')) {
				j++
			}
			i = j
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			toks = append(toks, cToken{int32(i), int32(i + 1), false})
			i++
		}
	}
	return toks
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '$'
}

// cIdents adds the identifiers of s to set.
func cIdents(s string, set map[string]bool) {
	for _, t := range cTokens(s) {
		if t.ident {
			set[t.text(s)] = true
		}
	}
}

// declUnit is one external declaration or function definition of
// preprocessed text: tokens [first, last] and the names it declares (defs;
// none when whoop cannot tell, and then it is kept).
type declUnit struct {
	first, last int
	defs        []string
}

// pruneBodies returns s with every file-scope declaration and function
// definition nothing reaches replaced by its newlines (its directive
// lines kept), so every line keeps its number. A unit is reached when a
// name it declares is a root or an identifier of a kept unit. With m not
// nil, the #define lines of the names cc/v4 cannot meet become empty
// lines too (keptDefines).
func pruneBodies(s string, roots map[string]bool, m *blockMacros) string {
	if len(s) > math.MaxInt32 {
		return s // beyond cToken's offsets: kept whole
	}
	toks := cTokens(s)
	units := declUnits(s, toks)
	byName := map[string][]int{}
	kept := make([]bool, len(units))
	var work []string
	reach := func(u declUnit) {
		for _, t := range toks[u.first : u.last+1] {
			if t.ident {
				work = append(work, t.text(s))
			}
		}
	}
	for i, u := range units {
		if len(u.defs) == 0 {
			kept[i] = true
			reach(u)
		}
		for _, n := range u.defs {
			byName[n] = append(byName[n], i)
		}
	}
	for n := range roots {
		work = append(work, n)
	}
	seen := map[string]bool{}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		for _, i := range byName[n] {
			if !kept[i] {
				kept[i] = true
				reach(units[i])
			}
		}
	}
	return collapseLines(dropUnits(s, toks, units, kept, keptDefines(s, toks, units, kept, m)))
}

// dropUnits returns s with each unit not kept replaced by its newlines
// and directive lines, and every run of blankRun or more empty lines
// between units by one #line directive (lineWriter).
func dropUnits(s string, toks []cToken, units []declUnit, kept []bool, defines map[string]bool) string {
	w := &lineWriter{line: 1, atStart: true}
	w.b.Grow(len(s))
	last := int32(0) // s[:last] is written
	for i, u := range units {
		from, to := toks[u.first].start, toks[u.last].end
		w.gap(dropDefines(s[last:from], defines))
		if kept[i] {
			w.text(dropDefines(s[from:to], defines))
		} else {
			w.gap(dropDefines(blankKeepingDirectives(s[from:to]), defines))
		}
		last = to
	}
	w.text(dropDefines(s[last:], defines))
	return w.b.String()
}

// blankKeepingDirectives returns the newlines of s and its directive lines
// (line markers, #define, #pragma), which cTokens skipped: a dropped unit
// leaves every line where it was.
func blankKeepingDirectives(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return b.String()
		}
		b.WriteByte('\n')
		s = s[i+1:]
		if strings.HasPrefix(s, "#") {
			j := strings.IndexByte(s, '\n')
			if j < 0 {
				j = len(s)
			}
			b.WriteString(s[:j])
			s = s[j:]
		}
	}
}

// blankRun is the shortest run of empty lines lineWriter writes as one
// #line: cc/v4 takes about 0.4 us per line, empty or not (nvram.c: 62,000
// of the 93,000 lines of its pruned text are empty, 40 ms of cc/v4's
// 210), and a #line directive costs it a few lines' worth.
const blankRun = 4

// lineWriter writes pruned text. Between units (after a ';' or '}' at
// file scope, where no macro call can be collecting arguments), a run of
// blankRun or more empty lines becomes `#line N`, N the number the line
// after the run has: cc/v4 numbers every later line as before (a #line
// without a file name keeps the file).
type lineWriter struct {
	b       strings.Builder
	line    int  // the number (after #line) of the line being written
	atStart bool // at the start of that line
	held    int  // empty lines not yet written
}

// gap writes text between units, holding its empty lines back.
func (w *lineWriter) gap(s string) {
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			w.text(s)
			return
		}
		if i == 0 && w.atStart {
			w.held++
			w.line++
			s = s[1:]
			continue
		}
		w.text(s[:i+1])
		s = s[i+1:]
	}
}

// text writes s as it is, after the empty lines held back, and follows
// its line numbers.
func (w *lineWriter) text(s string) {
	if s == "" {
		return
	}
	if w.held >= blankRun {
		fmt.Fprintf(&w.b, "#line %d\n", w.line)
	} else {
		w.b.WriteString(strings.Repeat("\n", w.held))
	}
	w.held = 0
	w.b.WriteString(s)
	for len(s) > 0 {
		if w.atStart && strings.HasPrefix(s, "#line ") {
			if n, ok := lineNumber(s[len("#line "):]); ok {
				w.line = n - 1 // its newline makes it n
			}
		}
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			w.atStart = false
			return
		}
		w.line++
		w.atStart = true
		s = s[i+1:]
	}
}

// lineNumber reads the line number at the start of a #line directive's
// operands.
func lineNumber(s string) (int, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(s[:i])
	return n, err == nil
}

// declUnits splits preprocessed text into its external declarations: each
// ends at a ';' outside any parentheses, brackets and braces, or at the
// '}' of a function body.
func declUnits(s string, toks []cToken) []declUnit {
	var units []declUnit
	typedefs := map[string]bool{}
	first, depth, init := 0, 0, false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.ident {
			continue
		}
		switch s[t.start] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '{':
			if depth == 0 && !init && fnName(s, toks, i) != "" {
				end := matchBrace(s, toks, i)
				if end < 0 {
					return units
				}
				units = append(units, newUnit(s, toks, first, end, typedefs))
				first, i = end+1, end
				continue
			}
			depth++
		case '}':
			depth--
		case '=':
			if depth == 0 {
				init = true
			}
		case ';':
			if depth == 0 {
				units = append(units, newUnit(s, toks, first, i, typedefs))
				first, init = i+1, false
			}
		}
	}
	return units
}

// attrWords may stand between a function's parameter list and its body.
var attrWords = map[string]bool{"__attribute__": true, "__attribute": true, "asm": true, "__asm__": true, "__asm": true}

// fnName returns the name of the function whose body opens at toks[i], or
// "" when the brace does not follow a declarator's parameter list (a struct,
// union or enum body, or an unrecognised form, which is kept).
func fnName(s string, toks []cToken, i int) string {
	j := i - 1
	for j >= 0 && !toks[j].ident && s[toks[j].start] == ')' {
		open := matchParenBack(s, toks, j)
		if open <= 0 || !toks[open-1].ident {
			return ""
		}
		name := toks[open-1].text(s)
		if !attrWords[name] {
			if cKeywords[name] {
				return ""
			}
			return name
		}
		j = open - 2
	}
	return ""
}

// cKeywords cannot name a function.
var cKeywords = map[string]bool{"if": true, "while": true, "for": true, "switch": true, "return": true,
	"sizeof": true, "typeof": true, "__typeof__": true, "__typeof": true, "_Alignof": true, "__alignof__": true,
	"struct": true, "union": true, "enum": true, "_Generic": true, "__builtin_offsetof": true}

// matchParenBack returns the index of the '(' matching the ')' at toks[j],
// or -1.
func matchParenBack(s string, toks []cToken, j int) int {
	depth := 0
	for ; j >= 0; j-- {
		if toks[j].ident {
			continue
		}
		switch s[toks[j].start] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// matchBrace returns the index of the '}' matching the '{' at toks[i], or -1.
func matchBrace(s string, toks []cToken, i int) int {
	depth := 0
	for ; i < len(toks); i++ {
		if toks[i].ident {
			continue
		}
		switch s[toks[i].start] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// macroBodies returns the bodies of every #define line of text (gcc's -dD
// output), by name: what follows the name, a parameter list included.
func macroBodies(text string) map[string][]string {
	bodies := map[string][]string{}
	for text != "" {
		line, after, _ := strings.Cut(text, "\n")
		text = after
		if def, ok := strings.CutPrefix(line, "#define "); ok {
			i := 0
			for i < len(def) && (isIdentStart(def[i]) || def[i] >= '0' && def[i] <= '9') {
				i++
			}
			bodies[def[:i]] = append(bodies[def[:i]], def[i:])
		}
	}
	return bodies
}

// macroRoots adds to roots the identifiers of the driver's own text (rest,
// and the files of its own directories the first run read) and of the
// bodies of the macros they name (bodies: macroBodies of gcc's -dD
// output, the definitions cc/v4 gets), transitively; every definition of
// a name counts.
func macroRoots(st *state, bodies map[string][]string, rest []byte, deps []string, roots map[string]bool) {
	own := map[string]bool{}
	addAll := func(s string) {
		for _, t := range tokens(s, false) {
			if t.ident {
				own[t.text(s)] = true
			}
		}
	}
	addAll(string(rest))
	for _, d := range deps {
		if !st.isModel(d) {
			if data, err := os.ReadFile(d); err == nil {
				addAll(string(data))
			}
		}
	}
	var work []string
	for n := range own {
		work = append(work, n)
	}
	seen := map[string]bool{}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		roots[n] = true
		for _, b := range bodies[n] {
			for _, t := range cTokens(b) {
				if t.ident && !seen[t.text(b)] {
					work = append(work, t.text(b))
				}
			}
		}
	}
}

// newUnit returns the unit of tokens [first, last] with the names it
// declares: the identifiers of its declarators (those outside parameter
// lists, brackets, initializers, bodies and attributes), a tag it defines
// or forward-declares, the tags and enumerators of its struct, union and
// enum bodies. Keywords and earlier typedef names are type specifiers,
// not declared names. typedefs gains the names a typedef declares.
func newUnit(s string, toks []cToken, first, last int, typedefs map[string]bool) declUnit {
	u := declUnit{first: first, last: last}
	isTypedef, declarators := false, []string(nil)
	for i := first; i <= last; i++ {
		t := toks[i]
		if !t.ident {
			switch s[t.start] {
			case '(':
				if i > first && opensList(s, toks[i-1], typedefs) {
					i = matchClose(s, toks, i, last)
				}
			case '[', '{':
				i = matchClose(s, toks, i, last)
			case '=':
				i = initEnd(s, toks, i, last)
			}
			continue
		}
		n := t.text(s)
		switch {
		case n == "typedef":
			isTypedef = true
		case n == "struct" || n == "union" || n == "enum":
			if i+1 <= last && toks[i+1].ident && i+2 <= last && !toks[i+2].ident && (s[toks[i+2].start] == '{' || s[toks[i+2].start] == ';') {
				u.defs = append(u.defs, toks[i+1].text(s))
			}
			if i+1 <= last && toks[i+1].ident {
				i++
			}
		case declKeywords[n] || typedefs[n]:
		default:
			u.defs = append(u.defs, n)
			declarators = append(declarators, n)
		}
	}
	u.defs = append(u.defs, bodyNames(s, toks, first, last)...)
	if isTypedef {
		// Only the declarators: a tag or an enumerator of the same
		// unit may share its name with a later function or object.
		for _, n := range declarators {
			typedefs[n] = true
		}
	}
	return u
}

// opensList reports whether a '(' after token prev opens a parameter list,
// a call or an attribute's, typeof's or asm's operand (skipped), rather
// than a declarator in parentheses, as in int (*f)(void).
func opensList(s string, prev cToken, typedefs map[string]bool) bool {
	if !prev.ident {
		c := s[prev.start]
		return c == ')' || c == ']'
	}
	n := prev.text(s)
	return !typeKeywords[n] && !typedefs[n]
}

// matchClose returns the index of the token closing the bracket at
// toks[i], or last.
func matchClose(s string, toks []cToken, i, last int) int {
	depth := 0
	for ; i <= last; i++ {
		if toks[i].ident {
			continue
		}
		switch s[toks[i].start] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return last
}

// initEnd returns the index of the last token of the initializer after
// the '=' at toks[i]: before the ',' or ';' that ends it.
func initEnd(s string, toks []cToken, i, last int) int {
	depth := 0
	for i++; i <= last; i++ {
		if toks[i].ident {
			continue
		}
		switch s[toks[i].start] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',', ';':
			if depth == 0 {
				return i - 1
			}
		}
	}
	return last
}

// bodyNames returns the tags defined anywhere in tokens [first, last]
// (struct x {) and the enumerators of every enum body there.
func bodyNames(s string, toks []cToken, first, last int) []string {
	var out []string
	for i := first; i+1 <= last; i++ {
		t := toks[i]
		if !t.ident {
			continue
		}
		n := t.text(s)
		if n != "struct" && n != "union" && n != "enum" {
			continue
		}
		j := i + 1
		for j <= last && toks[j].ident && attrWords[toks[j].text(s)] && j+1 <= last && s[toks[j+1].start] == '(' {
			j = matchClose(s, toks, j+1, last) + 1 // struct __attribute__((packed)) x {
		}
		if j <= last && toks[j].ident {
			if j+1 <= last && s[toks[j+1].start] == '{' {
				out = append(out, toks[j].text(s))
			}
			j++
		}
		if n == "enum" && j <= last && !toks[j].ident && s[toks[j].start] == '{' {
			out = append(out, enumerators(s, toks, j, matchClose(s, toks, j, last))...)
		}
	}
	return out
}

// enumerators returns the names an enum body, tokens [open, close],
// declares: each identifier after its '{' or a ',' at its own depth.
func enumerators(s string, toks []cToken, open, close int) []string {
	var out []string
	depth := 0
	for i := open; i < close; i++ {
		t := toks[i]
		if t.ident {
			continue
		}
		switch s[t.start] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
		if (s[t.start] == '{' && i == open || s[t.start] == ',' && depth == 1) && i+1 < close && toks[i+1].ident {
			out = append(out, toks[i+1].text(s))
		}
	}
	return out
}

// typeKeywords may precede a declarator in parentheses.
var typeKeywords = map[string]bool{"void": true, "char": true, "short": true, "int": true, "long": true,
	"float": true, "double": true, "signed": true, "unsigned": true, "_Bool": true, "_Complex": true,
	"__signed__": true, "__signed": true, "__int128": true, "_Float128": true, "__int128_t": true, "__uint128_t": true,
	"const": true, "volatile": true, "restrict": true, "__const": true, "__const__": true, "__volatile__": true,
	"__volatile": true, "__restrict": true, "__restrict__": true, "_Atomic": true, "__seg_gs": true, "__seg_fs": true,
	"__builtin_va_list": true, "__auto_type": true, "extern": true, "static": true, "inline": true, "__inline": true,
	"__inline__": true, "_Noreturn": true, "_Thread_local": true, "__thread": true, "register": true, "auto": true,
	"__extension__": true, "typedef": true}

// declKeywords declare nothing: type specifiers, qualifiers, storage
// classes and the GNU words that stand among them.
var declKeywords = func() map[string]bool {
	m := map[string]bool{"__attribute__": true, "__attribute": true, "asm": true, "__asm__": true, "__asm": true,
		"typeof": true, "__typeof__": true, "__typeof": true, "_Alignas": true, "_Static_assert": true,
		"struct": true, "union": true, "enum": true}
	for k := range typeKeywords {
		m[k] = true
	}
	return m
}()
