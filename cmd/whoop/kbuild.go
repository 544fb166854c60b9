package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/frontend/ktree"
)

// kbuild CHECK mode. kbuild runs `$(CHECK) $(CHECKFLAGS) $(c_flags) file.c`
// once per file (make C=1: files it recompiles; C=2: all of them), under
// `set -e`: CHECKFLAGS are sparse's (-D__linux__ ... --arch=x86 -m64) and
// c_flags gcc's whole command line. With CHECK="whoop --kbuild" whoop takes
// the preprocessor flags from there (ktree.ParseCommand), ignores the rest,
// prints its findings gcc-style on stderr as sparse does, and exits 0 on
// findings so the build goes on: only whoop's own failure (a bad option, an
// internal error) stops it.

// kbuildFlag is the first argument that selects the mode.
const kbuildFlag = "--kbuild"

// kbuildOutEnv names a directory that receives one JSON report per checked
// file, for a later `whoop merge`.
const kbuildOutEnv = "WHOOP_KBUILD_OUT"

const kbuildUsage = `usage: make C=2 CHECK="whoop --kbuild [--WHOOP-FLAG[=VALUE]...]" [M=DIR]
   whoop's own flags (--checks=races, --confirm, --no-assume=NAME, --kbuild-out=DIR,
   ...) come first and take their value after "="; kbuild's flags and the file follow`

// kbuildMain runs whoop as kbuild's checker; args follow "--kbuild". gc is
// main's deferred collection (nil: none).
func kbuildMain(args []string, stdout, stderr io.Writer, gc *gcDeferral) int {
	own, rest, err := splitKbuildArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "whoop --kbuild: %v\n%s\n", err, kbuildUsage)
		return exitUsage
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "whoop: %v\n", err)
		return exitUsage
	}
	cmd, err := ktree.ParseCommand(rest, wd)
	if err != nil {
		fmt.Fprintf(stderr, "whoop --kbuild: %v\n%s\n", err, kbuildUsage)
		return exitUsage
	}
	if len(cmd.Files) == 0 {
		fmt.Fprintf(stderr, "whoop --kbuild: no C file on the command line\n%s\n", kbuildUsage)
		return exitUsage
	}
	out := os.Getenv(kbuildOutEnv)
	var whoopArgs []string
	for _, a := range own {
		if v, ok := strings.CutPrefix(a, "--kbuild-out="); ok {
			out = v
			continue
		}
		whoopArgs = append(whoopArgs, a)
	}
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			fmt.Fprintf(stderr, "whoop --kbuild: %v\n", err)
			return exitUsage
		}
		whoopArgs = append(whoopArgs, "--json-out", filepath.Join(out, kbuildReportName(cmd.Files[0], wd)))
	}
	db := &compDB{path: "the kbuild command line", commands: map[string]*ktree.Command{}}
	for _, f := range cmd.Files {
		db.commands[f] = cmd
		db.files = append(db.files, f)
	}
	// Paths as kbuild names them (relative to the build's directory for
	// in-tree builds), so the messages read like gcc's.
	files := rest[len(rest)-len(cmd.Files):]
	if !allCFiles(files) {
		files = cmd.Files
	}
	argv := append(append([]string{"whoop", "--no-progress"}, whoopArgs...), "--")
	argv = append(argv, files...)
	metadata := map[string]any{compDBKey: db}
	if gc != nil {
		metadata[gcKey] = gc
	}
	code, internal := run(argv, stdout, stderr, metadata)
	switch {
	case internal || code == exitUsage || code >= 128:
		return code
	default:
		// Races, lock errors, a file whoop cannot read or finish: reported,
		// and the build goes on.
		return exitOK
	}
}

// splitKbuildArgs separates whoop's own long flags, which come first, from
// kbuild's command line, which starts at the first argument that is not
// "--NAME[=VALUE]" (sparse's -D__linux__ in practice: kbuild's own
// arguments never start with "--" before it). So a "--NAME" there that is
// no flag of whoop's is a typo (--kbuild-outt=DIR, which would otherwise
// vanish into kbuild's part), as is a flag that wants a value without
// "=VALUE" (its value would start kbuild's part): both are errors.
func splitKbuildArgs(args []string) (own, rest []string, err error) {
	known := map[string]bool{"kbuild-out": true}
	valued := map[string]bool{"kbuild-out": true}
	var names []string
	for _, f := range checkFlags() {
		df, _ := f.(cli.DocGenerationFlag)
		for _, n := range f.Names() {
			known[n] = true
			valued[n] = df != nil && df.TakesValue()
			names = append(names, "--"+n)
		}
	}
	names = append(names, "--kbuild-out")
	for i, a := range args {
		if !strings.HasPrefix(a, "--") || a == "--" {
			return args[:i], args[i:], nil
		}
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		switch {
		case !known[name] || len(name) < 2:
			return nil, nil, fmt.Errorf("unknown flag %s%s", a, didYouMean("--"+name, names))
		case valued[name] && !hasValue:
			return nil, nil, fmt.Errorf("%s needs its value after \"=\" (%s=VALUE)", a, a)
		}
	}
	return args, nil, nil
}

func allCFiles(args []string) bool {
	for _, a := range args {
		if !strings.HasSuffix(a, ".c") {
			return false
		}
	}
	return true
}

// kbuildReportName is the JSON report's file name for src: its path below
// wd with "/" as "_" (drivers_char_nvram.c.json), unique per object.
func kbuildReportName(src, wd string) string {
	if r, err := filepath.Rel(wd, src); err == nil && !strings.HasPrefix(r, "..") {
		src = r
	}
	return strings.ReplaceAll(strings.TrimPrefix(src, "/"), "/", "_") + ".json"
}
