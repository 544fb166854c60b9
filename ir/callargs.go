package ir

import "strings"

// CallArgText returns the C text of argument i of call as the source
// writes it ("&rhbeat->sp->lock"), whitespace runs folded to one space, or
// "" when the source at the call's position is not a call of its callee
// by name (a macro expands to it, or the file's text is not kept). It lets
// messages name what the developer wrote instead of a lowered temporary.
func (p *Program) CallArgText(call *Call, i int) string {
	if call == nil || call.Callee == nil || i < 0 {
		return ""
	}
	src, ok := p.Sources[call.P.File]
	if !ok || call.P.Line <= 0 || call.P.Col <= 0 {
		return ""
	}
	off := lineOffset(src, call.P.Line)
	if off < 0 {
		return ""
	}
	off += call.P.Col - 1
	name := call.Callee.Name
	if off > len(src) || !strings.HasPrefix(src[off:], name) {
		return ""
	}
	j := off + len(name)
	for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
		j++
	}
	if j >= len(src) || src[j] != '(' {
		return ""
	}
	args, ok := splitArgs(src[j+1:], maxCallText)
	if !ok || i >= len(args) {
		return ""
	}
	return strings.Join(strings.Fields(args[i]), " ")
}

// maxCallText bounds the text scanned for one call's arguments.
const maxCallText = 4096

// lineOffset returns the byte offset of line n (1-based) in src, -1 if
// there is none.
func lineOffset(src string, n int) int {
	off := 0
	for line := 1; line < n; line++ {
		k := strings.IndexByte(src[off:], '\n')
		if k < 0 {
			return -1
		}
		off += k + 1
	}
	return off
}

// splitArgs splits the text after a call's '(' into its top-level
// arguments up to the matching ')', skipping string and character
// literals and comments; ok is false when no matching ')' comes within
// limit bytes.
func splitArgs(s string, limit int) (args []string, ok bool) {
	depth, start := 0, 0
	for k := 0; k < len(s) && k < limit; k++ {
		switch c := s[k]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				if c != ')' {
					return nil, false
				}
				if a := strings.TrimSpace(s[start:k]); a != "" || len(args) > 0 {
					args = append(args, a)
				}
				return args, true
			}
			depth--
		case ',':
			if depth == 0 {
				args = append(args, strings.TrimSpace(s[start:k]))
				start = k + 1
			}
		case '"', '\'':
			for k++; k < len(s) && s[k] != c; k++ {
				if s[k] == '\\' {
					k++
				}
			}
		case '/':
			if k+1 < len(s) && s[k+1] == '*' {
				end := strings.Index(s[k+2:], "*/")
				if end < 0 {
					return nil, false
				}
				k += end + 3
			} else if k+1 < len(s) && s[k+1] == '/' {
				end := strings.IndexByte(s[k:], '\n')
				if end < 0 {
					return nil, false
				}
				k += end
			}
		}
	}
	return nil, false
}
