package ktree

import (
	"reflect"
	"testing"
)

// ParseCommand keeps the preprocessor's flags in order, resolves relative
// paths against the command's directory, skips the values of output and
// dependency options, and ignores every other gcc and sparse flag.
func TestParseCommand(t *testing.T) {
	args := []string{
		"-D__linux__", "-Wbitwise", "--arch=x86", "-m64", "-Wp,-MMD,drivers/char/.nvram.o.d", "-nostdinc",
		"-I./arch/x86/include", "-I", "/abs/include", "-isystem", "sys", "-iquote", "q", "-idirafter", "after",
		"-include", "./include/linux/kconfig.h", "-imacros", "m.h",
		"-D__KERNEL__", "-DKBUILD_MODNAME=\"nvram\"", "-U", "FOO", "-DFOO=2", "-O2", "-fno-common",
		"-MF", "x.d", "-o", "drivers/char/nvram.o", "-c", "drivers/char/nvram.c", "stray.o",
	}
	c, err := ParseCommand(args, "/build")
	if err != nil {
		t.Fatal(err)
	}
	want := &Command{
		Dir:         "/build",
		QuoteDirs:   []string{"/build/q"},
		IncludeDirs: []string{"/build/arch/x86/include", "/abs/include", "/build/sys", "/build/after"},
		Forced:      []string{"/build/include/linux/kconfig.h", "/build/m.h"},
		Macros: []Macro{{Name: "__linux__", Value: "1"}, {Name: "__KERNEL__", Value: "1"},
			{Name: "KBUILD_MODNAME", Value: `"nvram"`}, {Name: "FOO", Undef: true}, {Name: "FOO", Value: "2"}},
		Files: []string{"/build/drivers/char/nvram.c"},
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("ParseCommand:\n got %+v\nwant %+v", c, want)
	}
	if v, ok := c.Defined("FOO"); !ok || v != "2" {
		t.Errorf("Defined(FOO) = %q, %v; want 2, true", v, ok)
	}
	if _, err := ParseCommand([]string{"x.c", "-include"}, "/"); err == nil {
		t.Error("a missing -include value was accepted")
	}
	// Not a kernel command: no kconfig.h or autoconf.h on its include path.
	if l := FromCommand(c); l != nil {
		t.Errorf("FromCommand of a command without a tree = %+v, want nil", l)
	}
}
