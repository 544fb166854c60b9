package frontend

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// A missing header deep in a chain of headers is reported at the #include
// that names it, which is seldom the file checked: missingIncludeNotes
// adds, after that diagnostic, the chain of includes from the file checked
// (or the command line's -include) to it, and the directories searched,
// as gcc's "In file included from" does.

// missingIncludeNotes adds the notes to ie when its first diagnostic is a
// missing header (ccInputError's "no model for <x>"); cmdline is the
// command line's text, ccfg the search paths used.
func missingIncludeNotes(st *state, ccfg *cc.Config, cmdline string, ie *InputError) {
	if len(ie.Diags) == 0 {
		return
	}
	d := ie.Diags[0]
	hdr, ok := strings.CutPrefix(d.Msg, "no model for ")
	if !ok {
		return
	}
	hdr, _, _ = strings.Cut(hdr, ":")
	quote := strings.HasPrefix(hdr, `"`)
	if d.Pos.File != "" && d.Pos.File != st.path {
		if chain := includeChain(st, ccfg, cmdline, d.Pos.File); chain != "" {
			ie.Diags = append(ie.Diags, ir.Diagnostic{Pos: ir.Pos{File: st.path},
				Msg: fmt.Sprintf("note: %s is included by %s", hdr, chain)})
		}
	}
	user := len(st.cfg.IncludeDirs) > 0 || st.cfg.Kernel != nil
	if d.Pos.File == st.path && !user {
		return // the plain case: the driver includes a header whoop lacks
	}
	var dirs []string
	if quote {
		dirs = append(dirs, "the directory of "+filepath.Base(d.Pos.File))
	}
	paths := ccfg.SysIncludePaths
	if quote {
		paths = ccfg.IncludePaths
	}
	for _, p := range paths {
		switch p {
		case "", "/":
		case modelRoot:
			dirs = append(dirs, "whoop's model headers")
		default:
			dirs = append(dirs, p)
		}
	}
	ie.Diags = append(ie.Diags, ir.Diagnostic{Pos: ir.Pos{File: st.path},
		Msg: fmt.Sprintf("note: %s was looked for in: %s", hdr, strings.Join(dirs, ", "))})
	if d.Pos.File != "" && !isModelFile(d.Pos.File) && st.cfg.Kernel == nil && user {
		// The header of a kernel read without a kernel tree: the
		// models are not what is missing.
		ie.Diags[0].Msg = "no model for " + hdr + ", and no such file in the include directories"
	}
}

// includeChain returns how the file checked (st.path) or the command line
// comes to include file: "b.h:3, from a.h:1, from drv.c:5", or "" when no
// file read includes it. Includes resolve as cc/v4 resolves them, among
// the files the parse read (a model header counts as read).
func includeChain(st *state, ccfg *cc.Config, cmdline, file string) string {
	text := func(name string) (string, bool) {
		switch {
		case name == st.path:
			return string(st.src), true
		case name == "<command-line>":
			return cmdline, true
		case isModelFile(name):
			data, err := fs.ReadFile(st.vfs.models, strings.TrimPrefix(name, "<whoop>/"))
			return string(data), err == nil
		}
		t, ok := st.vfs.originals[name]
		return t, ok
	}
	// Who includes whom, in reading order: the driver, the command line,
	// the files read.
	readers := append([]string{st.path, "<command-line>"}, st.vfs.order...)
	var chain []string
	seen := map[string]bool{file: true}
	for cur := file; cur != st.path && cur != "<command-line>" && len(chain) < 32; {
		parent, line := includerOf(readers, text, ccfg, cur)
		if parent == "" || seen[parent] {
			break
		}
		seen[parent] = true
		where := fmt.Sprintf("%s:%d", parent, line)
		if parent == "<command-line>" {
			where = "the command line (-include)"
		}
		chain = append(chain, where)
		cur = parent
	}
	if len(chain) == 0 {
		return ""
	}
	return filepath.Base(file) + ", from " + strings.Join(chain, ", from ")
}

// includerOf returns the first of readers whose #include resolves to file,
// and the line of that #include.
func includerOf(readers []string, text func(string) (string, bool), ccfg *cc.Config, file string) (string, int) {
	for _, r := range readers {
		t, ok := text(r)
		if !ok {
			continue
		}
		for _, ix := range includeLine.FindAllStringSubmatchIndex(t, -1) {
			quote, name := t[ix[2]:ix[3]], t[ix[4]:ix[5]]
			dirs := ccfg.SysIncludePaths
			if quote == `"` {
				dirs = ccfg.IncludePaths
			}
			for _, d := range dirs {
				if d == "" {
					d = filepath.Dir(r)
				}
				p := filepath.Join(d, name)
				if p == file {
					return r, strings.Count(t[:ix[0]], "\n") + 1
				}
				if _, ok := text(p); ok {
					break // found there first: not file
				}
			}
		}
	}
	return "", 0
}
