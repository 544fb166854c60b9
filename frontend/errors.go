package frontend

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// InputError is returned (possibly wrapped) when the input cannot be
// analysed: an unreadable or empty file, a preprocessor, syntax or type
// error, a missing header, or a construct the front end does not support.
// The command line maps it to exit code 3.
type InputError struct {
	Diags []ir.Diagnostic
}

// Error returns one "file:line:col: msg" line per diagnostic. A diagnostic
// without a column prints as "file:line: msg", one without a line as
// "file: msg".
func (e *InputError) Error() string {
	lines := make([]string, len(e.Diags))
	for i, d := range e.Diags {
		lines[i] = diagString(d)
	}
	return strings.Join(lines, "\n")
}

func diagString(d ir.Diagnostic) string {
	switch {
	case d.Pos.File == "":
		return d.Msg
	case d.Pos.Line <= 0:
		return d.Pos.File + ": " + d.Msg
	case d.Pos.Col <= 0:
		return fmt.Sprintf("%s:%d: %s", d.Pos.File, d.Pos.Line, d.Msg)
	}
	return d.Pos.String() + ": " + d.Msg
}

func inputErrorf(pos ir.Pos, format string, args ...any) *InputError {
	return &InputError{Diags: []ir.Diagnostic{{Pos: pos, Msg: fmt.Sprintf(format, args...)}}}
}

// maxDiags bounds how many cc diagnostics an InputError keeps: a binary or
// badly broken file can produce thousands.
const maxDiags = 20

var (
	// ccDiag matches "file:line:col: message".
	ccDiag = regexp.MustCompile(`^(.*?):(\d+):(\d+): (.*)$`)
	// ccOrigin matches cc's internal origin suffix "(check.go:5317:check:)".
	ccOrigin = regexp.MustCompile(`\s*\([a-z0-9_]+\.go:\d+:[^()]*\)\s*$`)
)

const missingPrefix = "include file not found: "

// ccInputError turns the error text of cc.Translate into an InputError:
// one diagnostic per line, without cc's internal origin suffixes and "TODO"
// noise lines, deduplicated. A missing header becomes the single diagnostic
// "FILE:LINE: no model for <linux/foo.h>: ..." (preprocessing stops there,
// so what follows it is noise).
func ccInputError(err error, path string, src []byte) *InputError {
	lastLine := bytes.Count(src, []byte("\n"))
	if len(src) > 0 && src[len(src)-1] != '\n' {
		lastLine++
	}
	var diags []ir.Diagnostic
	var todos []string // cc/v4's "TODO *cc.T" lines: constructs its checker does not handle
	seen := make(map[string]bool)
	more := 0
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(ccOrigin.ReplaceAllString(line, ""))
		if t, ok := strings.CutPrefix(line, "TODO "); ok {
			todos = append(todos, t)
			continue
		}
		if line == "" {
			continue
		}
		var d ir.Diagnostic
		if m := ccDiag.FindStringSubmatch(line); m != nil {
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			d = ir.Diagnostic{Pos: ir.Pos{File: m[1], Line: ln, Col: col}, Msg: strings.TrimSpace(m[4])}
		} else {
			d = ir.Diagnostic{Msg: line}
		}
		if strings.HasPrefix(d.Msg, "TODO") {
			continue
		}
		d.Msg = shortenTypeDumps(d.Msg)
		if d.Pos.File == endSource {
			// Errors at the sentinel are errors at the end of the driver.
			d.Pos = ir.Pos{File: path, Line: lastLine}
			if i := strings.Index(d.Msg, "unexpected _Static_assert"); i >= 0 {
				d.Msg = d.Msg[:i] + "unexpected end of file" + d.Msg[i+len("unexpected _Static_assert"):]
			}
			d.Msg = strings.Replace(d.Msg, "unexpected <EOF>", "unexpected end of file", 1)
		}
		if hdr, ok := strings.CutPrefix(d.Msg, missingPrefix); ok {
			d.Pos.Col = 0
			d.Msg = "no model for " + hdr + ": add it under models/include or pass -I DIR"
			return &InputError{Diags: []ir.Diagnostic{d}}
		}
		key := diagString(d)
		if seen[key] {
			continue
		}
		seen[key] = true
		if len(diags) == maxDiags {
			more++
			continue
		}
		diags = append(diags, d)
	}
	if more > 0 {
		diags = append(diags, ir.Diagnostic{Msg: fmt.Sprintf("... and %d more errors", more)})
	}
	if len(diags) == 0 && len(todos) > 0 {
		diags = append(diags, todoDiagnostic(todos[0], path, src))
	}
	if len(diags) == 0 {
		diags = append(diags, ir.Diagnostic{Msg: strings.TrimSpace(err.Error())})
	}
	return &InputError{Diags: diags}
}

// shortenTypeDumps drops the member lists cc/v4 prints for struct and
// union types ("type struct bcm_vk {pdev pointer to struct pci_dev; ...}
// has no member named tty_wq_thread"): a developer knows the struct by its
// name, and a kernel struct's list runs to kilobytes.
func shortenTypeDumps(msg string) string {
	for _, kw := range []string{"struct ", "union "} {
		from := 0
		for {
			i := strings.Index(msg[from:], kw)
			if i < 0 {
				break
			}
			i += from + len(kw)
			j := i
			for j < len(msg) && (msg[j] == '_' || msg[j] >= 'a' && msg[j] <= 'z' || msg[j] >= 'A' && msg[j] <= 'Z' || msg[j] >= '0' && msg[j] <= '9') {
				j++
			}
			if j+1 < len(msg) && msg[j] == ' ' && msg[j+1] == '{' {
				depth, k := 0, j+1
				for ; k < len(msg); k++ {
					if msg[k] == '{' {
						depth++
					} else if msg[k] == '}' {
						if depth--; depth == 0 {
							break
						}
					}
				}
				if k < len(msg) {
					msg = msg[:j] + msg[k+1:]
				}
			}
			from = j
		}
	}
	return msg
}

// todoDiagnostic explains a construct cc/v4's checker rejects with no
// position, only "TODO *cc.T": the file, and the line when the driver's
// own text shows it.
func todoDiagnostic(todo, path string, src []byte) ir.Diagnostic {
	switch todo {
	case "*cc.LabeledStatement", "*cc.LabelDeclaration":
		if name, line := duplicateLabel(src); line > 0 {
			return ir.Diagnostic{Pos: ir.Pos{File: path, Line: line},
				Msg: fmt.Sprintf("label %s defined a second time in one function; the C front end (cc/v4) cannot read this", name)}
		}
		return ir.Diagnostic{Pos: ir.Pos{File: path}, Msg: "a function defines two labels of the same name, which the C front end (cc/v4) cannot read: " +
			"it gives GNU local labels (__label__, declared by macros such as wait_event() and _THIS_IP_) the whole function's scope. " +
			"In a kernel tree whoop renames each macro expansion's labels after its line, so two such macros on one line still collide: put them on separate lines"}
	}
	return ir.Diagnostic{Pos: ir.Pos{File: path}, Msg: fmt.Sprintf("a construct the C front end (cc/v4) does not read yet (its checker has no case for %s)", todo)}
}

// labelLine matches a line that starts with a label.
var labelLine = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:([^:]|$)`)

// duplicateLabel finds, in the driver's own text, a label defined twice
// between two top-level braces (one function body), and returns its name
// and the line of the second definition; 0 if there is none. A label line
// follows a line that ends a statement or a block (not a ternary's first
// half). Braces in comments and strings may mislead it: it only places a
// message.
func duplicateLabel(src []byte) (string, int) {
	depth := 0
	labels := map[string]bool{}
	prev := ""
	for i, line := range strings.Split(string(src), "\n") {
		afterStmt := prev == "" || strings.ContainsAny(prev[len(prev)-1:], ";{}:")
		if t := strings.TrimSpace(line); t != "" {
			prev = t
		}
		if depth > 0 && afterStmt {
			if m := labelLine.FindStringSubmatch(line); m != nil && m[1] != "default" {
				if labels[m[1]] {
					return m[1], i + 1
				}
				labels[m[1]] = true
			}
		}
		for _, c := range line {
			switch c {
			case '{':
				depth++
			case '}':
				depth--
				if depth <= 0 {
					depth = 0
					clear(labels)
				}
			}
		}
	}
	return "", 0
}
