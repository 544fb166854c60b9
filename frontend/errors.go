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
	seen := make(map[string]bool)
	more := 0
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(ccOrigin.ReplaceAllString(line, ""))
		if line == "" || strings.HasPrefix(line, "TODO") {
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
	if len(diags) == 0 {
		diags = append(diags, ir.Diagnostic{Msg: strings.TrimSpace(err.Error())})
	}
	return &InputError{Diags: diags}
}
