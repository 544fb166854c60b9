package frontend

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/whoopverify/whoop/frontend/ktree"
	"github.com/whoopverify/whoop/frontend/regions"
	"modernc.org/cc/v4"
)

// Config holds the preprocessor options and lowering switches of one Load.
type Config struct {
	IncludeDirs []string // -I, searched before the model headers ("" entries ignored)
	Defines     []string // -D NAME or NAME=VALUE
	Undefines   []string // -U NAME
	// VolatilePlain treats accesses through volatile lvalues as plain. By
	// default they are marked, as READ_ONCE/WRITE_ONCE are.
	VolatilePlain bool
	// AtomicsPlain treats the atomic accesses of the helper table (atomic_t
	// operations, atomic bit operations) as plain. By default they are
	// marked for the kernel memory model, as KCSAN instruments them.
	AtomicsPlain bool
	// ExactInts models C integer overflow and conversions (two's-complement
	// wrap-around, see ints.go). By default integers are mathematical: no
	// overflow, and casts keep values.
	ExactInts bool
	// Stdin is the driver's text when its path is "-" (StdinPath in
	// positions); includes are then searched from the current directory.
	Stdin []byte
	// Regions are the options of the region pass (its assumptions).
	Regions regions.Options
	// Kernel, when set, reads the driver against a real kernel tree's
	// headers and config instead of the bundled model headers (tree.go).
	Kernel *ktree.Layout
	// KeepTracepoints keeps the tree's CONFIG_TRACEPOINTS (tree mode), so
	// tracepoint probes' reads of driver memory are checked too; by default
	// tracing is compiled out (tree.go), which cc/v4 reads more often.
	KeepTracepoints bool
	// KernelReadsLocalFields drops the local-types assumption: a function
	// stored into a member of the driver's own struct type may be called
	// by the kernel when the memory escapes (ir.Program has the same
	// switch).
	KernelReadsLocalFields bool
	// OpenExports drops the module-exports assumption: modules outside
	// the files of a --module run may use the exported symbols those files
	// use themselves, even when no other file of the tree names them
	// (ir.Program.ClosedExports stays nil).
	OpenExports bool
	// Tree says how Load finds Kernel when it is not set.
	Tree TreeOptions
	// KernelCallsTouch drops the kernel-calls assumption: a call of a
	// kernel function no models table describes, and an indirect call,
	// reads what each pointer argument points to and writes it unless the
	// parameter points to const (call.go, opaqueTouches).
	KernelCallsTouch bool
	// NoSyncCallbacks drops the sync-callbacks assumption: a kernel
	// function of the synchronous-callback table (models/callbacks.go) is
	// an unknown function like any other, its callback an entry point of
	// its own and the context it gets shared (callbacks.go).
	NoSyncCallbacks bool

	// testModels, when set (by this package's tests), is searched for model
	// headers before the embedded ones.
	testModels fs.FS
}

// expansionLimit bounds macro-expansion work per translation unit (tokens
// processed), so hostile input cannot expand exponentially. The shared
// drivers need 100k-300k against the model headers.
const expansionLimit = 2_000_000

// ccConfig returns a fresh cc.Config for one translation unit: hermetic (no
// host compiler, no host headers), LP64 x86_64 Linux. A cc.Config must not
// be shared between goroutines, so every Load builds its own.
func ccConfig(cfg Config, vfs *sourceFS) (*cc.Config, error) {
	abi, err := cc.NewABI("linux", "amd64")
	if err != nil {
		return nil, fmt.Errorf("cc ABI: %w", err)
	}
	if cfg.Kernel != nil {
		return treeCCConfig(abi, cfg, vfs), nil
	}
	var user []string
	for _, d := range cfg.IncludeDirs {
		if d != "" {
			user = append(user, filepath.Clean(d))
		}
	}
	// "/" last: where absolute include names are found (include.go).
	quote := append([]string{""}, user...)
	quote = append(quote, modelRoot, "/")
	sys := append(append([]string(nil), user...), modelRoot, "/")
	return &cc.Config{
		ABI:             abi,
		FS:              vfs,
		FSOnly:          true,
		IncludePaths:    quote,
		SysIncludePaths: sys,
		UnsignedEnums:   true,
		ExpansionLimit:  expansionLimit,
	}, nil
}

// commandLine returns the -D and -U options as preprocessor text: first all
// definitions, then all undefinitions.
func commandLine(cfg Config) (string, error) {
	var b strings.Builder
	for _, d := range cfg.Defines {
		name, value, hasValue := strings.Cut(d, "=")
		if err := checkMacroName(name, true); err != nil {
			return "", fmt.Errorf("-D %s: %w", d, err)
		}
		if !hasValue {
			value = "1"
		}
		if strings.ContainsAny(value, "\n\r") {
			return "", fmt.Errorf("-D %s: value spans lines", name)
		}
		fmt.Fprintf(&b, "#define %s %s\n", name, value)
	}
	for _, u := range cfg.Undefines {
		if err := checkMacroName(u, false); err != nil {
			return "", fmt.Errorf("-U %s: %w", u, err)
		}
		fmt.Fprintf(&b, "#undef %s\n", u)
	}
	return b.String(), nil
}

// checkMacroName accepts an identifier, or with params an identifier
// followed by a parameter list ("F(x,y)"), as gcc's -D does.
func checkMacroName(s string, params bool) error {
	name := s
	if i := strings.IndexByte(s, '('); i >= 0 && params {
		if !strings.HasSuffix(s, ")") {
			return fmt.Errorf("invalid macro name")
		}
		name = s[:i]
	}
	if name == "" {
		return fmt.Errorf("missing macro name")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return fmt.Errorf("invalid macro name")
		}
	}
	return nil
}

// CheckConfig reports an error for malformed -D or -U options.
func CheckConfig(cfg Config) error {
	_, err := commandLine(cfg)
	return err
}

// modName is the kbuild object name of a file: its base name without
// extension (models.DefineModName makes it an identifier).
func modName(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// definesModName reports whether the user defines or undefines
// KBUILD_MODNAME themselves.
func definesModName(cfg Config) bool {
	for _, d := range cfg.Defines {
		if n, _, _ := strings.Cut(d, "="); n == "KBUILD_MODNAME" {
			return true
		}
	}
	for _, u := range cfg.Undefines {
		if u == "KBUILD_MODNAME" {
			return true
		}
	}
	return false
}

// endSource follows the driver file. cc/v4's parser loops forever (and
// grows its error list without bound) when a declaration ends in a pointer
// declarator's qualifier list at the end of input ("int * const" then EOF).
// A trailing static assertion gives that loop a token to stop at; for a
// well-formed file it is one more file-scope declaration, which lowering
// ignores. Diagnostics positioned in it are reported at the end of the
// driver file.
const (
	endSource   = "<end-of-input>"
	endSentinel = "_Static_assert(1, \"\");\n"
)
