package ktree

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Command is the preprocessor part of one compiler command line, as kbuild
// runs it (`$(CHECK) $(CHECKFLAGS) $(c_flags) file.c`) or as a compilation
// database records it: the include directories, forced includes and macros
// in command-line order, with relative paths resolved against Dir. Every
// other gcc or sparse flag (-O2, -W..., -f..., -m..., --arch=x86) is
// accepted and ignored: the analysis does not depend on code generation.
type Command struct {
	Dir         string   // the directory the command runs in
	QuoteDirs   []string // -iquote: searched for "..." includes only, first
	IncludeDirs []string // -I, then -isystem, then -idirafter, in that order
	Forced      []string // -include, -imacros: read before the file, in order
	Macros      []Macro  // -D and -U, in order
	Files       []string // the source files named (C files only)
}

// Macro is one -D NAME[=VALUE] or -U NAME.
type Macro struct {
	Name, Value string
	Undef       bool
}

// valued lists the gcc options whose value is the next argument when it is
// not attached. Those that matter to the preprocessor are read; the others
// (output, dependency files, language, assembler and linker options) are
// skipped with their value so it is not taken for a source file.
var valued = map[string]bool{
	"-I": true, "-D": true, "-U": true, "-include": true, "-imacros": true,
	"-isystem": true, "-iquote": true, "-idirafter": true,
	"-o": true, "-MF": true, "-MT": true, "-MQ": true, "-x": true, "-aux-info": true,
	"--param": true, "-Xassembler": true, "-Xlinker": true, "-Xpreprocessor": true,
	"-isysroot": true, "--sysroot": true, "-imultilib": true, "-iprefix": true,
	"-iwithprefix": true, "-iwithprefixbefore": true, "-target": true, "-arch": true,
}

// ParseCommand reads a compiler command line (without the compiler's own
// name) run in dir. Arguments that are not options and end in .c are the
// source files; other non-options (a stray object file) are ignored. A
// missing option value is an error.
func ParseCommand(args []string, dir string) (*Command, error) {
	c := &Command{Dir: dir}
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return filepath.Clean(p)
	}
	var isystem, after []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "" || a[0] != '-' || a == "-" {
			if strings.HasSuffix(a, ".c") {
				c.Files = append(c.Files, abs(a))
			}
			continue
		}
		opt, val := a, ""
		switch {
		case valued[a]:
			if i+1 >= len(args) {
				return nil, fmt.Errorf("option %s needs a value", a)
			}
			i++
			val = args[i]
		case len(a) > 2 && (a[:2] == "-I" || a[:2] == "-D" || a[:2] == "-U"):
			opt, val = a[:2], a[2:]
		default:
			continue // -O2, -W..., -f..., -m..., -nostdinc, --arch=x86, --param=..., -Wp,-MMD,...
		}
		switch opt {
		case "-I":
			c.IncludeDirs = append(c.IncludeDirs, abs(val))
		case "-isystem":
			isystem = append(isystem, abs(val))
		case "-idirafter":
			after = append(after, abs(val))
		case "-iquote":
			c.QuoteDirs = append(c.QuoteDirs, abs(val))
		case "-include", "-imacros":
			c.Forced = append(c.Forced, abs(val))
		case "-D":
			name, value, ok := strings.Cut(val, "=")
			if !ok {
				value = "1"
			}
			c.Macros = append(c.Macros, Macro{Name: name, Value: value})
		case "-U":
			c.Macros = append(c.Macros, Macro{Name: val, Undef: true})
		}
	}
	c.IncludeDirs = append(append(c.IncludeDirs, isystem...), after...)
	return c, nil
}

// Defined returns the value the command gives name, and whether it is
// defined when the macros have been applied in order.
func (c *Command) Defined(name string) (string, bool) {
	value, ok := "", false
	for _, m := range c.Macros {
		if m.Name == name {
			value, ok = m.Value, !m.Undef
		}
	}
	return value, ok
}

// FromCommand returns the layout of a kernel command: the source tree is
// the directory above the include directory that holds linux/kconfig.h, the
// build the one above the include directory that holds
// generated/autoconf.h. A command without both (a user-space file, a
// command of another project) is not a kernel command: nil, no error.
func FromCommand(c *Command) *Layout {
	var tree, build string
	for _, d := range append(append([]string(nil), c.QuoteDirs...), c.IncludeDirs...) {
		if tree == "" && regular(filepath.Join(d, "linux", "kconfig.h")) {
			tree = filepath.Dir(d)
		}
		if build == "" && regular(filepath.Join(d, "generated", "autoconf.h")) {
			build = filepath.Dir(d)
		}
	}
	if tree == "" || build == "" {
		return nil
	}
	return &Layout{Tree: tree, Build: build, Arch: "x86", BuildFrom: "the compiler command line", Cmd: c}
}

func regular(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
