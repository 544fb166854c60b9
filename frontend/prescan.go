package frontend

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// Limits checked on the driver's text before cc/v4 sees it. cc/v4 parses
// and type-checks recursively: parentheses nested 100,000 deep overflowed
// the Go stack (a crash, not an error), and 100,000 nested ifs or a
// 20,000-term expression kept it busy for minutes. Real drivers stay far
// below both limits; a file above one is an input error (exit 3) naming the
// line, not a crash or a hang. Only the file's own text is scanned: macro
// expansions are not.
const (
	// MaxNesting bounds the depth of brackets ((, [, {) and of control
	// statements (if, else if chains, for, while, do, switch) together.
	MaxNesting = 256
	// MaxOperators bounds the operators of one expression (counted from
	// the last ';', ',', '{' or '}').
	MaxOperators = 2048
)

// ptok is a token of the pre-scan: kind is '(' ')' '[' ']' '{' '}' ';' ','
// as themselves, 'i' if, 'e' else, 'c' for/while/switch/do, 'o' an operator,
// 'x' anything else.
type ptok struct {
	kind byte
	line int
}

// prescan returns an input error for a file whose nesting or expression
// size exceeds the limits above, or nil.
func prescan(path string, src []byte) error {
	toks := prescanTokens(src)
	at := func(t ptok) ir.Pos { return ir.Pos{File: path, Line: t.line} }
	// stack holds open brackets and control statements ('s') whose body
	// has not ended; chains[k] counts the else-if links of the chain
	// running at brace level k (cc/v4 nests each link in the previous one).
	var stack []byte
	chains := []int{0}
	chained := 0
	ops := 0
	// endStmt closes the control statements whose body just ended, and
	// the else-if chain unless an else follows.
	endStmt := func(i int) {
		for len(stack) > 0 && stack[len(stack)-1] == 's' {
			stack = stack[:len(stack)-1]
		}
		if i+1 < len(toks) && toks[i+1].kind == 'e' {
			return
		}
		chained -= chains[len(chains)-1]
		chains[len(chains)-1] = 0
	}
	pop := func(open byte) {
		for len(stack) > 0 {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top == open {
				return
			}
		}
	}
	for i, t := range toks {
		switch t.kind {
		case '(', '[':
			stack = append(stack, t.kind)
		case '{':
			stack = append(stack, '{')
			chains = append(chains, 0)
			ops = 0
		case ')':
			pop('(')
		case ']':
			pop('[')
		case '}':
			pop('{')
			if len(chains) > 1 {
				chained -= chains[len(chains)-1]
				chains = chains[:len(chains)-1]
			}
			ops = 0
			endStmt(i)
		case ';':
			ops = 0
			if len(stack) == 0 || stack[len(stack)-1] != '(' {
				endStmt(i)
			}
		case ',':
			ops = 0
		case 'i', 'c':
			stack = append(stack, 's')
			if t.kind == 'i' && i > 0 && toks[i-1].kind == 'e' {
				chains[len(chains)-1]++
				chained++
			}
		case 'e':
			stack = append(stack, 's')
		case 'o':
			if ops++; ops > MaxOperators {
				return inputErrorf(at(t), "expression with more than %d operators: whoop refuses it before parsing (limit MaxOperators)", MaxOperators)
			}
		}
		if len(stack)+chained > MaxNesting {
			return inputErrorf(at(t), "brackets and statements nested more than %d deep: whoop refuses the file before parsing (limit MaxNesting)", MaxNesting)
		}
	}
	return nil
}

// prescanTokens splits C text into the tokens prescan needs, skipping
// comments, string and character literals and preprocessor lines.
func prescanTokens(src []byte) []ptok {
	s := &prescanner{src: src, line: 1, bol: true}
	for s.i < len(s.src) {
		if s.skip() {
			continue
		}
		s.bol = false
		s.token()
	}
	return s.toks
}

// prescanner is prescanTokens' position in its text.
type prescanner struct {
	src  []byte
	i    int
	line int
	bol  bool // only blanks since the start of the line
	toks []ptok
}

// at reports whether the text at the position starts with a then b.
func (s *prescanner) at(a, b byte) bool {
	return s.i+1 < len(s.src) && s.src[s.i] == a && s.src[s.i+1] == b
}

// skip passes what is no token (a blank, a line break, a comment, a
// directive) and reports whether there was one.
func (s *prescanner) skip() bool {
	switch c := s.src[s.i]; {
	case c == '\n':
		s.line++
		s.bol = true
		s.i++
	case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		s.i++
	case s.at('\\', '\n'):
		s.line++
		s.i += 2
	case s.at('/', '/'):
		for s.i < len(s.src) && s.src[s.i] != '\n' {
			s.i++
		}
	case s.at('/', '*'):
		s.blockComment()
		s.i += 2
	case c == '#' && s.bol:
		s.directive()
	default:
		return false
	}
	return true
}

// blockComment moves from a comment's "/*" to its closing "*/", counting
// its lines.
func (s *prescanner) blockComment() {
	s.i += 2
	for s.i < len(s.src) && !s.at('*', '/') {
		if s.src[s.i] == '\n' {
			s.line++
		}
		s.i++
	}
}

// directive skips to the end of a directive's last continued line.
func (s *prescanner) directive() {
	for s.i < len(s.src) && s.src[s.i] != '\n' {
		if s.at('\\', '\n') {
			s.line++
			s.i++
		} else if s.at('/', '*') {
			s.blockComment()
			s.i++
		}
		s.i++
	}
}

// token reads one token at the position.
func (s *prescanner) token() {
	src, i, c := s.src, s.i, s.src[s.i]
	k, j := byte('x'), i+1
	switch {
	case c == '"' || c == '\'':
		for j < len(src) && src[j] != c && src[j] != '\n' {
			if src[j] == '\\' {
				j++
			}
			j++
		}
		j++
	case isASCIIWordByte(c):
		for j < len(src) && (isASCIIWordByte(src[j]) || src[j] == '.' && c >= '0' && c <= '9') {
			j++
		}
		switch string(src[i:j]) {
		case "if":
			k = 'i'
		case "else":
			k = 'e'
		case "for", "while", "switch", "do":
			k = 'c'
		}
	case strings.IndexByte("()[]{};,", c) >= 0:
		k = c
	case strings.IndexByte("+-*/%&|^<>=!?", c) >= 0:
		// One operator, possibly of two or three characters.
		for j < len(src) && j < i+3 && (src[j] == '=' || src[j] == c && strings.IndexByte("+-&|<>", c) >= 0 || c == '-' && src[j] == '>') {
			j++
		}
		k = 'o'
	}
	s.toks = append(s.toks, ptok{k, s.line})
	s.i = j
}

// isASCIIWordByte reports whether c is an ASCII letter, digit or
// underscore (prescan counts other bytes as tokens of their own).
func isASCIIWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
