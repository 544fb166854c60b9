package frontend

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/whoopverify/whoop/frontend/ktree"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
	"modernc.org/cc/v4"
)

// Tree mode: the driver is read against a real kernel tree's headers and the
// configuration of its build (Config.Kernel), as kbuild compiles it, with a
// small overlay: the rewrites of kernel_rewrite.go and the prelude below.
// Everything after parsing is the same as with the bundled models; functions
// the models tables name keep the tables' semantics instead of their inline
// bodies (tableFunc).

// overlayRoot is where the tree-mode overlay headers appear in include
// paths; it comes before the tree's own directories.
const overlayRoot = "<whoop>/" + models.OverlayDir

// treePrelude follows the forced include of kconfig.h. Each line turns off a
// config option that selects a compiler feature cc/v4 cannot read, so the
// headers take their fallback:
//   - CONFIG_CC_HAS_NAMED_AS: per-cpu variables in the __seg_gs address space;
//   - CONFIG_CC_HAS_ASM_INLINE: `asm inline`, which cc/v4's checker rejects;
//   - CONFIG_USE_X86_SEG_SUPPORT: follows from the first;
//   - CONFIG_TRACEPOINTS: trace events expand to thousands of lines of
//     macro-generated structs and probes (empty members cc/v4 traces on
//     stderr); without it trace_foo(args) is an empty inline function, so
//     the driver's own evaluation of the arguments is still seen, and only
//     the probes' reads through them are not (tracing, not driver logic).
//
// The __whoop_member macros serve the vaMember rewrite (kernel_rewrite.go).
const treePrelude = `#undef CONFIG_CC_HAS_NAMED_AS
#undef CONFIG_CC_HAS_ASM_INLINE
#undef CONFIG_USE_X86_SEG_SUPPORT
#define __whoop_nargs_(_0, _1, _2, _3, n, ...) n
#define __whoop_nargs(...) __whoop_nargs_(_, ##__VA_ARGS__, 3, 2, 1, 0)
#define __whoop_cat_(a, b) a##b
#define __whoop_cat(a, b) __whoop_cat_(a, b)
#define __whoop_semi_0
#define __whoop_semi_1 ;
#define __whoop_semi_2 ;
#define __whoop_semi_3 ;
#define __whoop_member(...) __VA_ARGS__ __whoop_cat(__whoop_semi_, __whoop_nargs(__VA_ARGS__))
`

// treeSourceFS is the file system of a tree-mode translation unit: the
// tree's and the build's include directories in kbuild's order, then the
// user's -I directories, with the kernel rewrites applied to every file.
func treeSourceFS(st *state) *sourceFS {
	l := st.cfg.Kernel
	roots := append(l.IncludeDirs(st.path), st.cfg.IncludeDirs...)
	// Quote includes may leave the driver's directory ("../tty/hvc/hvc_console.h"):
	// the whole tree and build may be read.
	roots = append(roots, l.Tree, l.Build)
	s := newSourceFS(filepath.Dir(st.path), roots)
	s.kernel = true
	return s
}

// treeCommandLine returns kbuild's per-object defines and forced includes as
// preprocessor text, with the prelude after kconfig.h.
func treeCommandLine(st *state) string {
	l := st.cfg.Kernel
	var b strings.Builder
	if l.Cmd != nil {
		// gcc applies every -D and -U, in order, before the -include files.
		for _, m := range l.Cmd.Macros {
			switch {
			case commandPredefined[m.Name]:
			case m.Undef:
				fmt.Fprintf(&b, "#undef %s\n", m.Name)
			default:
				fmt.Fprintf(&b, "#undef %s\n#define %s %s\n", m.Name, m.Name, m.Value)
			}
		}
	} else {
		for _, d := range l.Defines(st.path, l.Module(st.path)) {
			name, value, ok := strings.Cut(d, "=")
			if !ok {
				value = "1"
			}
			fmt.Fprintf(&b, "#define %s %s\n", name, value)
		}
	}
	for _, h := range l.ForcedIncludes() {
		// Named through the include path, as the tree's own include/ comes
		// first there; an absolute #include would bypass the search. A
		// forced include from elsewhere (a compile command's own) is read
		// by its path.
		if filepath.Dir(h) == filepath.Join(l.Tree, "include", "linux") {
			fmt.Fprintf(&b, "#include <linux/%s>\n", filepath.Base(h))
		} else {
			fmt.Fprintf(&b, "#include \"%s\"\n", h)
		}
		if filepath.Base(h) == "kconfig.h" {
			b.WriteString(treePrelude)
			if !st.cfg.KeepTracepoints {
				// Assumption tracepoints (whoop assumptions).
				b.WriteString("#undef CONFIG_TRACEPOINTS\n")
			}
		}
	}
	return b.String()
}

// commandPredefined are the macros sparse's flags define that the
// preprocessor already predefines (and may not redefine).
var commandPredefined = map[string]bool{"__STDC__": true}

// treeCCConfig is the cc/v4 configuration of a tree-mode translation unit.
func treeCCConfig(abi *cc.ABI, cfg Config, vfs *sourceFS) *cc.Config {
	dirs := append([]string{overlayRoot}, cfg.Kernel.IncludeDirs(vfs.diskRoots[0] + "/x.c")[1:]...)
	dirs = append(dirs, cfg.IncludeDirs...)
	return &cc.Config{
		ABI:             abi,
		FS:              vfs,
		FSOnly:          true,
		IncludePaths:    append([]string{""}, dirs...),
		SysIncludePaths: dirs,
		UnsignedEnums:   true,
		ExpansionLimit:  treeExpansionLimit,
		// rw_hint.h asserts the size of a packed enum, which cc/v4 lays out
		// as 4 bytes; the analysis does not depend on enum sizes.
		IgnoreStaticAssert: true,
		HasBuiltin:         kernelHasBuiltin,
	}
}

// treeExpansionLimit bounds macro expansion for a file read against a real
// tree: its headers expand to tens of thousands of lines.
const treeExpansionLimit = 200_000_000

// tableFunc reports whether the models tables give name its semantics (a
// lock operation, a helper, a registration). In tree mode such a function's
// inline body in the headers is not lowered: the table wins.
func tableFunc(name string) bool {
	if _, ok := models.Lock(name); ok {
		return true
	}
	if _, ok := models.HelperFor(name); ok {
		return true
	}
	_, ok := models.Registration(name)
	return ok
}

// TreeOptions say where a driver's kernel headers come from.
type TreeOptions struct {
	Dir     string    // --kernel: the source tree; "" finds the tree above the file
	Build   string    // --kernel-build: the configured build; "" uses the prepared tree
	Bundled bool      // --bundled: always use the bundled model headers
	Log     io.Writer // when set (whoop -v), what was detected is written here
	// Commands, when set, gives a file's compiler command (kbuild's CHECK
	// invocation, a compilation database entry), or nil: its include
	// directories, forced includes and macros then replace the ones
	// computed from the tree.
	Commands func(path string) *ktree.Command
	// Preprocess is "gcc" for --preprocess=gcc (gcccpp.go): the build's
	// compiler, GCC or "gcc" on the PATH, preprocesses the driver's
	// leading #include block. Warn, when set, gets a note when that falls
	// back to cc/v4 alone.
	Preprocess string
	GCC        string
	Warn       io.Writer
	// NoPrune keeps every header function body gcc's output holds
	// (gccprune.go); tests compare the two.
	NoPrune bool
	// Headers, when set, is shared by the files of one process: what the
	// gcc front end reads of a tree header is computed once
	// (gccscan_cache.go).
	Headers *HeaderCache
}

// ResolveTree returns the kernel tree layout path is read against, or nil
// for the bundled model headers (no tree above the file, or opts.Bundled).
// A tree without a configured build is an input error that says how to get
// one.
func ResolveTree(path string, opts TreeOptions) (*ktree.Layout, error) {
	if opts.Bundled {
		return nil, nil
	}
	if opts.Commands != nil {
		if cmd := opts.Commands(path); cmd != nil {
			if l := ktree.FromCommand(cmd); l != nil {
				describeTree(opts.Log, path, l)
				return l, nil
			}
		}
	}
	dir := opts.Dir
	if dir == "" {
		if dir = ktree.FindTree(path); dir == "" {
			return nil, nil
		}
	}
	l, err := ktree.Resolve(dir, opts.Build)
	if err != nil {
		return nil, inputErrorf(ir.Pos{File: path}, "%v", err)
	}
	describeTree(opts.Log, path, l)
	return l, nil
}

// kernelCommandWithoutBuild refuses a compiler command that reads a
// kernel's headers (linux/kconfig.h on its include path) but names no
// configured build (no include directory holds generated/autoconf.h): read
// as a plain program, the kernel's headers fail at the first generated
// one, far from the cause. It is usually a database whose commands were
// recorded with the wrong directory (gen_compile_commands.py -d . for an
// external module, where kbuild ran them in the build directory), so the
// relative directories (-I./include) name nothing.
func kernelCommandWithoutBuild(path string, cmd *ktree.Command) error {
	kconfig := ""
	var missing []string
	for _, d := range append(append([]string(nil), cmd.QuoteDirs...), cmd.IncludeDirs...) {
		if kconfig == "" && isRegular(filepath.Join(d, "linux", "kconfig.h")) {
			kconfig = filepath.Join(d, "linux", "kconfig.h")
		}
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			missing = append(missing, d)
		}
	}
	if kconfig == "" {
		return nil
	}
	msg := fmt.Sprintf("its compiler command reads a kernel's headers (%s) but no configured build: no include directory holds generated/autoconf.h", kconfig)
	if len(missing) > 0 {
		msg += fmt.Sprintf("; %d of them do not exist (%s), read from the command's directory %s: for an external module kbuild runs the compiler in the kernel's build directory, so write the database with that directory (gen_compile_commands.py -d BUILD_DIR, as docs/sweeps.md shows)",
			len(missing), strings.Join(missing, ", "), cmd.Dir)
	}
	return inputErrorf(ir.Pos{File: path}, "%s", msg)
}

func isRegular(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// describeTree writes what was detected (whoop -v).
func describeTree(log io.Writer, path string, l *ktree.Layout) {
	if log == nil {
		return
	}
	var b strings.Builder
	for _, line := range l.Describe(path) {
		fmt.Fprintf(&b, "whoop: %s: %s\n", path, line)
	}
	io.WriteString(log, b.String())
}

// treeDiagnostics rewords cc/v4's diagnostics for tree mode: a missing
// header is missing from the tree, not from whoop's models; an error inside
// the tree's headers is a construct whoop cannot read yet, which a tree-mode
// overlay entry or rewrite (kernel_rewrite.go, models/overlay) would fix.
func treeDiagnostics(st *state, ie *InputError) {
	for i := range ie.Diags {
		d := &ie.Diags[i]
		if hdr, ok := strings.CutPrefix(d.Msg, "no model for "); ok {
			hdr, _, _ = strings.Cut(hdr, ":")
			d.Msg = hdr + " not found in the kernel tree " + st.cfg.Kernel.Tree + ", its build " + st.cfg.Kernel.Build + " or the driver's directory; pass -I DIR if it lives elsewhere"
			continue
		}
		if d.Pos.File != "" && st.isModel(d.Pos.File) && !isModelFile(d.Pos.File) {
			d.Msg += " (in the kernel tree's headers: whoop cannot read this construct yet; a tree-mode overlay entry would fix it)"
		}
	}
	if why := st.cfg.Kernel.Unbuilt(st.path); why != "" && len(ie.Diags) > 0 {
		// Second, before a long list of errors: it may explain them all.
		note := ir.Diagnostic{Pos: ir.Pos{File: st.path},
			Msg: "note: this build's configuration does not compile this file (" + why + "): what it leaves out, such as struct members under #ifdef, may be what does not read"}
		ie.Diags = slices.Insert(ie.Diags, 1, note)
	}
}
