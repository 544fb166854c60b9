package frontend

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/models"
	"modernc.org/cc/v4"
)

// Tree mode with --preprocess=gcc: the build's compiler preprocesses the
// driver's leading block of directives (headEnd: its #includes and
// #defines before the first line of code), which is where nearly all of a
// file's preprocessing goes (the kernel headers); cc/v4 reads gcc's output,
// macro definitions kept (-dD), then the driver's own code, which it
// preprocesses itself so that every driver position stays as it is.
//
// What gcc reads must be what cc/v4 would read: the same predefined macros,
// kbuild's defines and forced includes (treeCommandLine), the overlay
// headers first on the include path, and every header rewritten as
// sourceFS rewrites it. gcc cannot be handed a rewritten file system, so
// the headers it reads (listed by a first `gcc -M`) are written, rewritten,
// to a temporary mirror under their own absolute paths, and the second run
// reads only the mirror. Three answers differ between the two
// preprocessors and are made equal in the mirror: __has_attribute is 0 in
// cc/v4, __has_builtin is kernelHasBuiltin, and __COUNTER__ continues
// from the headers' count.
//
// Of gcc's -dD definitions, cc/v4 is handed only those of the names it
// can meet (gccdefines.go): a second, small gcc run (-dU) on the block's
// definitions and the driver's code after it names the macros that code
// expands or tests.
//
// Anything that fails (no gcc, a gcc error, a header of the driver's own
// directory reached from the block, cc/v4 rejecting the result) falls back
// to cc/v4 alone, with a note saying why.

// PreprocessGCC is the value of TreeOptions.Preprocess that selects gcc.
const PreprocessGCC = "gcc"

// gccUnit is what gcc hands cc/v4 for one translation unit.
type gccUnit struct {
	text   string // gcc's output with its line markers as #line: the <command-line> source
	driver []byte // the driver's text with its leading block blanked
}

// gccRun is one preprocessing of a unit by gcc.
type gccRun struct {
	ctx      context.Context
	gcc      string
	mirror   string // the temporary directory
	path     string // the driver as cc/v4 names it
	dirs     []string
	builtins map[string]bool // names __has_builtin asks about in the mirror
	cache    *HeaderCache    // the process's headers, or nil
	made     map[string]bool // the mirror's directories and headers made so far
}

const (
	gccRest    = "whoop-rest.c" // restMacros' main file
	gccMain    = "whoop-main.c"
	gccMacros  = "whoop-macros.h"
	gccCounter = "<whoop-counter>"
)

// gccPreprocess preprocesses the leading block of the driver text src
// (already rewritten as cc/v4 reads it) with gcc, after the predefined
// macros and the command line cc/v4 would get.
func gccPreprocess(st *state, predefined, cmdline string, src []byte) (*gccUnit, error) {
	n := headEnd(src)
	if n == 0 {
		return nil, fmt.Errorf("the driver has no leading #include block")
	}
	gcc, err := exec.LookPath(st.cfg.Tree.gccName())
	if err != nil {
		return nil, fmt.Errorf("no compiler: %w", err)
	}
	mirror, err := os.MkdirTemp(mirrorDir(), "whoop-gcc-")
	if err != nil {
		return nil, fmt.Errorf("temporary mirror: %w", err)
	}
	defer os.RemoveAll(mirror)
	r := &gccRun{ctx: st.ctx, gcc: gcc, mirror: mirror, path: st.path, builtins: map[string]bool{}, made: map[string]bool{}, cache: st.cfg.Tree.Headers}
	r.dirs = append([]string{overlayRoot}, st.cfg.Kernel.IncludeDirs(st.path)[1:]...)
	for _, d := range st.cfg.IncludeDirs {
		if d != "" {
			r.dirs = append(r.dirs, d)
		}
	}
	if err := r.writeOverlay(); err != nil {
		return nil, err
	}
	head, rest := string(src[:n]), string(src[n:])
	out, deps, err := r.oneRun(predefined, cmdline, head, rest)
	if err != nil {
		return nil, err
	}
	if out == nil {
		if out, deps, err = r.twoRuns(predefined, cmdline, head, rest); err != nil {
			return nil, err
		}
	}
	roots, err := restIdents(out)
	if err != nil {
		return nil, err
	}
	text, err := r.lineMarkers(st, out)
	if err != nil {
		return nil, err
	}
	if !st.cfg.Tree.NoPrune {
		bodies := macroBodies(text)
		macroRoots(st, bodies, src[n:], deps, roots)
		var m *blockMacros
		if used := r.restMacros(st, text, rest, strings.Count(head, "\n"), counterValue(out), deps); used != nil {
			m = &blockMacros{used: used, bodies: bodies}
		}
		text = pruneBodies(text, roots, m)
	}
	return &gccUnit{text: text, driver: append(blankLines(src, n), src[n:]...)}, nil
}

// oneRun mirrors the headers includeScan finds and preprocesses the unit
// on the mirror in one gcc run (nvram.c: 0.08 s of CPU and two processes
// less than twoRuns), which lists the files it read (-MD) and the include
// directives it followed (-dI). It returns no output, and no error, when
// the scan cannot tell, gcc fails, or gcc followed a directive the scan
// did not (includeScan.covers): twoRuns then.
func (r *gccRun) oneRun(predefined, cmdline, head, rest string) ([]byte, []string, error) {
	s := r.scanHeaders(r.mainText(cmdline, head, rest, false))
	if s == nil {
		return nil, nil, nil
	}
	for _, p := range s.sorted() {
		if !isModelFile(p) {
			if err := r.mirrorText(p, s.texts[p]); err != nil {
				return nil, nil, err
			}
		}
	}
	if err := r.writeInputs(predefined, cmdline, head, rest, true); err != nil {
		return nil, nil, err
	}
	depFile := filepath.Join(r.mirror, "whoop-deps")
	out, err := r.preprocess("-dI", "-MD", "-MF", depFile)
	if err != nil {
		return nil, nil, nil // twoRuns says what gcc says
	}
	deps, err := r.deps(depFile, false)
	if err != nil {
		return nil, nil, err
	}
	if !s.covers(r.gccIncludes(out)) {
		return nil, nil, nil
	}
	return out, deps, nil
}

// gccIncludes returns the #include and #include_next directives gcc
// followed (its -dI lines), each with the file it stands in, named as
// includeScan names them: the main file "", a header by its path in the
// tree.
func (r *gccRun) gccIncludes(out []byte) []scanKey {
	var keys []scanKey
	file := ""
	for i := 0; i < len(out); {
		j := bytes.Index(out[i:], []byte("\n#"))
		if j < 0 {
			break
		}
		line := out[i+j+1:]
		if k := bytes.IndexByte(line, '\n'); k >= 0 {
			line = line[:k]
		}
		i += j + 1 + len(line)
		switch {
		case isMarker(line):
			_, after, _ := strings.Cut(string(line[2:]), " ")
			if name, err := strconv.Unquote(markerName(after)); err == nil {
				file = r.scanName(name)
			}
		case bytes.HasPrefix(line, []byte("#include")):
			next, op := false, line[len("#include"):]
			if bytes.HasPrefix(op, []byte("_next")) {
				next, op = true, op[len("_next"):]
			}
			op = bytes.TrimSpace(op)
			if len(op) >= 2 {
				name := string(op[1 : len(op)-1])
				if strings.HasPrefix(name, r.mirror+"/") {
					name = r.scanName(name) // a forced include, named in the mirror
				}
				keys = append(keys, scanKey{file, name, next, op[0] == '<'})
			}
		}
	}
	return keys
}

// scanName is includeScan's name for a file a gcc line marker names.
func (r *gccRun) scanName(name string) string {
	switch {
	case name == filepath.Join(r.mirror, gccMain), name == r.path, name == gccCounter:
		return ""
	case strings.HasPrefix(name, r.mirror+"/"):
		name = strings.TrimPrefix(name, r.mirror)
		if strings.HasPrefix(name, "/<whoop>/") {
			name = name[1:]
		}
	}
	return filepath.Clean(name)
}

// twoRuns preprocesses the unit as gcc lists its headers: a first run on
// the tree (-M), the headers it read mirrored, the second on the mirror.
func (r *gccRun) twoRuns(predefined, cmdline, head, rest string) ([]byte, []string, error) {
	if err := r.writeInputs(predefined, cmdline, head, rest, false); err != nil {
		return nil, nil, err
	}
	deps, err := r.firstRun()
	if err != nil {
		return nil, nil, err
	}
	for _, d := range deps {
		if err := r.mirrorFile(d); err != nil {
			return nil, nil, err
		}
	}
	if err := r.writeInputs(predefined, cmdline, head, rest, true); err != nil {
		return nil, nil, err
	}
	out, err := r.preprocess()
	return out, deps, err
}

// mirrorDir is where the mirror is made: in memory (/dev/shm) when the
// system has it, as writing the 600-odd headers of a file to a disk's file
// system was a fifth of the front end's own time on nvram.c.
func mirrorDir() string {
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		if f, err := os.CreateTemp("/dev/shm", "whoop-probe-"); err == nil {
			f.Close()
			os.Remove(f.Name())
			return "/dev/shm"
		}
	}
	return ""
}

// gccName is the compiler run for --preprocess=gcc.
func (o TreeOptions) gccName() string {
	if o.GCC != "" {
		return o.GCC
	}
	return "gcc"
}

// mapped returns where gcc finds a directory or file: in the mirror on the
// second run; the overlay is always there.
func (r *gccRun) mapped(p string, mirrored bool) string {
	if isModelFile(p) || mirrored {
		if !filepath.IsAbs(p) && !isModelFile(p) {
			if abs, err := filepath.Abs(p); err == nil {
				p = abs
			}
		}
		return filepath.Join(r.mirror, p)
	}
	return p
}

// writeOverlay copies the overlay headers into the mirror, as cc/v4 reads
// them (no rewrite but the __has_ operators).
func (r *gccRun) writeOverlay() error {
	return fs.WalkDir(models.Include(), models.OverlayDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(models.Include(), p)
		if err != nil {
			return err
		}
		return r.write(filepath.Join(r.mirror, "<whoop>", p), r.hasOperators(data))
	})
}

func (r *gccRun) write(name string, data []byte) error {
	if err := r.mkdir(filepath.Dir(name)); err != nil {
		return err
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return fmt.Errorf("temporary mirror: %w", err)
	}
	return nil
}

// mkdir makes a directory of the mirror once (a header's directory is
// usually another header's).
func (r *gccRun) mkdir(dir string) error {
	if r.made[dir] {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("temporary mirror: %w", err)
	}
	r.made[dir] = true
	return nil
}

// mirrorFile puts the header gcc read at p into the mirror, rewritten as
// sourceFS.Open rewrites it for cc/v4.
func (r *gccRun) mirrorFile(p string) error {
	if strings.HasPrefix(p, r.mirror+"/") {
		return nil
	}
	p = filepath.Clean(p)
	if r.made[r.mapped(p, true)] {
		return nil // listed twice by gcc, found by two lookups (msr-index.h: <asm/msr-index.h> and "msr-index.h")
	}
	h, err := r.cache.header(p)
	if err != nil {
		return err
	}
	return r.mirrorText(p, h)
}

// mirrorText puts the header at p, whose entry is h, into the mirror. A
// header the rewrites leave as it is (nvram.c: 582 of 619) becomes a
// symbolic link to the tree's file instead of a copy: gcc reads the same
// text, and names it, and looks for its quoted includes, by the link's
// path in the mirror (gcc does not resolve links there).
func (r *gccRun) mirrorText(p string, h *cachedHeader) error {
	name := r.mapped(p, true)
	if r.made[name] {
		return nil
	}
	r.made[name] = true
	for _, b := range h.builtins {
		r.builtins[b] = true
	}
	if h.rewritten != nil {
		return r.write(name, h.rewritten)
	}
	if err := r.mkdir(filepath.Dir(name)); err != nil {
		return err
	}
	target, err := filepath.Abs(p)
	if err != nil {
		return fmt.Errorf("temporary mirror: %w", err)
	}
	if err := os.Symlink(target, name); err != nil {
		return fmt.Errorf("temporary mirror: %w", err)
	}
	return nil
}

// hasBuiltinArg finds the names __has_builtin asks about.
var hasBuiltinArg = regexp.MustCompile(`__has_builtin\s*\(\s*(\w+)\s*\)`)

// hasOperators renames gcc's __has_attribute and __has_builtin to macros
// the macro file defines with cc/v4's answers (gccMacroText).
func (r *gccRun) hasOperators(data []byte) []byte {
	data, names := hasOperatorsText(data)
	for _, n := range names {
		r.builtins[n] = true
	}
	return data
}

// hasOperatorsText renames the __has_ operators of data and returns the
// names its __has_builtin asks about.
func hasOperatorsText(data []byte) ([]byte, []string) {
	if !bytes.Contains(data, []byte("__has_")) {
		return data, nil
	}
	var names []string
	for _, m := range hasBuiltinArg.FindAllSubmatch(data, -1) {
		names = append(names, string(m[1]))
	}
	data = bytes.ReplaceAll(data, []byte("__has_attribute"), []byte("__whoop_has_attribute"))
	return bytes.ReplaceAll(data, []byte("__has_builtin"), []byte("__whoop_has_builtin")), names
}

// gccMacroText is the macro file gcc reads first (-imacros): cc/v4's
// predefined macros (those gcc defines itself left out), the macros of
// cc.Builtin, and the __has_ operators with cc/v4's answers.
func (r *gccRun) gccMacroText(predefined string) string {
	var b strings.Builder
	for _, l := range strings.Split(predefined, "\n") {
		if strings.HasPrefix(l, "#define __STDC__ ") || strings.HasPrefix(l, "#define __STDC_HOSTED__ ") {
			continue
		}
		b.WriteString(l + "\n")
	}
	b.WriteString(ccBuiltinMacros)
	// cc/v4 treats the unknown __has_attribute(x) as 0.
	b.WriteString("#define __whoop_has_attribute(x) 0\n#define __whoop_has_builtin(x) __whoop_hb_##x\n")
	names := make([]string, 0, len(r.builtins))
	for n := range r.builtins {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if kernelHasBuiltin(n) {
			fmt.Fprintf(&b, "#define __whoop_hb_%s 1\n", n)
		}
	}
	return b.String()
}

// ccBuiltinMacros are the macros cc.Builtin defines for an x86_64 C
// translation unit (its #if branches as cc/v4 takes them there).
const ccBuiltinMacros = `#define __extension__
#define __restrict_arr restrict
#define __builtin_va_list __builtin_va_list
#define __builtin_va_arg(va, type) (*(type*)__builtin_va_arg_impl(va))
#define __builtin_va_copy(dst, src) dst = src
#define __builtin_offsetof(type, member) ((__SIZE_TYPE__)&(((type*)0)->member))
#define __builtin_types_compatible_p(t1, t2) __ccgo__types_compatible_p((t1){}, (t2){})
#define __builtin_bit_cast(type, expr) (((union { __typeof__(expr) __ccgo_from; type __ccgo_to; }){ .__ccgo_from = (expr) }).__ccgo_to)
#define __FUNCTION__ __func__
#define __PRETTY_FUNCTION__ __func__
`

// forcedAbs matches a forced include named by its absolute path.
var forcedAbs = regexp.MustCompile(`(?m)^#include "(/[^"]*)"$`)

// writeInputs writes the macro file and the main file: the command line
// (its forced includes in the mirror for the second run), then the
// driver's block under the driver's name, then a __COUNTER__ whose value
// the headers' count gives, then the rest of the driver (which the second
// run expands for pruneBodies' roots; cc/v4 gets gcc's output up to the
// __COUNTER__ only).
func (r *gccRun) writeInputs(predefined, cmdline, head, rest string, mirrored bool) error {
	if err := r.write(filepath.Join(r.mirror, gccMacros), []byte(r.gccMacroText(predefined))); err != nil {
		return err
	}
	return r.write(filepath.Join(r.mirror, gccMain), []byte(r.mainText(cmdline, head, rest, mirrored)))
}

// mainText is the main file's text (writeInputs).
func (r *gccRun) mainText(cmdline, head, rest string, mirrored bool) string {
	if mirrored {
		cmdline = forcedAbs.ReplaceAllStringFunc(cmdline, func(s string) string {
			return `#include "` + r.mapped(forcedAbs.FindStringSubmatch(s)[1], true) + `"`
		})
	}
	return fmt.Sprintf("%s\n#line 1 %q\n%s\n#line 1 %q\n__COUNTER__\n#line %d %q\n%s", cmdline, r.path, head,
		gccCounter, strings.Count(head, "\n")+1, r.path, rest)
}

// run runs gcc on the main file with the include path (mirrored after the
// first run) and returns its output.
func (r *gccRun) run(mirrored bool, extra ...string) ([]byte, error) {
	return r.runFile(mirrored, gccMain, extra...)
}

// runFile runs gcc on the main file main of the mirror directory.
func (r *gccRun) runFile(mirrored bool, main string, extra ...string) ([]byte, error) {
	args := []string{"-undef", "-nostdinc", "-std=gnu89", "-imacros", filepath.Join(r.mirror, gccMacros)}
	// The driver's own quoted includes, in the rest of the driver.
	if abs, err := filepath.Abs(filepath.Dir(r.path)); err == nil {
		args = append(args, "-iquote", abs)
	}
	for _, d := range r.dirs {
		args = append(args, "-I", r.mapped(d, mirrored))
	}
	args = append(append(args, extra...), filepath.Join(r.mirror, main))
	cmd := exec.CommandContext(r.ctx, r.gcc, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i > 0 {
			msg = msg[:i]
		}
		return nil, fmt.Errorf("%s: %w: %s", r.gcc, err, msg)
	}
	return out, nil
}

// preprocess runs gcc on the mirror, macro definitions kept, and returns
// its output. gcc writes it to a file beside the mirror, read at once,
// rather than through a pipe (nvram.c: 3.9 MB, read in 64 kB pieces into
// a growing buffer).
func (r *gccRun) preprocess(extra ...string) ([]byte, error) {
	name := filepath.Join(r.mirror, "whoop-out.i")
	if _, err := r.run(true, append([]string{"-E", "-dD", "-o", name}, extra...)...); err != nil {
		return nil, err
	}
	out, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("gcc's output: %w", err)
	}
	return out, nil
}

// firstRun preprocesses the whole driver against the tree itself and
// returns the files it reads (-M: only the list, gcc's output of the
// headers, nvram.c's 2.7 MB, is not written), but the main and macro
// files.
func (r *gccRun) firstRun() ([]string, error) {
	depFile := filepath.Join(r.mirror, "whoop-deps")
	if _, err := r.run(false, "-M", "-MF", depFile); err != nil {
		return nil, err
	}
	return r.deps(depFile, true)
}

// deps reads the files gcc lists in a dependency file, the target left
// out, and those in the mirror too unless inMirror.
func (r *gccRun) deps(depFile string, skipMirror bool) ([]string, error) {
	deps, err := os.ReadFile(depFile)
	if err != nil {
		return nil, fmt.Errorf("gcc's dependencies: %w", err)
	}
	var files []string
	for i, f := range strings.Fields(strings.ReplaceAll(string(deps), "\\\n", " ")) {
		if i == 0 || skipMirror && strings.HasPrefix(f, r.mirror+"/") {
			continue // the target, and what is already in the mirror
		}
		files = append(files, f)
	}
	return files, nil
}

// restIdents returns the identifiers of the driver's code after its block
// as the second run expands it, after the counter mark (pruneBodies'
// roots: names made by token pasting are seen).
func restIdents(out []byte) (map[string]bool, error) {
	mark := []byte(fmt.Sprintf("\n# 1 %q\n", gccCounter))
	i := bytes.Index(out, mark)
	if i < 0 {
		return nil, fmt.Errorf("gcc's output has no counter mark")
	}
	roots := map[string]bool{}
	cIdents(string(out[i+len(mark):]), roots)
	return roots, nil
}

// lineMarkers turns gcc's output into what cc/v4 reads: from the main
// file's first line on, each `# N "file" flags` marker becomes `#line N
// "file"` with the mirror's prefix dropped (cc/v4 ignores gcc's form), and
// __FILE__ strings lose that prefix too. The __COUNTER__ value at the end
// becomes as many __COUNTER__ uses, so cc/v4 continues the count. The text
// between markers is copied whole (nvram.c: 4,800 markers in 92,000 lines).
func (r *gccRun) lineMarkers(st *state, out []byte) (string, error) {
	mainName := strconv.Quote(filepath.Join(r.mirror, gccMain))
	start := bytes.Index(out, []byte("\n# 1 "+mainName+"\n"))
	if start < 0 {
		return "", fmt.Errorf("gcc's output has no line marker for its input")
	}
	s := out[start+1:]
	if bytes.IndexByte(s, '\r') >= 0 {
		s = bytes.ReplaceAll(s, []byte("\r\n"), []byte("\n")) // as lines were read before
	}
	prefix := r.mirror + "/"
	quoted := []byte(`"` + prefix)
	fileStrings := bytes.Contains(s, quoted)
	var b strings.Builder
	b.Grow(len(s))
	for len(s) > 0 {
		if !isMarker(s) {
			n := nextMarker(s)
			chunk := blankIncludes(s[:n])
			if fileStrings {
				chunk = bytes.ReplaceAll(chunk, quoted, []byte(`"/`))
			}
			b.Write(chunk)
			s = s[n:]
			continue
		}
		line, rest, _ := bytes.Cut(s, []byte("\n"))
		s = rest
		num, after, _ := strings.Cut(string(line[2:]), " ")
		name, err := strconv.Unquote(markerName(after))
		if err != nil {
			return "", fmt.Errorf("gcc line marker %q: %w", line, err)
		}
		switch {
		case name == filepath.Join(r.mirror, gccMain):
			name = "<command-line>"
		case name == gccCounter:
			return b.String() + counter(s), nil
		case strings.HasPrefix(name, prefix):
			name = strings.TrimPrefix(name, r.mirror)
			if strings.HasPrefix(name, "/<whoop>/") {
				name = name[1:]
			}
			name = filepath.Clean(name)
		case name != r.path:
			// Not rewritten as cc/v4 would read it.
			return "", fmt.Errorf("gcc read %s outside the mirror", name)
		}
		if name != r.path && name != "<command-line>" && !st.isModel(name) {
			return "", fmt.Errorf("the driver's leading block reads %s, a file of its own directory", name)
		}
		fmt.Fprintf(&b, "#line %s %q\n", num, name)
	}
	return "", fmt.Errorf("gcc's output ends before the counter mark")
}

// blankIncludes empties the #include and #include_next lines gcc -dI
// writes (oneRun), each where the directive stood: no line moves.
func blankIncludes(s []byte) []byte {
	if !bytes.Contains(s, []byte("#include")) {
		return s
	}
	var out []byte
	for len(s) > 0 {
		line, rest, found := bytes.Cut(s, []byte("\n"))
		if !bytes.HasPrefix(line, []byte("#include")) {
			out = append(out, line...)
		}
		if found {
			out = append(out, '\n')
		}
		s = rest
	}
	return out
}

// isMarker reports whether the line at the start of s is one of gcc's
// line markers, `# N "file" flags`.
func isMarker(s []byte) bool {
	return len(s) >= 3 && s[0] == '#' && s[1] == ' ' && s[2] >= '0' && s[2] <= '9'
}

// nextMarker returns the offset of the first line of s after its first
// that is a line marker, or len(s).
func nextMarker(s []byte) int {
	for i := 0; ; {
		j := bytes.Index(s[i:], []byte("\n# "))
		if j < 0 {
			return len(s)
		}
		i += j + 1
		if isMarker(s[i:]) {
			return i
		}
	}
}

// markerName returns the quoted file name at the start of a marker's rest.
func markerName(rest string) string {
	if i := strings.LastIndexByte(rest, '"'); i > 0 {
		return rest[:i+1]
	}
	return rest
}

// counter reads the __COUNTER__ value gcc printed after the counter mark
// (the first line of s that is not blank) and returns as many uses for
// cc/v4 to count.
func counter(s []byte) string {
	return strings.Repeat("#if __COUNTER__\n#endif\n", counterAfterMark(s))
}

// counterAfterMark reads the __COUNTER__ value gcc printed at the start of
// s (after the counter mark); 0 when there is none.
func counterAfterMark(s []byte) int {
	for len(s) > 0 {
		line, rest, _ := bytes.Cut(s, []byte("\n"))
		s = rest
		t := strings.TrimSpace(string(line))
		if t == "" {
			continue
		}
		n, err := strconv.Atoi(t)
		if err != nil || n <= 0 {
			return 0
		}
		return n
	}
	return 0
}

// counterValue reads the __COUNTER__ value at gcc's counter mark in out.
func counterValue(out []byte) int {
	mark := []byte(fmt.Sprintf("\n# 1 %q\n", gccCounter))
	i := bytes.Index(out, mark)
	if i < 0 {
		return 0
	}
	return counterAfterMark(out[i+len(mark):])
}

// translateUnit translates sources (the unit as cc/v4 alone reads it:
// <predefined>, <builtin>, <command-line>, the driver, the end) with
// cc/v4, the headers preprocessed by gcc first when the tree options ask
// for it. Whatever goes wrong on that path, cc/v4 alone reads the unit:
// its diagnostics are the ones reported.
func translateUnit(st *state, ccfg *cc.Config, sources []cc.Source) (*cc.AST, error) {
	if st.cfg.Kernel == nil || st.cfg.Tree.Preprocess != PreprocessGCC {
		return translate(st, ccfg, sources)
	}
	text := func(i int) string {
		switch v := sources[i].Value.(type) {
		case string:
			return v
		case []byte:
			return string(v)
		}
		return ""
	}
	g, err := gccPreprocess(st, text(0), text(2), []byte(text(3)))
	if err == nil {
		gs := slices.Clone(sources)
		gs[2].Value = g.text
		gs[3].Value = string(g.driver)
		ast, terr := translate(st, ccfg, gs)
		if terr == nil {
			return ast, nil
		}
		err = fmt.Errorf("cc/v4 rejects gcc's output: %s", firstLine(terr.Error()))
	}
	// An explicit --preprocess=gcc says so on stderr (Warn); the default
	// (auto) only with -v (Log), with the file's other -v lines.
	w := st.cfg.Tree.Warn
	if w == nil {
		w = st.cfg.Tree.Log
	}
	if w != nil {
		fmt.Fprintf(w, "whoop: %s: --preprocess=gcc: %v; preprocessing with cc/v4\n", st.path, err)
	}
	return translate(st, ccfg, sources)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
