package frontend

import (
	"bytes"
	"regexp"
)

// GNU's conditional with the middle operand left out, x ?: y, is x ? x : y
// with x evaluated once. cc/v4 4.31 dereferences nil checking it when x is
// a constant ((5) ?: 1; 6.12's GPIO_REGMAP_ADDR(addr), "((addr) ? :
// GPIO_REGMAP_ADDR_ZERO)", with a constant address), and the file ended as
// an internal error. rewriteElvis spells out the middle operand where x is
// a parenthesised expression with no side effects (no assignment,
// increment, decrement or call), so evaluating it twice is evaluating it
// once: "(x) ?: y" becomes "(x) ? (x) : y". Other forms are left to cc/v4,
// which reads them when x is not a constant. A number is copied the same
// way ("(5 ?: 1)"); a bare name is not (a variable, which cc/v4 reads).
// The rewrite moves the columns of what follows on its line. Either only where what comes
// before x binds less tightly than ?: does (an opening parenthesis, a
// comma, an assignment, return, ...): in "a + (x) ?: y" the condition is
// a + (x).
var elvisOp = regexp.MustCompile(`[)A-Za-z0-9_][ \t]*\?[ \t]*:`)

// elvisPure matches what a parenthesised operand may hold to be copied.
var elvisPure = regexp.MustCompile(`^[A-Za-z0-9_ \t.\[\]&|^~!<>+*/%-]*$`)

func rewriteElvis(src []byte) []byte {
	if !hasElvis(src) {
		return src
	}
	var out []byte
	last := 0
	for _, m := range elvisMatches(src) {
		end := m[0] // the last character of x
		var start int
		if src[end] == ')' {
			start = matchingOpen(src, end)
			if start < 0 {
				continue
			}
			inner := src[start+1 : end]
			if !elvisPure.Match(inner) || bytes.Contains(inner, []byte("++")) || bytes.Contains(inner, []byte("--")) {
				continue
			}
		} else {
			start = end
			for start > 0 && isIdentByte(src[start-1]) {
				start--
			}
			if src[start] < '0' || src[start] > '9' {
				continue // a name: a variable cc/v4 reads (a macro is rare)
			}
		}
		if start < last || !loosePrecedenceBefore(src, start) {
			continue
		}
		q := bytes.IndexByte(src[end:m[1]], '?') + end
		out = append(out, src[last:q+1]...)
		out = append(out, ' ')
		out = append(out, src[start:end+1]...)
		if q+1 < len(src) && src[q+1] != ' ' {
			out = append(out, ' ')
		}
		last = q + 1
	}
	if out == nil {
		return src
	}
	return append(out, src[last:]...)
}

// matchingOpen returns the index of the '(' that the ')' at close closes,
// on the same line, or -1.
func matchingOpen(src []byte, close int) int {
	depth := 0
	for i := close; i >= 0; i-- {
		switch src[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				return i
			}
		case '\n':
			return -1
		}
	}
	return -1
}

// loosePrecedenceBefore reports whether what precedes src[i] (spaces and
// tabs skipped) ends an operand of ?: from the left: an opening
// parenthesis or brace, a comma, a semicolon, ?, :, an assignment, or the
// word return.
func loosePrecedenceBefore(src []byte, i int) bool {
	j := i - 1
	for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
		j--
	}
	if j < 0 {
		return false
	}
	switch c := src[j]; c {
	case '(', '{', ',', ';', '?', ':':
		return true
	case '=':
		return j == 0 || !bytes.ContainsRune([]byte("=!<>"), rune(src[j-1]))
	}
	return j >= 5 && string(src[j-5:j+1]) == "return" && (j == 5 || !isIdentByte(src[j-6]))
}

// elvisMatches returns what elvisOp.FindAllIndex(src, -1) returns, found
// from each '?' rather than by the regular expression, which reads a
// header at 60 MB/s (nvram.c: 10 of its 617 headers have a '?' before a
// ':', 3 ms of regular expression each). A match ends at the ':' after
// the '?' and blanks, and starts at the last character before the '?' and
// its blanks, which must be in the class [)A-Za-z0-9_] and not in the
// previous match: the leftmost '?' that qualifies gives the leftmost match.
func elvisMatches(src []byte) [][]int {
	var ms [][]int
	last := 0 // the end of the previous match
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '?')
		if j < 0 {
			break
		}
		q := i + j
		i = q + 1
		e := q + 1
		for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
			e++
		}
		if e >= len(src) || src[e] != ':' {
			continue
		}
		s := q - 1
		for s >= last && (src[s] == ' ' || src[s] == '\t') {
			s--
		}
		if s < last || !elvisStart(src[s]) {
			continue
		}
		ms = append(ms, []int{s, e + 1})
		last, i = e+1, e+1
	}
	return ms
}

// elvisStart is elvisOp's first character class.
func elvisStart(c byte) bool {
	return c == ')' || c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// hasElvis reports whether src has a '?' followed, after spaces and tabs,
// by ':': a fast test (the regular expression reads kernel headers at 60
// MB/s, a tenth of a second per driver), true for few files.
func hasElvis(src []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '?')
		if j < 0 {
			return false
		}
		k := i + j + 1
		for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
			k++
		}
		if k < len(src) && src[k] == ':' {
			return true
		}
		i = i + j + 1
	}
}
