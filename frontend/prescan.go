package frontend

import (
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
	var toks []ptok
	line := 1
	bol := true // only blanks since the start of the line
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			bol = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			line++
			i += 2
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i < len(src) && !(src[i] == '*' && i+1 < len(src) && src[i+1] == '/') {
				if src[i] == '\n' {
					line++
				}
				i++
			}
			i += 2
			continue
		case c == '#' && bol:
			// A directive: skip to the end of its last continued line.
			for i < len(src) && src[i] != '\n' {
				if src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n' {
					line++
					i++
				} else if src[i] == '/' && i+1 < len(src) && src[i+1] == '*' {
					i += 2
					for i < len(src) && !(src[i] == '*' && i+1 < len(src) && src[i+1] == '/') {
						if src[i] == '\n' {
							line++
						}
						i++
					}
					i++
				}
				i++
			}
			continue
		}
		bol = false
		switch {
		case c == '"' || c == '\'':
			i++
			for i < len(src) && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			i++
			toks = append(toks, ptok{'x', line})
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9' || src[j] == '.' && c >= '0' && c <= '9') {
				j++
			}
			k := byte('x')
			switch string(src[i:j]) {
			case "if":
				k = 'i'
			case "else":
				k = 'e'
			case "for", "while", "switch", "do":
				k = 'c'
			}
			toks = append(toks, ptok{k, line})
			i = j
		case c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == ';' || c == ',':
			toks = append(toks, ptok{c, line})
			i++
		case c == '+' || c == '-' || c == '*' || c == '/' || c == '%' || c == '&' || c == '|' || c == '^' ||
			c == '<' || c == '>' || c == '=' || c == '!' || c == '?':
			// One operator, possibly of two or three characters.
			j := i + 1
			for j < len(src) && j < i+3 && (src[j] == '=' || src[j] == c && (c == '+' || c == '-' || c == '&' || c == '|' || c == '<' || c == '>') || c == '-' && src[j] == '>') {
				j++
			}
			toks = append(toks, ptok{'o', line})
			i = j
		default:
			toks = append(toks, ptok{'x', line})
			i++
		}
	}
	return toks
}
