package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// whoopExe returns a path that runs this test binary as whoop (TestMain's
// testscript commands dispatch on the program's name).
func whoopExe(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "whoop")
	if err := os.Symlink(self, exe); err != nil {
		t.Fatal(err)
	}
	return exe
}

// headersCommon returns the linux-headers-*-common directory a Debian
// headers package's Makefile includes, found beside build (the packages may
// be unpacked outside /usr/src).
func headersCommon(t *testing.T, build string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(build, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^include (\S+)/Makefile$`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s/Makefile includes no common Makefile", build)
	}
	common := filepath.Join(filepath.Dir(build), filepath.Base(string(m[1])))
	if _, err := os.Stat(filepath.Join(common, "scripts", "basic", "fixdep")); err != nil {
		t.Fatalf("the kbuild scripts are missing (%v): scripts/kernel-tree unpacks linux-kbuild-*", err)
	}
	return common
}

// TestKbuildCheck builds three drivers of the 6.12 tree (make test: two)
// as an out-of-tree module against Debian's headers package with `make C=2
// CHECK="whoop --kbuild"`: the build succeeds with whoop's warnings in its log, and the
// same files through -p (the database the kernel's gen_compile_commands.py
// writes from that build) give the same findings as tree mode.
func TestKbuildCheck(t *testing.T) {
	tree, build := kernelTree(t)
	for _, tool := range []string{"make", "x86_64-linux-gnu-gcc-12", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed to build against the headers package: %v", tool, err)
		}
	}
	common := headersCommon(t, build)
	whoop := whoopExe(t)
	mod := t.TempDir()
	drivers := []string{"drivers/char/nvram.c", "drivers/watchdog/advantechwdt.c"}
	if fullKernelTests() {
		// make test leaves out the third: a build of three modules, nine
		// runs of whoop against the tree, was the slowest test.
		drivers = append(drivers, "drivers/watchdog/acquirewdt.c")
	}
	var objs []string
	for _, d := range drivers {
		src, err := os.ReadFile(filepath.Join(tree, d))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(mod, filepath.Base(d)), src, 0o644); err != nil {
			t.Fatal(err)
		}
		objs = append(objs, strings.TrimSuffix(filepath.Base(d), ".c")+".o")
	}
	if err := os.WriteFile(filepath.Join(mod, "Kbuild"), []byte("obj-m := "+strings.Join(objs, " ")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	reports := filepath.Join(t.TempDir(), "reports")
	// The headers package's own Makefile includes the common one by its
	// /usr/src path; naming it with -f works wherever the packages were
	// unpacked. BTF needs pahole, which the check does not.
	cmd := exec.Command("make", "-f", filepath.Join(common, "Makefile"), "M="+mod, "C=2",
		"CHECK="+whoop+" --kbuild --kbuild-out="+reports, "CONFIG_DEBUG_INFO_BTF_MODULES=", "-j2", "modules")
	cmd.Dir = build
	log, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make C=2: %v\n%s", err, log)
	}
	for _, d := range drivers {
		base := filepath.Base(d)
		if !bytes.Contains(log, []byte("CHECK   "+filepath.Join(mod, base))) {
			t.Errorf("the build log does not show whoop checking %s:\n%s", base, log)
		}
		if _, err := os.Stat(filepath.Join(mod, strings.TrimSuffix(base, ".c")+".ko")); err != nil {
			t.Errorf("the build did not produce its module: %v", err)
		}
		if _, err := os.Stat(filepath.Join(reports, strings.ReplaceAll(strings.TrimPrefix(filepath.Join(mod, base), "/"), "/", "_")+".json")); err != nil {
			t.Errorf("no JSON report for %s: %v", base, err)
		}
	}
	for _, want := range []string{
		mod + "/nvram.c: 0 findings on 0 variables (0 racy pairs of 127 concurrent)",
		mod + "/advantechwdt.c: 2 findings on 2 variables (6 racy pairs of 32 concurrent)",
	} {
		if !bytes.Contains(log, []byte(want)) {
			t.Errorf("build log lacks %q:\n%s", want, log)
		}
	}
	if !regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(mod)+`/advantechwdt\.c:\d+:\d+: warning: potential race on 'adv_expect_close': `).Match(log) ||
		!regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(mod)+`/advantechwdt\.c:\d+:\d+: note: line \d+ \(write\) races with line \d+ \(write\) in 1 pair: advwdt_write × advwdt_write$`).Match(log) {
		t.Errorf("build log lacks advantechwdt's race warning:\n%s", log)
	}

	// -p, as docs/sweeps.md's recipe says: the database of that build,
	// written by the kernel's gen_compile_commands.py with the build
	// directory as the commands' directory, and whoop -p MOD with no file:
	// the module's files, not the generated nvram.mod.c ... and
	// module-common.c the database lists too; the same findings as tree
	// mode on the same files.
	gen := exec.Command("python3", filepath.Join(tree, "scripts", "clang-tools", "gen_compile_commands.py"),
		"-d", build, mod, "-o", filepath.Join(mod, "compile_commands.json"))
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("gen_compile_commands.py: %v\n%s", err, out)
	}
	if db, err := os.ReadFile(filepath.Join(mod, "compile_commands.json")); err != nil || !bytes.Contains(db, []byte("module-common.c")) || !bytes.Contains(db, []byte("nvram.mod.c")) {
		t.Fatalf("the database lists no generated file (%v): the test shows nothing", err)
	}
	var files []string
	for _, d := range drivers {
		files = append(files, filepath.Join(mod, filepath.Base(d)))
	}
	slices.Sort(files) // the database's order
	_, viaDB, errDB := runWhoop(t, "-p", mod, "--no-progress")
	_, viaTree, errTree := runWhoop(t, append([]string{"--kernel", tree, "--kernel-build", build, "--no-progress"}, files...)...)
	if viaDB != viaTree {
		t.Errorf("-p and tree mode differ:\n-p:\n%s%s\ntree mode:\n%s%s", viaDB, errDB, viaTree, errTree)
	}
	if !strings.Contains(viaDB, "nvram.c: 0 findings on 0 variables (0 racy pairs of 127 concurrent)") ||
		!strings.Contains(viaDB, "advantechwdt.c: 2 findings on 2 variables (6 racy pairs of 32 concurrent)") || strings.Contains(errDB, "mod.c") || strings.Contains(errDB, "module-common") {
		t.Errorf("-p output:\n%s%s", viaDB, errDB)
	}

	// The database written with the module's directory as the commands'
	// (gen_compile_commands.py -d .) names no build: refused, naming the
	// file and the directories that do not exist, not a missing model.
	wrong := filepath.Join(t.TempDir(), "wrong.json")
	gen = exec.Command("python3", filepath.Join(tree, "scripts", "clang-tools", "gen_compile_commands.py"), "-d", mod, mod, "-o", wrong)
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("gen_compile_commands.py -d MOD: %v\n%s", err, out)
	}
	code, _, errWrong := runWhoop(t, "-p", wrong, "--no-progress", files[0])
	want := "whoop: " + files[0] + ": its compiler command reads a kernel's headers ("
	if code != exitInput || !strings.HasPrefix(errWrong, want) || !strings.Contains(errWrong, "gen_compile_commands.py -d BUILD_DIR") || strings.Contains(errWrong, "models/include") {
		t.Errorf("a database of the wrong directory: exit %d\n%s", code, errWrong)
	}
}
