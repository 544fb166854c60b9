package models_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"modernc.org/cc/v4"

	"github.com/whoopverify/whoop/models"
)

// The headers are checked with cc/v4 itself, configured hermetically: the
// ABI is built by hand, the predefined macros are models.Predefined, and
// every file comes from an fs.FS (FSOnly), so the host's headers can never
// stand in for a missing model header.

// driverDir is the prefix under which a test's own C directory is mounted
// next to the embedded headers.
const driverDir = "src"

// mountFS serves the embedded headers under models.IncludeDir and one host
// directory (the driver's, for its local headers) under driverDir.
type mountFS struct {
	include fs.FS
	src     fs.FS
}

func (m mountFS) Open(name string) (fs.File, error) {
	first, rest, _ := strings.Cut(name, "/")
	switch {
	case first == models.IncludeDir:
		return m.include.Open(name)
	case first == driverDir && m.src != nil && rest != "":
		return m.src.Open(rest)
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// translate runs cc.Translate on file (a path inside dir) with the model
// headers on the system include path, as the front end will.
func translate(dir, file, modname string) (*cc.AST, error) {
	abi, err := cc.NewABI("linux", "amd64")
	if err != nil {
		return nil, err
	}
	var src fs.FS
	if dir != "" {
		src = os.DirFS(dir)
	}
	cfg := &cc.Config{
		ABI:             abi,
		FS:              mountFS{include: models.Include(), src: src},
		FSOnly:          true,
		IncludePaths:    []string{"", driverDir},
		SysIncludePaths: []string{models.IncludeDir},
	}
	return cc.Translate(cfg, []cc.Source{
		{Name: "<predefined>", Value: models.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: "<cmdline>", Value: models.DefineModName(modname)},
		{Name: path.Join(driverDir, file)},
	})
}

// implicitCalls returns the sorted names of functions the translation unit
// calls without a declaration (cc/v4 accepts them silently); for our own
// sources each one is a declaration missing from the headers.
func implicitCalls(ast *cc.AST) []string {
	seen := map[string]bool{}
	var walk func(s *cc.Scope)
	walk = func(s *cc.Scope) {
		for name, nodes := range s.Nodes {
			for _, n := range nodes {
				if d, ok := n.(*cc.Declarator); ok && d.IsSynthetic() && !isCompilerBuiltin(name) {
					seen[name] = true
				}
			}
		}
		for _, c := range s.Children {
			walk(c)
		}
	}
	walk(ast.Scope)
	var names []string
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func isCompilerBuiltin(name string) bool {
	return strings.HasPrefix(name, "__builtin_") || strings.HasPrefix(name, "__sync_") ||
		strings.HasPrefix(name, "__atomic_")
}

// repoRoot finds the directory holding go.mod above the test's working directory.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// sharedDrivers lists the real Linux 4.0 drivers the headers must parse
// unmodified, with the calls each one legitimately makes without a
// declaration in scope.
var sharedDrivers = []struct {
	dir      string
	implicit []string
}{
	{dir: "block/swim"},
	// The driver's own ds1286.h has the include of the board header that
	// defines rtc_read/rtc_write commented out.
	{dir: "char/ds1286", implicit: []string{"rtc_read", "rtc_write"}},
	{dir: "char/dtlk"},
	{dir: "char/efirtc"},
	{dir: "char/generic_nvram"},
	{dir: "char/mbcs"},
	{dir: "char/pc8736x_gpio"},
	{dir: "char/sonypi"},
	{dir: "watchdog/machzwd"},
	{dir: "net/ethernet/8139too"},
}

func TestSharedDriversTranslate(t *testing.T) {
	t.Parallel()
	drivers := filepath.Join(repoRoot(t), "..", "shared", "drivers")
	if _, err := os.Stat(drivers); err != nil {
		t.Fatalf("shared drivers missing (expected at ../shared/drivers from the repository root): %v", err)
	}
	for _, d := range sharedDrivers {
		t.Run(d.dir, func(t *testing.T) {
			t.Parallel()
			ast, err := translate(filepath.Join(drivers, d.dir), "driver.c", path.Base(d.dir))
			if err != nil {
				t.Fatalf("cc.Translate %s/driver.c: %v", d.dir, err)
			}
			if got, want := strings.Join(implicitCalls(ast), " "), strings.Join(d.implicit, " "); got != want {
				t.Errorf("implicitly declared calls = [%s], want [%s]", got, want)
			}
		})
	}
}

func TestBreadthTranslate(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("testdata", "breadth")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".c") {
			files = append(files, e.Name())
		}
	}
	if len(files) < 8 {
		t.Fatalf("found %d breadth drivers in %s, want at least 8", len(files), dir)
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			ast, err := translate(dir, f, strings.TrimSuffix(f, ".c"))
			if err != nil {
				t.Fatalf("cc.Translate %s: %v", f, err)
			}
			if names := implicitCalls(ast); len(names) != 0 {
				t.Errorf("calls without a declaration in the headers: %s", strings.Join(names, " "))
			}
		})
	}
}

// allHeadersSource includes every header under models/include, in path order.
func allHeadersSource(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	n := 0
	err := fs.WalkDir(models.Include(), models.IncludeDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".h") {
			return nil
		}
		fmt.Fprintf(&b, "#include <%s>\n", strings.TrimPrefix(p, models.IncludeDir+"/"))
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("walked %d headers, want at least 100", n)
	}
	return b.String()
}

// registrationAndHelperNames are functions whoop's semantics tables are
// expected to name (conventions 1 and 6 of the header rules): they must be
// extern prototypes so calls keep the name.
var registrationAndHelperNames = []string{
	// Memory, string and user-copy helpers.
	"memcpy", "memmove", "memset", "memcmp", "strcpy", "strncpy", "strlcpy", "strcat", "strlen",
	"strcmp", "sprintf", "snprintf", "sscanf", "kstrtoul", "kstrtol", "kstrtoint", "kstrtouint",
	"copy_to_user", "copy_from_user", "clear_user", "kmalloc", "kzalloc", "kcalloc", "kfree",
	"vmalloc", "vfree", "devm_kzalloc", "kmemdup", "kstrdup", "access_ok", "__whoop_user_value",
	"__whoop_user_result", "__whoop_put_user",
	// Atomics and bit operations.
	"atomic_read", "atomic_set", "atomic_inc", "atomic_dec", "atomic_add", "atomic_sub",
	"atomic_inc_return", "atomic_dec_and_test", "atomic_add_return", "atomic_xchg",
	"atomic_cmpxchg", "atomic64_read", "atomic64_set", "atomic64_inc", "atomic_long_read",
	"atomic_long_set", "atomic_long_inc", "set_bit", "clear_bit", "change_bit", "test_bit",
	"test_and_set_bit", "test_and_clear_bit", "__set_bit", "__clear_bit", "__xchg", "__cmpxchg",
	// Lock initialisation and interrupt masking.
	"mutex_init", "spin_lock_init", "rwlock_init", "sema_init", "init_rwsem",
	"init_waitqueue_head", "init_completion", "local_irq_save", "local_irq_restore",
	// Registration of entry points and devices.
	"misc_register", "misc_deregister", "register_chrdev", "unregister_chrdev",
	"register_chrdev_region", "alloc_chrdev_region", "cdev_init", "cdev_add", "cdev_del",
	"request_irq", "request_threaded_irq", "devm_request_irq", "free_irq", "setup_timer",
	"init_timer", "add_timer", "mod_timer", "del_timer", "del_timer_sync", "__INIT_WORK",
	"__INIT_DELAYED_WORK", "schedule_work", "schedule_delayed_work", "queue_work",
	"cancel_work_sync", "tasklet_init", "tasklet_schedule", "netif_napi_add", "napi_schedule",
	"register_netdev", "unregister_netdev", "pci_register_driver", "pci_unregister_driver",
	"platform_driver_register", "platform_driver_unregister", "usb_register", "usb_deregister",
	"usb_submit_urb", "register_reboot_notifier", "input_register_device", "add_disk",
	"register_blkdev", "blk_init_queue", "watchdog_register_device", "rtc_device_register",
	"devm_rtc_device_register", "i2c_add_driver", "spi_register_driver", "tty_register_driver",
	"proc_create", "create_proc_read_entry", "register_cdrom", "nfc_register_device",
	"cx_driver_register", "acpi_bus_register_driver", "kthread_create_on_node",
	"ASSERT_RTNL", "__whoop_bug",
}

func TestAllHeadersTranslate(t *testing.T) {
	t.Parallel()
	ast, err := translateSource(allHeadersSource(t))
	if err != nil {
		t.Fatalf("cc.Translate of every header: %v", err)
	}
	if names := implicitCalls(ast); len(names) != 0 {
		t.Errorf("header bodies call undeclared functions: %s", strings.Join(names, " "))
	}
	t.Run("locking table", func(t *testing.T) {
		names := models.LockNames()
		if len(names) == 0 {
			t.Fatal("models.LockNames() is empty")
		}
		checkDeclaredFunctions(t, ast, names)
	})
	t.Run("registration and helpers", func(t *testing.T) {
		checkDeclaredFunctions(t, ast, registrationAndHelperNames)
	})
}

// translateSource translates a generated source with no directory of its own.
func translateSource(src string) (*cc.AST, error) {
	abi, err := cc.NewABI("linux", "amd64")
	if err != nil {
		return nil, err
	}
	cfg := &cc.Config{
		ABI:             abi,
		FS:              mountFS{include: models.Include()},
		FSOnly:          true,
		IncludePaths:    []string{""},
		SysIncludePaths: []string{models.IncludeDir},
	}
	return cc.Translate(cfg, []cc.Source{
		{Name: "<predefined>", Value: models.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: "<cmdline>", Value: models.DefineModName("all_headers")},
		{Name: "all_headers.c", Value: src},
	})
}

// checkDeclaredFunctions asserts that each name is declared at file scope as
// an extern function prototype without a body (header convention 1), and
// that a macro of the same name, if any, is function-like and expands to a
// call of that name (convention 2), so the call survives preprocessing.
func checkDeclaredFunctions(t *testing.T, ast *cc.AST, names []string) {
	t.Helper()
	for _, name := range names {
		if err := declaredFunction(ast, name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func declaredFunction(ast *cc.AST, name string) error {
	var proto bool
	for _, n := range ast.Scope.Nodes[name] {
		d, ok := n.(*cc.Declarator)
		if !ok {
			continue
		}
		if _, isFn := d.Type().(*cc.FunctionType); !isFn {
			return fmt.Errorf("declared at %v as %v, not a function", d.Position(), d.Type())
		}
		switch {
		case d.IsFuncDef():
			return fmt.Errorf("defined with a body at %v; want an extern prototype", d.Position())
		case d.IsStatic():
			return fmt.Errorf("declared static at %v; want an extern prototype", d.Position())
		case d.IsSynthetic():
			continue
		}
		proto = true
	}
	if !proto {
		return errors.New("no function prototype under this name after preprocessing")
	}
	m := ast.Macros[name]
	if m == nil {
		return nil
	}
	if !m.IsFnLike {
		return fmt.Errorf("object-like macro at %v renames the call", m.Position())
	}
	for _, tok := range m.ReplacementList() {
		if tok.SrcStr() == name {
			return nil
		}
	}
	return fmt.Errorf("macro at %v does not call the function of the same name", m.Position())
}

// BenchmarkTranslate measures one cc/v4 translation of each shared driver
// and of the every-header unit with the model headers.
func BenchmarkTranslate(b *testing.B) {
	drivers := filepath.Join(repoRoot(b), "..", "shared", "drivers")
	for _, d := range sharedDrivers {
		b.Run(d.dir, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := translate(filepath.Join(drivers, d.dir), "driver.c", path.Base(d.dir)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestDefineModName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"8139too", "#define KBUILD_MODNAME \"8139too\"\n#define KBUILD_BASENAME \"8139too\"\n"},
		{"generic_nvram", "#define KBUILD_MODNAME \"generic_nvram\"\n#define KBUILD_BASENAME \"generic_nvram\"\n"},
		{"pc-8736x,gpio\"x", "#define KBUILD_MODNAME \"pc_8736x_gpio_x\"\n#define KBUILD_BASENAME \"pc_8736x_gpio_x\"\n"},
	} {
		if got := models.DefineModName(tc.in); got != tc.want {
			t.Errorf("DefineModName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// The predefined sizes and types must agree with the ABI cc/v4 lays types out with.
func TestPredefinedMatchesABI(t *testing.T) {
	src := `
_Static_assert(__CHAR_BIT__ == 8, "char");
_Static_assert(sizeof(short) == __SIZEOF_SHORT__, "short");
_Static_assert(sizeof(int) == __SIZEOF_INT__, "int");
_Static_assert(sizeof(long) == __SIZEOF_LONG__, "long");
_Static_assert(sizeof(long long) == __SIZEOF_LONG_LONG__, "long long");
_Static_assert(sizeof(void *) == __SIZEOF_POINTER__, "pointer");
_Static_assert(sizeof(long double) == __SIZEOF_LONG_DOUBLE__, "long double");
_Static_assert(sizeof(__SIZE_TYPE__) == __SIZEOF_SIZE_T__, "size_t");
_Static_assert(sizeof(__PTRDIFF_TYPE__) == __SIZEOF_PTRDIFF_T__, "ptrdiff_t");
_Static_assert(sizeof(__WCHAR_TYPE__) == __SIZEOF_WCHAR_T__, "wchar_t");
_Static_assert((__SIZE_TYPE__)-1 > 0, "size_t is unsigned");
_Static_assert(sizeof(__UINT64_TYPE__) == 8 && sizeof(__UINT32_TYPE__) == 4 && sizeof(__UINT16_TYPE__) == 2, "uintN");
#if !defined(__x86_64__) || !defined(__linux__) || !defined(__KERNEL__) || !defined(MODULE) || __GNUC__ != 4 || __GNUC_MINOR__ != 9
#error target macros
#endif
#ifndef __STDC__
#error __STDC__
#endif
int whoop_predefined_ok;
`
	if _, err := translateSource(src); err != nil {
		t.Fatal(err)
	}
}
