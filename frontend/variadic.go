package frontend

import "bytes"

// rewriteNamedVariadics rewrites GNU named variadic macro definitions into
// the standard form cc/v4 expands correctly:
//
//	#define dprintk(fmt, args...) printk(fmt, ## args)
//	#define dprintk(fmt, ...) printk(fmt, ## __VA_ARGS__)
//
// cc/v4 does not delete the comma before "## args" when the macro is called
// without variable arguments; it does for "## __VA_ARGS__". Only #define
// lines change, and every newline stays where it was, so positions in the
// rest of the file are unaffected. The input is returned unchanged (not
// copied) when it has no such definition.
func rewriteNamedVariadics(src []byte) []byte {
	if !hasNamedDots(src) {
		return src
	}
	return rewriteVariadicDefines(src)
}

// rewriteVariadicDefines is rewriteNamedVariadics on every #define.
func rewriteVariadicDefines(src []byte) []byte {
	var out []byte // nil until the first change
	last := 0      // src[last:] not yet copied to out
	inComment := false
	i := 0
	for i < len(src) {
		// i is at the start of a physical line.
		if !inComment {
			j := skipBlanks(src, i)
			if j < len(src) && src[j] == '#' {
				k := skipBlanks(src, j+1)
				if bytes.HasPrefix(src[k:], []byte("define")) && k+6 < len(src) && (src[k+6] == ' ' || src[k+6] == '\t') {
					end := logicalLineEnd(src, k+6)
					if repl, ok := rewriteDefine(src[k+6 : end]); ok {
						out = append(out, src[last:k+6]...)
						out = append(out, repl...)
						last = end
					}
					i = end
					if i < len(src) {
						i++ // the newline
					}
					continue
				}
			}
		}
		// Scan the rest of the physical line, tracking block comments that
		// may continue on the next line.
		for i < len(src) && src[i] != '\n' {
			switch {
			case inComment:
				if src[i] == '*' && i+1 < len(src) && src[i+1] == '/' {
					inComment = false
					i += 2
					continue
				}
			case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
				inComment = true
				i += 2
				continue
			case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
				for i < len(src) && src[i] != '\n' {
					i++
				}
				continue
			case src[i] == '"' || src[i] == '\'':
				i = skipQuoted(src, i)
				continue
			}
			i++
		}
		if i < len(src) {
			i++
		}
	}
	if out == nil {
		return src
	}
	return append(out, src[last:]...)
}

// hasNamedDots reports whether some "..." in src follows an identifier's
// character, blanks between: rewriteDefine rewrites only such a parameter
// list (nvram.c: 66 of its 617 headers, 121 with "..." at all).
func hasNamedDots(src []byte) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("..."))
		if j < 0 {
			return false
		}
		k := i + j - 1
		for k >= 0 && (src[k] == ' ' || src[k] == '\t') {
			k--
		}
		if k >= 0 && isIdentByte(src[k]) {
			return true
		}
		i += j + 1
	}
}

func skipBlanks(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// logicalLineEnd returns the index of the newline ending the directive that
// continues at i: backslash-newline pairs and block comments spanning lines
// continue it.
func logicalLineEnd(src []byte, i int) int {
	for i < len(src) {
		switch c := src[i]; {
		case c == '\n':
			if i > 0 && src[i-1] == '\\' || i > 1 && src[i-1] == '\r' && src[i-2] == '\\' {
				i++
				continue
			}
			return i
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			e := bytes.Index(src[i+2:], []byte("*/"))
			if e < 0 {
				return len(src)
			}
			i += e + 4
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			i = skipQuoted(src, i)
		default:
			i++
		}
	}
	return i
}

// skipQuoted returns the index after the string or character literal that
// starts at i; an unterminated literal ends at the newline.
func skipQuoted(src []byte, i int) int {
	q := src[i]
	i++
	for i < len(src) && src[i] != '\n' {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case q:
			return i + 1
		}
		i++
	}
	return i
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// rewriteDefine rewrites the text of one #define after the keyword. It
// reports false when the macro is not a GNU named variadic one.
func rewriteDefine(def []byte) ([]byte, bool) {
	i := skipSpaceAndSplices(def, 0)
	start := i
	for i < len(def) && isIdentByte(def[i]) {
		i++
	}
	if i == start || i >= len(def) || def[i] != '(' {
		return nil, false // object-like macro
	}
	open := i
	closeParen := bytes.IndexByte(def[open:], ')')
	if closeParen < 0 {
		return nil, false
	}
	closeParen += open
	params := def[open+1 : closeParen]
	dots := bytes.LastIndex(params, []byte("..."))
	if dots < 0 {
		return nil, false
	}
	// The last parameter must be IDENT... (possibly with blanks before the dots).
	j := dots
	for j > 0 && (params[j-1] == ' ' || params[j-1] == '\t') {
		j--
	}
	nameEnd := j
	for j > 0 && isIdentByte(params[j-1]) {
		j--
	}
	if j == nameEnd {
		return nil, false // plain "..."
	}
	name := params[j:nameEnd]
	var out []byte
	out = append(out, def[:open+1+j]...) // up to the parameter name
	out = append(out, params[nameEnd:]...)
	out = append(out, ')')
	out = append(out, replaceIdent(def[closeParen+1:], name, []byte("__VA_ARGS__"))...)
	return out, true
}

func skipSpaceAndSplices(s []byte, i int) int {
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t':
			i++
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i += 2
		default:
			return i
		}
	}
	return i
}

// replaceIdent replaces every identifier token equal to name in body,
// leaving string and character literals and comments alone.
func replaceIdent(body, name, with []byte) []byte {
	var out []byte
	last := 0
	i := 0
	for i < len(body) {
		c := body[i]
		switch {
		case c == '"' || c == '\'':
			i = skipQuoted(body, i)
		case c == '/' && i+1 < len(body) && body[i+1] == '*':
			e := bytes.Index(body[i+2:], []byte("*/"))
			if e < 0 {
				i = len(body)
			} else {
				i += e + 4
			}
		case isIdentByte(c):
			s := i
			for i < len(body) && isIdentByte(body[i]) {
				i++
			}
			if bytes.Equal(body[s:i], name) && !(c >= '0' && c <= '9') {
				out = append(out, body[last:s]...)
				out = append(out, with...)
				last = i
			}
		default:
			i++
		}
	}
	if out == nil {
		return body
	}
	return append(out, body[last:]...)
}

// endSplice makes sure a file does not end in a line splice (a backslash
// at the end of its last line): cc/v4's scanner loops forever when a
// string or character literal runs into end of input through a splice.
// Appending an empty line ends the literal at a newline instead; C leaves a
// file ending in a splice undefined anyway.
func endSplice(src []byte) []byte {
	t := bytes.TrimRight(src, "\r\n")
	if len(t) == 0 || t[len(t)-1] != '\\' || len(src)-len(t) > 2 {
		return src
	}
	out := make([]byte, len(src), len(src)+2)
	copy(out, src)
	return append(out, '\n', '\n')
}
