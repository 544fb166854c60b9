package frontend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/whoopverify/whoop/frontend/entry"
	"github.com/whoopverify/whoop/frontend/ktree"
	"github.com/whoopverify/whoop/frontend/regions"
	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// pass is one named stage of the front end.
type pass struct {
	name string
	run  func(*state) error
}

// passes is the pipeline, in order.
var passes = []pass{
	{"parse", parsePass},         // preprocess, parse and type-check with cc/v4
	{"lower", lowerPass},         // C AST -> IR (model-header helpers still called)
	{"inline", inlinePass},       // inline model-header helpers at driver call sites
	{"callbacks", callbacksPass}, // kernel functions that call a driver callback before they return
	{"entry", entryPass},         // entry points (package frontend/entry)
	{"dead", deadPass},           // drop static functions nothing live reaches
	{"regions", regionsPass},     // memory regions, indirect targets (package frontend/regions)
	{"validate", validatePass},   // ir.Validate
}

// Passes lists the pipeline's pass names in order.
func Passes() []string {
	names := make([]string, len(passes))
	for i, p := range passes {
		names[i] = p.name
	}
	return names
}

// state is what passes hand each other within one Load.
type state struct {
	ctx context.Context
	// path is the program's name: the driver file, or the module (its
	// first file, or the .ko named). While a unit parses, a copy of the
	// state has the unit's file here and in vfs, src and ast.
	path  string
	files []string // the source files: path alone, or a module's parts
	dirs  []string // the files' directories: the driver's own code
	cfg   Config
	vfs   *sourceFS
	src   []byte // the driver file as read
	ast   *cc.AST
	units []*unit // after parsing: one per file, in order
	prog  *ir.Program
	// modelFuncs are the functions defined in model headers: inline
	// candidates, dropped after inlining unless still referenced.
	modelFuncs map[*ir.Function]bool
	// syncOnly: callbacks of tables only synchronous-callback calls read
	// (callbacks.go); the entry pass drops them.
	syncOnly map[syncSite]bool
}

// isModel reports whether a position's file holds the environment rather
// than the driver: a bundled model header, or in tree mode any file outside
// the driver's own directory (the tree's headers).
func (st *state) isModel(name string) bool {
	if isModelFile(name) {
		return true
	}
	if st.cfg.Kernel == nil || name == "" {
		return false
	}
	dir := filepath.Dir(name)
	for _, d := range st.dirs {
		if dir == d {
			return false
		}
	}
	return true
}

// Load runs the whole front-end pipeline on one file: parse, lower, inline
// model-header helpers, entry.Find, regions.Analyze, ir.Validate. It is safe
// to call concurrently.
func Load(ctx context.Context, path string, cfg Config) (*ir.Program, error) {
	return LoadUntil(ctx, path, cfg, passes[len(passes)-1].name)
}

// LoadUntil runs the pipeline up to and including the pass named lastPass.
// A path ending in .ko names a composite module in a kernel tree: its parts
// come from the directory's Makefile (LoadModule).
func LoadUntil(ctx context.Context, path string, cfg Config, lastPass string) (prog *ir.Program, err error) {
	last := -1
	for i, p := range passes {
		if p.name == lastPass {
			last = i
		}
	}
	if last < 0 {
		return nil, fmt.Errorf("unknown pass %q (passes: %s)", lastPass, strings.Join(Passes(), ", "))
	}
	cfg, files, err := prepare(path, cfg)
	if err != nil {
		return nil, err
	}
	return run(ctx, path, files, cfg, last)
}

// prepare completes cfg for path (a compiler command's flags, the kernel
// tree) and returns the files to read: path, or a module's parts.
func prepare(path string, cfg Config) (Config, []string, error) {
	if cfg.Kernel == nil && cfg.Tree.Commands != nil {
		// A compiler command that is not a kernel one (no kconfig.h or
		// autoconf.h on its include path) still gives its -I, -D and -U.
		if cmd := cfg.Tree.Commands(path); cmd != nil && ktree.FromCommand(cmd) == nil {
			if err := kernelCommandWithoutBuild(path, cmd); err != nil {
				return cfg, nil, err
			}
			cfg.IncludeDirs = append(append(append([]string(nil), cfg.IncludeDirs...), cmd.QuoteDirs...), cmd.IncludeDirs...)
			for _, m := range cmd.Macros {
				if m.Undef {
					cfg.Undefines = append(cfg.Undefines, m.Name)
				} else {
					cfg.Defines = append(cfg.Defines, m.Name+"="+m.Value)
				}
			}
		}
	}
	if cfg.Kernel == nil {
		l, err := ResolveTree(path, cfg.Tree)
		if err != nil {
			return cfg, nil, err
		}
		cfg.Kernel = l
	}
	files := []string{path}
	if strings.HasSuffix(path, ".ko") {
		var err error
		if files, err = moduleParts(path, cfg.Kernel); err != nil {
			return cfg, nil, err
		}
	}
	return cfg, files, nil
}

// LoadModule runs the pipeline on a module built from several files (the
// parts of a composite object, r8169-y := r8169_main.o ...) as one program
// named name: calls across the files are followed, and an entry point
// registered in one file and defined in another is found.
func LoadModule(ctx context.Context, name string, files []string, cfg Config) (*ir.Program, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("module %s: no files", name)
	}
	if cfg.Kernel == nil {
		l, err := ResolveTree(files[0], cfg.Tree)
		if err != nil {
			return nil, err
		}
		cfg.Kernel = l
	}
	return run(ctx, name, files, cfg, len(passes)-1)
}

// run runs passes[:last+1] on the files.
func run(ctx context.Context, name string, files []string, cfg Config, last int) (*ir.Program, error) {
	st := &state{ctx: ctx, path: name, files: files, cfg: cfg}
	if err := runPasses(st, passes[:last+1]); err != nil {
		return nil, err
	}
	return st.prog, nil
}

func runPasses(st *state, ps []pass) error {
	for _, p := range ps {
		if err := st.ctx.Err(); err != nil {
			return err
		}
		if err := runPass(p, st); err != nil {
			return err
		}
	}
	return nil
}

// LoadWithExact is Load, and also returns the same file lowered with C's
// integer semantics (Config.ExactInts) from the same parse: the bounded
// explorer confirms races on that program whatever the race check
// assumes (a second Load would parse again, nine tenths of a file's
// front end). When cfg.ExactInts is set, exact is prog. files lists a
// module's parts (LoadModule), nil for path alone.
func LoadWithExact(ctx context.Context, path string, files []string, cfg Config) (prog, exact *ir.Program, err error) {
	if files == nil {
		if cfg, files, err = prepare(path, cfg); err != nil {
			return nil, nil, err
		}
	} else if cfg.Kernel == nil {
		if cfg.Kernel, err = ResolveTree(files[0], cfg.Tree); err != nil {
			return nil, nil, err
		}
	}
	st := &state{ctx: ctx, path: path, files: files, cfg: cfg}
	if err := runPasses(st, passes[:1]); err != nil {
		return nil, nil, err
	}
	if cfg.ExactInts {
		err := runPasses(st, passes[1:])
		return st.prog, st.prog, err
	}
	ex := *st
	ex.cfg.ExactInts = true
	ex.prog = &ir.Program{Path: st.prog.Path, Sources: st.prog.Sources, Files: st.prog.Files}
	// One after the other: lowering rewrites the units' link renames.
	if err := runPasses(st, passes[1:]); err != nil {
		return nil, nil, err
	}
	if err := runPasses(&ex, passes[1:]); err != nil {
		return nil, nil, err
	}
	return st.prog, ex.prog, nil
}

// runPass runs one pass, turning a panic into an error: bad input must
// never crash the caller.
func runPass(p pass, st *state) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &internalError{pass: p.name, path: st.path, value: r, where: panicSite(debug.Stack())}
		}
	}()
	return p.run(st)
}

// internalError is a panic recovered in a pass: a bug in whoop or in
// cc/v4, reported as an error (exit code 4), not as a crash.
type internalError struct {
	pass, path string
	value      any
	where      string // the function and line that panicked
}

func (e *internalError) Error() string {
	msg := fmt.Sprintf("%s: internal error in pass %s at %s: %v", e.path, e.pass, e.where, e.value)
	if e.inParser() {
		msg += " (cc/v4, the C parser, crashed on this file; a known cause is GNU's x ?: y with a constant x that whoop does not spell out, such as one after a cast)"
	}
	return msg
}

// inParser reports whether the panic happened inside cc/v4.
func (e *internalError) inParser() bool { return strings.HasPrefix(e.where, "modernc.org/cc/") }

// panicSite returns "function file:line" of the frame that panicked: the
// first frame after the runtime's panic machinery.
func panicSite(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	seenPanic := false
	for i := 0; i+1 < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "panic(") {
			seenPanic = true
			continue
		}
		if !seenPanic || strings.HasPrefix(l, "runtime.") || strings.HasPrefix(l, "/") {
			continue
		}
		fn := l
		if j := strings.LastIndexByte(fn, '('); j > 0 {
			fn = fn[:j]
		}
		loc := strings.TrimSpace(lines[i+1])
		if j := strings.LastIndexByte(loc, ' '); j > 0 {
			loc = loc[:j]
		}
		return fn + " " + filepath.Base(loc)
	}
	return "unknown location"
}

// parsePass parses each file of the program as its own translation unit.
func parsePass(st *state) error {
	for _, f := range st.files {
		dir := filepath.Dir(f)
		st.dirs = append(st.dirs, dir)
		if abs, err := filepath.Abs(dir); err == nil && abs != dir {
			st.dirs = append(st.dirs, abs)
		}
	}
	sources := map[string]string{}
	for _, f := range st.files {
		u := *st
		u.path = f
		if len(st.files) > 1 && st.cfg.Kernel != nil && st.cfg.Kernel.Cmd != nil {
			// Each part has its own compile command (-p).
			l, err := ResolveTree(f, st.cfg.Tree)
			if err != nil {
				return err
			}
			u.cfg.Kernel = l
		}
		if err := parseUnit(&u); err != nil {
			return err
		}
		if err := st.ctx.Err(); err != nil {
			return err
		}
		st.units = append(st.units, &unit{path: u.path, src: u.src, vfs: u.vfs, ast: u.ast, cfg: u.cfg})
		sources[u.path] = string(u.src)
		if len(st.files) == 1 {
			st.path, st.src, st.vfs, st.ast = u.path, u.src, u.vfs, u.ast
		}
	}
	st.prog = &ir.Program{Path: st.path, Sources: sources}
	if len(st.files) > 1 {
		st.prog.Files = make([]string, len(st.units))
		for i, u := range st.units {
			st.prog.Files[i] = u.path
		}
	}
	return nil
}

// unit is one translation unit: a driver file, or one part of a module.
type unit struct {
	path string
	src  []byte
	vfs  *sourceFS
	ast  *cc.AST
	cfg  Config
	// renames maps the internal-linkage names this unit's own file defines
	// that another unit defines too to their names in the program
	// ("foo@r8169_leds.c"): C keeps them apart, so must the program.
	renames map[string]string
}

// parseUnit reads, preprocesses, parses and type-checks the file st.path.
func parseUnit(st *state) error {
	path, src, err := readSource(st.path, st.cfg)
	st.path = path
	if err != nil {
		return &InputError{Diags: []ir.Diagnostic{{Msg: "cannot read " + path + ": " + err.Error()}}}
	}
	st.src = src
	pos := ir.Pos{File: st.path}
	if len(bytes.TrimSpace(src)) == 0 {
		return inputErrorf(pos, "empty file: no C declarations to analyse")
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		return inputErrorf(pos, "not a C source file: NUL byte at offset %d", i)
	}
	if err := prescan(st.path, src); err != nil {
		return err
	}
	cmdline, err := commandLine(st.cfg)
	if err != nil {
		return inputErrorf(ir.Pos{}, "%v", err)
	}
	st.vfs = newSourceFS(filepath.Dir(st.path), st.cfg.IncludeDirs)
	st.vfs.extra = st.cfg.testModels
	if st.cfg.Kernel != nil {
		st.vfs = treeSourceFS(st)
		cmdline = treeCommandLine(st) + cmdline
	}
	st.vfs.noteAbsolute(src)
	st.vfs.noteRelative(st.path, src)
	ccfg, err := ccConfig(st.cfg, st.vfs)
	if err != nil {
		return err
	}
	predefined := predefinedText(modName(st.files[0]), !definesModName(st.cfg) && st.cfg.Kernel == nil)
	if st.cfg.Kernel != nil {
		predefined = treePredefined(predefined)
	}
	sources := []cc.Source{
		{Name: "<predefined>", Value: predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: "<command-line>", Value: cmdline},
		{Name: st.path, Value: endSplice(rewriteElvis(rewriteNamedVariadics(rewriteEmptyArrays(src))))},
		{Name: endSource, Value: endSentinel},
	}
	ast, err := translateUnit(st, ccfg, sources)
	var crash *internalError
	if errors.As(err, &crash) {
		// cc/v4 panicked: no fault of the input that whoop can name, an
		// internal error (exit 4), not a diagnostic about the file.
		return err
	}
	if err != nil {
		ie := ccInputError(err, st.path, src)
		missingIncludeNotes(st, ccfg, cmdline, ie)
		if st.cfg.Kernel != nil {
			treeDiagnostics(st, ie)
		}
		return ie
	}
	if ast == nil || ast.TranslationUnit == nil {
		return inputErrorf(pos, "no declarations")
	}
	st.ast = ast
	return nil
}

func entryPass(st *state) error {
	// One switch, the static-linkage assumption, for both passes.
	st.prog.ExternLinkage = st.cfg.Regions.NoLinkageAssumption
	st.prog.KernelReadsLocalFields = st.cfg.KernelReadsLocalFields
	if err := closeExports(st); err != nil {
		return err
	}
	st.prog.EntryPoints = dropSyncOnly(entry.Find(st.prog), st.syncOnly)
	return nil
}

func regionsPass(st *state) error {
	if err := regions.Analyze(st.prog, st.cfg.Regions); err != nil {
		return fmt.Errorf("%s: regions: %w", st.path, err)
	}
	return nil
}

func validatePass(st *state) error {
	if err := ir.Validate(st.prog); err != nil {
		return fmt.Errorf("%s: %w", st.path, err)
	}
	return nil
}
