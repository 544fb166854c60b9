package ktree

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fakeTree makes the marker files of a kernel tree under a temporary
// directory, with a driver file, and returns the tree's path.
func fakeTree(t *testing.T, withBuild bool) string {
	t.Helper()
	root := t.TempDir()
	files := []string{"Makefile", "Kconfig", "include/linux/kconfig.h", "include/linux/compiler_types.h",
		"arch/x86/Kconfig", "drivers/char/nvram.c"}
	if withBuild {
		files = append(files, "include/generated/autoconf.h")
	}
	for _, f := range files {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		body := ""
		if strings.HasSuffix(f, "autoconf.h") {
			body = "#define CONFIG_NVRAM_MODULE 1\n#define CONFIG_HZ 250\n#define CONFIG_LOCALVERSION \"\"\n"
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestFindTree(t *testing.T) {
	root := fakeTree(t, false)
	if got := FindTree(filepath.Join(root, "drivers/char/nvram.c")); got != root {
		t.Errorf("FindTree = %q, want %q", got, root)
	}
	outside := t.TempDir()
	if got := FindTree(filepath.Join(outside, "x.c")); got != "" {
		t.Errorf("FindTree outside a tree = %q, want empty", got)
	}
	// A directory with only some markers is not a tree.
	if err := os.Remove(filepath.Join(root, "Kconfig")); err != nil {
		t.Fatal(err)
	}
	if got := FindTree(filepath.Join(root, "drivers/char/nvram.c")); got != "" {
		t.Errorf("FindTree without Kconfig = %q, want empty", got)
	}
}

func TestResolveBuild(t *testing.T) {
	unprepared := fakeTree(t, false)
	_, err := Resolve(unprepared, "")
	if !errors.Is(err, ErrNoBuild) || !strings.Contains(err.Error(), "--kernel-build") {
		t.Fatalf("unprepared tree: err = %v, want ErrNoBuild naming --kernel-build", err)
	}
	prepared := fakeTree(t, true)
	l, err := Resolve(prepared, "")
	if err != nil || l.Build != prepared {
		t.Fatalf("prepared tree: %+v, %v", l, err)
	}
	// An explicit build wins over the tree's own, and must be configured.
	build := fakeTree(t, true)
	l, err = Resolve(prepared, build)
	if err != nil || l.Build != build || l.BuildFrom != "--kernel-build" {
		t.Fatalf("explicit build: %+v, %v", l, err)
	}
	if _, err := Resolve(prepared, t.TempDir()); !errors.Is(err, ErrNoBuild) {
		t.Fatalf("unconfigured explicit build: err = %v", err)
	}
	if _, err := Resolve(t.TempDir(), ""); err == nil || !strings.Contains(err.Error(), "not a Linux source tree") {
		t.Fatalf("not a tree: err = %v", err)
	}
}

func TestKbuildFlags(t *testing.T) {
	tree := fakeTree(t, false)
	build := fakeTree(t, true)
	l, err := Resolve(tree, build)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(tree, "drivers/char/nvram.c")
	want := []string{
		filepath.Join(tree, "drivers/char"),
		filepath.Join(tree, "arch/x86/include"),
		filepath.Join(build, "arch/x86/include/generated"),
		filepath.Join(tree, "include"),
		filepath.Join(build, "include"),
		filepath.Join(tree, "arch/x86/include/uapi"),
		filepath.Join(build, "arch/x86/include/generated/uapi"),
		filepath.Join(tree, "include/uapi"),
		filepath.Join(build, "include/generated/uapi"),
	}
	if got := l.IncludeDirs(file); !reflect.DeepEqual(got, want) {
		t.Errorf("IncludeDirs:\n got %q\nwant %q", got, want)
	}
	// compiler-version.h is absent in the fake tree, so it is not forced.
	wantInc := []string{filepath.Join(tree, "include/linux/kconfig.h"), filepath.Join(tree, "include/linux/compiler_types.h")}
	if got := l.ForcedIncludes(); !reflect.DeepEqual(got, wantInc) {
		t.Errorf("ForcedIncludes = %q, want %q", got, wantInc)
	}
	mod := l.Defines(file, true)
	if !contains(mod, "MODULE") || !contains(mod, `KBUILD_MODNAME="nvram"`) || !contains(mod, "__KERNEL__") {
		t.Errorf("module defines = %q", mod)
	}
	builtin := l.Defines(filepath.Join(tree, "drivers/rtc/rtc-cmos.c"), false)
	if contains(builtin, "MODULE") || !contains(builtin, `KBUILD_MODFILE="drivers/rtc/rtc-cmos"`) || !contains(builtin, `KBUILD_MODNAME="rtc_cmos"`) {
		t.Errorf("built-in defines = %q", builtin)
	}
	cfg, err := l.Config()
	if err != nil || cfg["CONFIG_NVRAM_MODULE"] != "1" || cfg["CONFIG_HZ"] != "250" || len(cfg) != 3 {
		t.Errorf("Config = %v, %v", cfg, err)
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// Module follows the directory's Makefile and the build's config, as kbuild
// decides -DMODULE: obj-y and CONFIG_X=y objects are built in, CONFIG_X=m
// ones (directly or as part of a composite object) are modules.
func TestModule(t *testing.T) {
	tree := fakeTree(t, false)
	build := fakeTree(t, true)
	auto := "#define CONFIG_NVRAM_MODULE 1\n#define CONFIG_RTC_DRV_CMOS 1\n#define CONFIG_FOO_MODULE 1\n"
	if err := os.WriteFile(filepath.Join(build, "include/generated/autoconf.h"), []byte(auto), 0o644); err != nil {
		t.Fatal(err)
	}
	mk := "obj-y += mem.o random.o \\\n\tmisc.o\n# obj-y += nvram.o\nobj-$(CONFIG_NVRAM) += nvram.o\n" +
		"obj-$(CONFIG_RTC_DRV_CMOS) += rtc-cmos.o\nobj-$(CONFIG_FOO) += foo.o\nfoo-y := foo_core.o foo_io.o\n"
	if err := os.WriteFile(filepath.Join(tree, "drivers/char/Makefile"), []byte(mk), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Resolve(tree, build)
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]bool{
		"random.c": false, "misc.c": false, "nvram.c": true, "rtc-cmos.c": false,
		"foo_io.c": true, "unlisted.c": true,
	} {
		if got := l.Module(filepath.Join(tree, "drivers/char", file)); got != want {
			t.Errorf("Module(%s) = %v, want %v", file, got, want)
		}
	}
	if got := l.Module(filepath.Join(tree, "drivers/rtc/x.c")); !got {
		t.Error("Module without a Makefile = false, want true")
	}
}

// A composite module's parts follow the build's configuration, and each
// part is compiled with the composite's KBUILD_MODNAME.
func TestParts(t *testing.T) {
	tree := fakeTree(t, false)
	build := fakeTree(t, true)
	auto := "#define CONFIG_FOO_MODULE 1\n#define CONFIG_FOO_LEDS 1\n"
	if err := os.WriteFile(filepath.Join(build, "include/generated/autoconf.h"), []byte(auto), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tree, "drivers/net")
	mk := "obj-$(CONFIG_FOO) += foo.o\nfoo-y += foo_main.o \\\n\tfoo_fw.o\nfoo-$(CONFIG_FOO_LEDS) += foo_leds.o\n" +
		"foo-$(CONFIG_FOO_DEBUG) += foo_debug.o\nbar-objs := bar_asm.o\n"
	for name, body := range map[string]string{"Makefile": mk, "foo_main.c": "", "foo_fw.c": "", "foo_leds.c": "", "foo_debug.c": ""} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := Resolve(tree, build)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := l.Parts(dir, "foo")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range parts {
		got = append(got, filepath.Base(p))
	}
	if want := "foo_main.c foo_fw.c foo_leds.c"; strings.Join(got, " ") != want {
		t.Errorf("Parts(foo) = %v, want %s", got, want)
	}
	for name, want := range map[string]string{
		"bar": "part bar_asm.o of bar has no C source (bar_asm.c)",
		"baz": "names no part of baz",
	} {
		if _, err := l.Parts(dir, name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parts(%s) = %v, want an error containing %q", name, err, want)
		}
	}
	if c := Composite(filepath.Join(dir, "foo_leds.c")); c != "foo" {
		t.Errorf("Composite(foo_leds.c) = %q, want foo", c)
	}
	defs := strings.Join(l.Defines(filepath.Join(dir, "foo_fw.c"), true), " ")
	if !strings.Contains(defs, `KBUILD_BASENAME="foo_fw" KBUILD_MODNAME="foo"`) {
		t.Errorf("Defines(foo_fw.c) = %s, want the part's base name and the module's name", defs)
	}
}

// Unbuilt names the Makefile line whose option the build leaves off, for
// an object, for a part of a composite and for a directory; a built or
// unlisted file has no reason.
func TestUnbuilt(t *testing.T) {
	tree := fakeTree(t, false)
	build := fakeTree(t, true)
	auto := "#define CONFIG_NVRAM_MODULE 1\n#define CONFIG_BCM_VK 1\n#define CONFIG_CB710_CORE_MODULE 1\n"
	if err := os.WriteFile(filepath.Join(build, "include/generated/autoconf.h"), []byte(auto), 0o644); err != nil {
		t.Fatal(err)
	}
	mk := "obj-y += mem.o\nobj-$(CONFIG_NVRAM) += nvram.o\nobj-$(CONFIG_CS5535_MFGPT) += cs5535-mfgpt.o\n" +
		"obj-$(CONFIG_BCM_VK) += bcm_vk.o\nbcm_vk-y := bcm_vk_dev.o\nbcm_vk-$(CONFIG_BCM_VK_TTY) += bcm_vk_tty.o\n" +
		"obj-$(CONFIG_CB710_CORE) += cb710.o\ncb710-y := core.o\ncb710-$(CONFIG_CB710_DEBUG) += debug.o\n" +
		"obj-$(CONFIG_GONE) += gone.o\ngone-y := gone_core.o\nobj-$(CONFIG_SUB) += sub/\nobj-$(CONFIG_NVRAM) += on/\n"
	if err := os.WriteFile(filepath.Join(tree, "drivers/char/Makefile"), []byte(mk), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Resolve(tree, build)
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		"mem.c":          "",
		"nvram.c":        "",
		"bcm_vk_dev.c":   "",
		"core.c":         "",
		"unlisted.c":     "",
		"cs5535-mfgpt.c": "drivers/char/Makefile: obj-$(CONFIG_CS5535_MFGPT) += cs5535-mfgpt.o, and CONFIG_CS5535_MFGPT is not set",
		"bcm_vk_tty.c":   "drivers/char/Makefile: bcm_vk-$(CONFIG_BCM_VK_TTY) += bcm_vk_tty.o, and CONFIG_BCM_VK_TTY is not set",
		"debug.c":        "drivers/char/Makefile: cb710-$(CONFIG_CB710_DEBUG) += debug.o, and CONFIG_CB710_DEBUG is not set",
		"gone_core.c":    "drivers/char/Makefile: obj-$(CONFIG_GONE) += gone.o, and CONFIG_GONE is not set",
		// A directory the parent's Makefile leaves out leaves out its files.
		"sub/x.c":      "drivers/char/Makefile: obj-$(CONFIG_SUB) += sub/, and CONFIG_SUB is not set",
		"sub/deep/y.c": "drivers/char/Makefile: obj-$(CONFIG_SUB) += sub/, and CONFIG_SUB is not set",
		"on/z.c":       "",
	} {
		if got := l.Unbuilt(filepath.Join(tree, "drivers/char", file)); got != want {
			t.Errorf("Unbuilt(%s) = %q, want %q", file, got, want)
		}
	}
}
