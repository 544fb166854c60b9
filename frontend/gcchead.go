package frontend

import "bytes"

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
