package frontend

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// sharedDrivers returns the real drivers under ../shared/drivers beside the
// repository; the test fails when they are missing.
func sharedDrivers(t testing.TB) []string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("repository root not found")
		}
		dir = parent
	}
	root := filepath.Join(dir, "..", "shared", "drivers")
	var files []string
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && filepath.Base(path) == "driver.c" {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("shared drivers: %v", err)
	}
	if len(files) != 10 {
		t.Fatalf("found %d drivers under %s, want 10", len(files), root)
	}
	slices.Sort(files)
	return files
}

func driverName(path string) string { return filepath.Base(filepath.Dir(path)) }

// TestDrivers runs the whole pipeline (validation included) on every shared
// driver, and checks the IR says something about each: functions with
// bodies, accesses with lvalue texts, and the driver's own source.
func TestDrivers(t *testing.T) {
	for _, path := range sharedDrivers(t) {
		t.Run(driverName(path), func(t *testing.T) {
			t.Parallel()
			prog, err := Load(context.Background(), path, Config{})
			if err != nil {
				t.Fatal(err)
			}
			if prog.Sources[path] == "" {
				t.Errorf("Sources lacks the driver file")
			}
			defined, accesses := 0, 0
			for _, f := range prog.Funcs {
				if !f.External() {
					defined++
					if isModelFile(f.Pos.File) {
						t.Errorf("model helper %s not inlined", f.Name)
					}
				}
			}
			prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
				accesses++
				if a.LValue == "" {
					t.Errorf("%s: access without lvalue text", a.P)
				}
				if !f.External() && !isModelFile(f.Pos.File) && isModelFile(a.P.File) {
					t.Errorf("%s: access in driver function %s positioned in a model header", a.P, f.Name)
				}
			})
			if defined == 0 || accesses == 0 {
				t.Errorf("%d defined functions, %d accesses", defined, accesses)
			}
			checkCTypes(t, prog)
		})
	}
}

// checkCTypes checks that every Int variable has a C type.
func checkCTypes(t *testing.T, prog *ir.Program) {
	t.Helper()
	for _, f := range prog.Funcs {
		for _, v := range append(append([]*ir.Var(nil), f.Params...), f.Locals...) {
			if v.Kind == ir.Int && v.CType == nil {
				t.Errorf("%s: variable %s has no C type", f.Name, v.Name)
			}
		}
	}
}

// TestLoadConcurrently loads drivers from several goroutines (run with
// -race to check no state is shared).
func TestLoadConcurrently(t *testing.T) {
	drivers := sharedDrivers(t)
	var wg sync.WaitGroup
	results := make([]string, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			prog, err := LoadUntil(context.Background(), drivers[i%2], Config{}, "inline")
			if err != nil {
				results[i] = err.Error()
				return
			}
			results[i] = prog.String()
		}()
	}
	wg.Wait()
	if results[0] != results[2] || results[1] != results[3] {
		t.Errorf("concurrent loads of one file differ")
	}
}

func TestPasses(t *testing.T) {
	want := []string{"parse", "lower", "inline", "callbacks", "entry", "dead", "regions", "validate"}
	if got := Passes(); !slices.Equal(got, want) {
		t.Errorf("Passes() = %v, want %v", got, want)
	}
	_, err := LoadUntil(context.Background(), "x.c", Config{}, "nosuch")
	if err == nil || !strings.Contains(err.Error(), `unknown pass "nosuch"`) {
		t.Errorf("unknown pass: %v", err)
	}
}

func TestLoadCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Load(ctx, sharedDrivers(t)[0], Config{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// writeFile writes a C file under a fresh directory and returns its path.
func writeFile(t testing.TB, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func lower(t *testing.T, src string, cfg Config) *ir.Program {
	t.Helper()
	prog, err := LoadUntil(context.Background(), writeFile(t, "t.c", src), cfg, "inline")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Validate(prog); err != nil {
		t.Fatal(err)
	}
	return prog
}

// TestNamedVariadicMacros checks that GNU named variadic macros expand
// with the comma deleted when no variable arguments are given.
func TestNamedVariadicMacros(t *testing.T) {
	dir := t.TempDir()
	hdr := "#define hdbg(fmt, rest...) log2(fmt, ## rest)\n"
	if err := os.WriteFile(filepath.Join(dir, "dbg.h"), []byte(hdr), 0o644); err != nil {
		t.Fatal(err)
	}
	src := `#include "dbg.h"
int log(const char *fmt, ...);
int log2(const char *fmt, ...);
#define dprintk(fmt, args...) log(fmt, ## args)
#define  dmany(a, b, args ...) \
	log(a, b, ##args)
void f(int x)
{
	dprintk("none");
	dprintk("one %d", x);
	dprintk("two %d %d", x, x + 1);
	dmany("a", "b");
	hdbg("h");
	hdbg("h %d", x);
}
`
	prog := lower(t, src, Config{IncludeDirs: []string{dir}})
	var calls []string
	for _, b := range prog.Func("f").Blocks {
		for _, s := range b.Stmts {
			if c, ok := s.(*ir.Call); ok {
				calls = append(calls, c.Callee.Name+"/"+strconv.Itoa(len(c.Args)))
			}
		}
	}
	want := []string{"log/1", "log/2", "log/3", "log/2", "log2/1", "log2/2"}
	if !slices.Equal(calls, want) {
		t.Errorf("calls %v, want %v", calls, want)
	}
}

func TestRewriteNamedVariadicsKeepsLines(t *testing.T) {
	src := "/* #define X(a...) a */\n#define P(fmt, args...) \\\n  f(fmt, ## args, \"args\") /* args */\nint args;\n#define Q(...) g(__VA_ARGS__)\n"
	got := string(rewriteNamedVariadics([]byte(src)))
	want := "/* #define X(a...) a */\n#define P(fmt, ...) \\\n  f(fmt, ## __VA_ARGS__, \"args\") /* args */\nint args;\n#define Q(...) g(__VA_ARGS__)\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if strings.Count(got, "\n") != strings.Count(src, "\n") {
		t.Errorf("line count changed")
	}
}

// TestIncludeOrder checks that -I directories come before the model
// headers, that -D and -U apply, and that KBUILD_MODNAME is the file name.
func TestIncludeOrder(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "linux"), 0o755)
	os.WriteFile(filepath.Join(dir, "linux", "types.h"), []byte("typedef int user_type;\n"), 0o644)
	src := `#include <linux/types.h>
user_type v = VALUE;
#ifdef GONE
#error GONE is defined
#endif
const char *name = KBUILD_MODNAME;
`
	path := writeFile(t, "my-drv.c", src)
	prog, err := LoadUntil(context.Background(), path, Config{IncludeDirs: []string{"", dir}, Defines: []string{"VALUE=42", "GONE"}, Undefines: []string{"GONE"}}, "lower")
	if err != nil {
		t.Fatal(err)
	}
	v := prog.Object("v")
	if v == nil || len(v.Init) != 1 || ir.ExprString(v.Init[0].Value) != "42" {
		t.Fatalf("v = %+v", v)
	}
	var data string
	for _, o := range prog.Objects {
		if o.Kind == ir.StringObj {
			data = o.Data
		}
	}
	if data != "my_drv" {
		t.Errorf("KBUILD_MODNAME = %q, want my_drv", data)
	}
}

// TestHermetic checks that host system headers are never read: stdio.h
// exists on the host but is not a model.
func TestHermetic(t *testing.T) {
	path := writeFile(t, "h.c", "#include <stdio.h>\nint x;\n")
	_, err := Load(context.Background(), path, Config{})
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("err = %v, want an InputError", err)
	}
	want := path + ":1: no model for <stdio.h>: add it under models/include or pass -I DIR"
	if err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
	abs := writeFile(t, "a.c", "#include \"/etc/hostname\"\nint x;\n")
	if _, err := Load(context.Background(), abs, Config{}); err == nil {
		t.Errorf("a file outside the driver and -I directories was read")
	}
}

func TestImplicitDeclarationWarning(t *testing.T) {
	prog := lower(t, "int f(void) { return g(1) + g(2); }\n", Config{})
	if len(prog.Warnings) != 1 || !strings.HasSuffix(prog.Warnings[0].String(), ":1:22: implicit declaration of function 'g'") {
		t.Errorf("warnings %v", prog.Warnings)
	}
	if g := prog.Func("g"); g == nil || !g.Synthetic || !g.External() {
		t.Errorf("g = %+v", g)
	}
}

// TestAccessInfo checks the syntactic struct and member of accesses, and
// the C types of the variables holding casts.
func TestAccessInfo(t *testing.T) {
	src := `struct stats { unsigned long rx; };
struct priv { int id; struct stats stats; char buf[32]; struct priv *next; };
void f(struct priv *tp, void *data, int i)
{
	struct priv *p = (struct priv *)data;
	tp->stats.rx = 1;
	tp->buf[i] = 2;
	tp->next->id = 3;
	p->id = 4;
	*(int *)data = 5;
	((struct priv *)data)->next = 0;
}
`
	prog := lower(t, src, Config{})
	got := make(map[string]string)
	prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
		st := ""
		if a.Struct != nil {
			st = a.Struct.Name()
		}
		got[a.LValue] = st + " " + a.Field
	})
	want := map[string]string{
		"tp->stats.rx":                "struct stats .rx",
		"tp->buf[i]":                  "struct priv .buf",
		"tp->next":                    "struct priv .next",
		"tp->next->id":                "struct priv .id",
		"p->id":                       "struct priv .id",
		"*(int *)data":                " ",
		"((struct priv *)data)->next": "struct priv .next",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: struct/field %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
	f := prog.Func("f")
	for _, v := range f.Locals {
		if v.CType == nil && v.Kind == ir.Int {
			t.Errorf("local %s has no C type", v.Name)
		}
	}
	found := false
	for _, b := range f.Blocks {
		for _, s := range b.Stmts {
			if st, ok := s.(*ir.Store); ok && st.LValue == "((struct priv *)data)->next" {
				if v, ok := st.Addr.(*ir.Binary); ok {
					if x, ok := v.X.(*ir.Var); ok && x.CType.String() == "struct priv *" {
						found = true
					}
				}
			}
		}
	}
	if !found {
		t.Errorf("the cast (struct priv *)data is not held in a variable of that type:\n%s", prog)
	}
}

func TestVolatilePlain(t *testing.T) {
	src := "volatile int v;\nint f(void) { return v; }\n"
	for _, plain := range []bool{false, true} {
		prog := lower(t, src, Config{VolatilePlain: plain})
		prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
			want := ir.Marked
			if plain {
				want = ir.Plain
			}
			if a.Mode != want {
				t.Errorf("VolatilePlain=%v: mode %s", plain, a.Mode)
			}
		})
	}
}

// An atomic helper's touch is marked Atomic unless the marked-atomics
// assumption is dropped (AtomicsPlain).
func TestAtomicsPlain(t *testing.T) {
	src := "#include <linux/atomic.h>\nstatic atomic_t a;\nvoid f(void) { atomic_inc(&a); }\n"
	for _, plain := range []bool{false, true} {
		prog := lower(t, src, Config{AtomicsPlain: plain})
		n := 0
		prog.Accesses(func(f *ir.Function, s ir.Stmt, a *ir.Access) {
			n++
			want := ir.Atomic
			if plain {
				want = ir.Plain
			}
			if a.Mode != want {
				t.Errorf("AtomicsPlain=%v: %s mode %s", plain, a.LValue, a.Mode)
			}
		})
		if n == 0 {
			t.Errorf("AtomicsPlain=%v: no access", plain)
		}
	}
}

func TestUntilParseGivesEmptyProgram(t *testing.T) {
	path := writeFile(t, "p.c", "int x;\n")
	prog, err := LoadUntil(context.Background(), path, Config{}, "parse")
	if err != nil || prog == nil || prog.Path != path || len(prog.Funcs) != 0 {
		t.Errorf("prog %v, err %v", prog, err)
	}
}
