package ktree

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Layout is a kernel source tree and its configured build, as kbuild sees
// them when it compiles one file.
type Layout struct {
	Tree  string // the source tree: top-level Makefile, Kconfig, include/linux, arch
	Build string // the configured build: include/generated/autoconf.h (may equal Tree)
	Arch  string // the source architecture directory under arch/ ("x86")
	// BuildFrom says how Build was found, for `whoop -v`.
	BuildFrom string
	// Cmd, when set, is the compiler command kbuild or a compilation
	// database gives the file: its include directories, forced includes and
	// macros replace the ones computed from the tree.
	Cmd *Command
}

// ErrNoBuild is returned (wrapped) when a tree has no configured build.
var ErrNoBuild = errors.New("no configured build")

// IsTree reports whether dir looks like the top of a Linux source tree.
func IsTree(dir string) bool {
	for _, marker := range []string{"Makefile", "Kconfig"} {
		if fi, err := os.Stat(filepath.Join(dir, marker)); err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	for _, d := range []string{"include/linux", "arch"} {
		if fi, err := os.Stat(filepath.Join(dir, d)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// FindTree returns the nearest directory at or above file's directory that
// is a kernel source tree, or "" when there is none.
func FindTree(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	dir := filepath.Dir(abs)
	for {
		if IsTree(dir) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// IsBuild reports whether dir holds a configured build's generated headers.
func IsBuild(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "include", "generated", "autoconf.h"))
	return err == nil && fi.Mode().IsRegular()
}

// Resolve returns the Layout for tree: the build is explicitBuild when
// given (an O= directory or an installed headers package's directory), else
// the tree itself when `make prepare` was run there. Without either it
// returns an error wrapping ErrNoBuild that says how to get one.
func Resolve(tree, explicitBuild string) (*Layout, error) {
	if !IsTree(tree) {
		return nil, fmt.Errorf("%s is not a Linux source tree (it needs Makefile, Kconfig, include/linux/ and arch/)", tree)
	}
	l := &Layout{Tree: filepath.Clean(tree), Arch: "x86"}
	switch {
	case explicitBuild != "":
		if !IsBuild(explicitBuild) {
			return nil, fmt.Errorf("--kernel-build %s: %w: include/generated/autoconf.h is missing (run `make O=%s olddefconfig prepare` in the tree, or name an installed linux-headers package's directory)",
				explicitBuild, ErrNoBuild, explicitBuild)
		}
		l.Build, l.BuildFrom = filepath.Clean(explicitBuild), "--kernel-build"
	case IsBuild(tree):
		l.Build, l.BuildFrom = l.Tree, "the tree (make prepare was run there)"
	default:
		return nil, fmt.Errorf("kernel tree %s: %w: include/generated/autoconf.h is missing; run `make olddefconfig prepare` there, or pass --kernel-build DIR (an O= build directory, or an installed headers package such as /usr/src/linux-headers-$(uname -r))",
			tree, ErrNoBuild)
	}
	return l, nil
}

// IncludeDirs returns the -I directories in kbuild's order (LINUXINCLUDE of
// the top-level Makefile): arch, generated arch, include, generated include,
// then the uapi directories. The driver's own directory comes first, as
// kbuild's -I$(srctree)/$(src) does, so its "foo.h" headers are found.
func (l *Layout) IncludeDirs(file string) []string {
	arch := filepath.Join("arch", l.Arch, "include")
	dirs := []string{}
	if abs, err := filepath.Abs(file); err == nil {
		dirs = append(dirs, filepath.Dir(abs))
	}
	if l.Cmd != nil {
		// -iquote directories join the search for <...> too: a header
		// found there by mistake would be the tree's own.
		return append(append(dirs, l.Cmd.QuoteDirs...), l.Cmd.IncludeDirs...)
	}
	return append(dirs,
		filepath.Join(l.Tree, arch),
		filepath.Join(l.Build, arch, "generated"),
		filepath.Join(l.Tree, "include"),
		filepath.Join(l.Build, "include"),
		filepath.Join(l.Tree, arch, "uapi"),
		filepath.Join(l.Build, arch, "generated", "uapi"),
		filepath.Join(l.Tree, "include", "uapi"),
		filepath.Join(l.Build, "include", "generated", "uapi"),
	)
}

// ForcedIncludes returns the headers kbuild forces in front of every file
// (-include), in order. compiler-version.h exists only in newer trees.
func (l *Layout) ForcedIncludes() []string {
	if l.Cmd != nil {
		return l.Cmd.Forced
	}
	var out []string
	for _, h := range []string{"compiler-version.h", "kconfig.h", "compiler_types.h"} {
		p := filepath.Join(l.Tree, "include", "linux", h)
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// Defines returns kbuild's per-object defines for file: __KERNEL__, the
// object names, and MODULE when the object is built as a module (built-in
// objects get KBUILD_MODFILE instead, which some drivers use).
func (l *Layout) Defines(file string, module bool) []string {
	if l.Cmd != nil {
		var defs []string
		for _, m := range l.Cmd.Macros {
			if v, ok := l.Cmd.Defined(m.Name); ok && !slices.Contains(defs, m.Name+"="+v) {
				defs = append(defs, m.Name+"="+v)
			}
		}
		return defs
	}
	if abs, err := filepath.Abs(file); err == nil {
		file = abs // KBUILD_MODFILE is relative to the tree
	}
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	mangle := strings.NewReplacer("-", "_", ",", "_").Replace
	name := mangle(base)
	// A part of a composite object (r8169_main.c of r8169-y) is compiled
	// with the composite's name as KBUILD_MODNAME, as kbuild does.
	mod := name
	if c := Composite(file); c != "" {
		mod = mangle(c)
	}
	defs := []string{
		"__KERNEL__",
		"CC_USING_FENTRY",
		fmt.Sprintf(`KBUILD_BASENAME="%s"`, name),
		fmt.Sprintf(`KBUILD_MODNAME="%s"`, mod),
		"__KBUILD_MODNAME=kmod_" + mod,
	}
	if module {
		defs = append(defs, "MODULE")
	} else if rel, err := filepath.Rel(l.Tree, file); err == nil {
		defs = append(defs, fmt.Sprintf(`KBUILD_MODFILE="%s"`, strings.TrimSuffix(rel, filepath.Ext(rel))))
	}
	return defs
}

// Config returns the CONFIG_* options the build sets, from its autoconf.h
// (name to value: "1" for y and m, the literal otherwise), for reports and
// for deciding which objects a Makefile builds.
func (l *Layout) Config() (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(l.Build, "include", "generated", "autoconf.h"))
	if err != nil {
		return nil, fmt.Errorf("read build config: %w", err)
	}
	cfg := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && f[0] == "#define" && strings.HasPrefix(f[1], "CONFIG_") {
			cfg[f[1]] = strings.Join(f[2:], " ")
		}
	}
	return cfg, nil
}

// Describe returns the lines `whoop -v` prints about the layout.
func (l *Layout) Describe(file string) []string {
	cfg, _ := l.Config()
	keys := len(cfg)
	lines := []string{
		"kernel tree: " + l.Tree,
		fmt.Sprintf("kernel build: %s (from %s, %d CONFIG_ options)", l.Build, l.BuildFrom, keys),
		"arch: " + l.Arch,
	}
	for _, d := range l.IncludeDirs(file) {
		lines = append(lines, "include: "+d)
	}
	for _, h := range l.ForcedIncludes() {
		lines = append(lines, "forced include: "+h)
	}
	defs := l.Defines(file, l.Module(file))
	sort.Strings(defs)
	for _, d := range defs {
		lines = append(lines, "define: "+d)
	}
	return lines
}
