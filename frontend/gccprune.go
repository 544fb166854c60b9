package frontend

import (
	"os"
	"strings"
)

// Pruning (--preprocess=gcc): most of the kernel headers' text is bodies of
// inline functions no driver calls (nvram.c: 4,352 of 4,568 bodies, half
// its tokens), which cc/v4 would tokenize, parse and type-check for
// nothing. pruneBodies replaces the body of every header function that
// nothing reaches by `{}`: still a definition (cc/v4 fails on a few of
// the headers' prototypes that it reads as definitions, such as
// cleanup.h's __must_check_fn), now of a function that does nothing. What
// reaches a body, conservatively (keeping too much costs only time):
// the identifiers of the driver's code as gcc expands it (so names made
// by token pasting are seen), those of the initializers of the headers'
// file-scope objects, and those of every body kept, transitively. The
// first gcc run reads the tree itself, where gcc's own __has_attribute and
// __has_builtin answers may choose other macro definitions than cc/v4's;
// so the identifiers of the macros the driver's own text names, through
// the definitions cc/v4 gets (macroRoots), are roots too.

// cToken is one token of preprocessed C text: an identifier, or one
// punctuation character; literals and numbers are skipped.
type cToken struct {
	start, end int
	ident      bool
}

func (t cToken) text(s string) string { return s[t.start:t.end] }

// cTokens splits preprocessed text into tokens, skipping directive lines
// (line markers, #define, #undef, #pragma: gcc starts them in column 1).
func cTokens(s string) []cToken { return tokens(s, true) }

// tokens splits s into tokens, skipping directive lines when skip is set.
func tokens(s string, skip bool) []cToken {
	var toks []cToken
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
			toks = append(toks, cToken{i, j, true})
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
			toks = append(toks, cToken{i, i + 1, false})
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

// fnBody is a function definition's body at file scope: tokens [open,
// close] of the braces.
type fnBody struct {
	name        string
	open, close int
}

// pruneBodies returns s with the bodies of the functions roots does not
// reach replaced by `{}` and as many newlines, so every line keeps its
// number.
func pruneBodies(s string, roots map[string]bool) string {
	toks := cTokens(s)
	bodies, fileRoots := fileScope(s, toks)
	byName := map[string][]int{}
	for i, b := range bodies {
		byName[b.name] = append(byName[b.name], i)
	}
	kept := make([]bool, len(bodies))
	var work []string
	for n := range roots {
		work = append(work, n)
	}
	for n := range fileRoots {
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
			kept[i] = true
			for _, t := range toks[bodies[i].open+1 : bodies[i].close] {
				if t.ident && !seen[t.text(s)] {
					work = append(work, t.text(s))
				}
			}
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for i, body := range bodies {
		if kept[i] {
			continue
		}
		from, to := toks[body.open].start, toks[body.close].end
		b.WriteString(s[last:from])
		b.WriteString("{}")
		b.WriteString(strings.Repeat("\n", strings.Count(s[from:to], "\n")))
		last = to
	}
	b.WriteString(s[last:])
	return b.String()
}

// fileScope finds the function bodies at file scope and the identifiers of
// file-scope initializers (after `=`, up to the declaration's `;`).
func fileScope(s string, toks []cToken) ([]fnBody, map[string]bool) {
	var bodies []fnBody
	roots := map[string]bool{}
	paren, brace, init := 0, 0, false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.ident {
			if init {
				roots[t.text(s)] = true
			}
			continue
		}
		switch s[t.start] {
		case '(':
			paren++
		case ')':
			paren--
		case '{':
			if brace == 0 && paren == 0 && !init {
				if name := fnName(s, toks, i); name != "" {
					end := matchBrace(s, toks, i)
					if end < 0 {
						return bodies, roots
					}
					bodies = append(bodies, fnBody{name, i, end})
					i = end
					continue
				}
			}
			brace++
		case '}':
			brace--
		case '=':
			if brace == 0 && paren == 0 {
				init = true
			}
		case ';':
			if brace == 0 && paren == 0 {
				init = false
			}
		}
	}
	return bodies, roots
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

// macroRoots adds to roots the identifiers of the driver's own text (rest,
// and the files of its own directories the first run read) and of the
// bodies of the macros they name in text (gcc's -dD output, the
// definitions cc/v4 gets), transitively; every definition of a name
// counts.
func macroRoots(st *state, text string, rest []byte, deps []string, roots map[string]bool) {
	bodies := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		def, ok := strings.CutPrefix(line, "#define ")
		if !ok {
			continue
		}
		i := 0
		for i < len(def) && (isIdentStart(def[i]) || def[i] >= '0' && def[i] <= '9') {
			i++
		}
		bodies[def[:i]] = append(bodies[def[:i]], def[i:])
	}
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
