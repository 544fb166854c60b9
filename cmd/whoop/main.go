package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
)

// Exit codes, documented in --help and the README.
const (
	exitOK           = 0 // no potential race
	exitRaces        = 1 // potential races reported
	exitUsage        = 2 // bad command line
	exitInput        = 3 // input could not be analysed
	exitInconclusive = 4 // timeout, solver unknown, or internal error
)

// version is set with -ldflags "-X main.version=..." by release builds.
var version = "0.1.0-dev"

func main() {
	if hugePagesWanted() {
		// Best effort: without the advice whoop is slower, not wrong.
		_, _, _ = reserveHugeHeap(hugeHeapBytes(physicalMemory()))
	}
	gc := deferGC(gcFloorBytes) // after the reservation's collection
	os.Exit(mainWithWorkers(os.Args, os.Stdout, os.Stderr, gc))
}

// exitError carries an exit code and a message for stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// Main runs whoop with args (args[0] is the program name) and returns the
// exit code. Results go to stdout, diagnostics to stderr. Its sweeps stay
// in this process: a test binary must not start itself as a worker.
func Main(args []string, stdout, stderr io.Writer) int {
	return mainWith(args, stdout, stderr, nil, nil)
}

// mainWithWorkers is Main for the whoop binary itself: its sweeps may
// start worker processes of the same executable (worker.go), and its
// checks set the collector's pacing after gc's deferred first collection.
func mainWithWorkers(args []string, stdout, stderr io.Writer, gc *gcDeferral) int {
	return mainWith(args, stdout, stderr, selfSpawn(args), gc)
}

// mainWith is Main, whose sweeps start workers as spawn says (nil: none),
// with gc the collection deferGC deferred (nil: none).
func mainWith(args []string, stdout, stderr io.Writer, spawn *workerSpawn, gc *gcDeferral) int {
	if len(args) > 1 && args[1] == kbuildFlag {
		// kbuild's checker writes its warnings on stderr, as sparse does.
		return kbuildMain(args[2:], stderr, stderr, gc)
	}
	metadata := map[string]any{}
	if spawn != nil {
		metadata[workerKey] = spawn
	}
	if gc != nil {
		metadata[gcKey] = gc
	}
	code, _ := run(args, stdout, stderr, metadata)
	return code
}

// run is Main with the app's metadata preset; internal reports a panic
// (whoop's own failure, exit 4).
func run(args []string, stdout, stderr io.Writer, metadata map[string]any) (code int, internal bool) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "whoop: internal error: %v\n", r)
			code, internal = exitInconclusive, true
		}
	}()
	return runApp(args, stdout, stderr, metadata), false
}

func runApp(args []string, stdout, stderr io.Writer, metadata map[string]any) int {
	app := newApp(stdout, stderr)
	app.Metadata = metadata
	if err := checkHelpArgs(app, args); err != nil {
		fmt.Fprintf(stderr, "whoop: %v\n", err)
		return exitUsage
	}
	ctx, stop := withSignals(context.Background())
	defer stop()
	err := app.RunContext(ctx, reorderArgs(app, normalizeArgs(args)))
	if err == nil {
		return exitOK
	}
	var in *interrupted
	if errors.As(err, &in) { // a subcommand stopped by a signal
		fmt.Fprintf(stderr, "whoop: %v\n", in)
		return in.code()
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintf(stderr, "whoop: %s\n", ee.msg)
		}
		return ee.code
	}
	// urfave/cli reports flag errors as plain errors after printing usage.
	fmt.Fprintf(stderr, "whoop: %v\n", err)
	return exitUsage
}

// normalizeArgs splits gcc-style joined options (-Idir, -DNAME=1, -UNAME)
// into the separate form the flag parser expects.
func normalizeArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if i > 0 && len(a) > 2 && a[0] == '-' && strings.ContainsRune("IDU", rune(a[1])) && a[2] != '-' {
			out = append(out, a[:2], a[2:])
			continue
		}
		out = append(out, a)
	}
	return out
}

func newApp(stdout, stderr io.Writer) *cli.App {
	cli.VersionFlag = &cli.BoolFlag{Name: "version", Usage: "print the version and exit"}
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "whoop %s\n", c.App.Version)
	}
	app := &cli.App{
		Name:                   "whoop",
		Usage:                  "prove Linux driver entry points race-free, or show the lines that may race",
		UsageText:              "whoop [flags] FILE.c...\n   whoop COMMAND [flags] FILE.c",
		Version:                version,
		Writer:                 stdout,
		ErrWriter:              stderr,
		HideHelpCommand:        true,
		UseShortOptionHandling: false,
		Flags:                  checkFlags(),
		Commands:               commands(),
		CustomAppHelpTemplate:  appHelpTemplate,
		Action:                 checkAction,
		OnUsageError: func(c *cli.Context, err error, isSubcommand bool) error {
			return usageErrorf("%v\nusage: whoop [flags] FILE.c...  (see whoop --help)", unknownFlag(explainUsageError(err, c.App.Flags), c.App.Flags))
		},
		ExitErrHandler: func(*cli.Context, error) {}, // Main maps errors to exit codes
	}
	return app
}

// frontendFlags are the preprocessor options shared by every command.
func frontendFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringSliceFlag{Name: "I", Usage: "add `DIR` to the header search path, before whoop's kernel model headers"},
		&cli.StringSliceFlag{Name: "D", Usage: "define macro `NAME[=VALUE]` as with gcc -D"},
		&cli.StringSliceFlag{Name: "U", Usage: "undefine macro `NAME`"},
	}, treeFlags()...)
}

// commands lists the subcommands; each lives in its own file.
func commands() []*cli.Command {
	cmds := []*cli.Command{entrypointsCommand(), pairsCommand(), irCommand(), assumptionsCommand(), yieldsCommand(), mergeCommand()}
	for _, cmd := range cmds {
		cmd.Before = flagsBeforeCommand
		if cmd.OnUsageError == nil {
			// As the check's: one line, not the command's whole help.
			cmd.OnUsageError = func(c *cli.Context, err error, _ bool) error {
				return usageErrorf("%v\nusage: %s  (see whoop %s --help)",
					unknownFlag(explainUsageError(err, c.Command.Flags), c.Command.Flags),
					strings.TrimSpace("whoop "+c.Command.Name+" [flags] "+c.Command.ArgsUsage), c.Command.Name)
			}
		}
	}
	return cmds
}

// flagsBeforeCommand refuses flags written before a command's name
// ("whoop --kernel-build DIR entrypoints FILE.c"): they belong to the
// check, and the command would run without them (a kernel build not found,
// a -D not defined), so say where they go instead.
func flagsBeforeCommand(c *cli.Context) error {
	lineage := c.Lineage()
	if len(lineage) < 2 {
		return nil
	}
	set := make(map[string]bool)
	for _, n := range lineage[1].LocalFlagNames() {
		set[n] = true
	}
	var names []string // one per flag, as --help spells it first
	for _, f := range c.App.Flags {
		for _, n := range f.Names() {
			if set[n] {
				if len(f.Names()[0]) > 1 {
					names = append(names, "--"+f.Names()[0])
				} else {
					names = append(names, "-"+f.Names()[0])
				}
				break
			}
		}
	}
	if len(names) == 0 {
		return nil
	}
	return usageErrorf("%s before the command %q: write flags after it (whoop %s %s ... FILE.c)",
		strings.Join(names, ", "), c.Command.Name, c.Command.Name, names[0])
}

const appHelpTemplate = `NAME:
   {{.Name}} - {{.Usage}}

USAGE:
   {{.UsageText}}

   whoop reads a driver's C source against its own kernel model headers,
   finds the entry points the kernel calls (file_operations, net_device_ops,
   interrupt handlers, timers, work items, module init and exit, ...), pairs
   those that can run at the same time, and proves each pair race-free with
   symbolic pairwise lockset analysis. For a pair it cannot prove, it prints
   the two accesses that may race, gcc-style.
{{if .VisibleCommands}}
COMMANDS:{{range .VisibleCommands}}
   {{join .Names ", "}}{{"\t"}}{{.Usage}}{{end}}
{{end}}
FLAGS:{{range .VisibleFlags}}
   {{.}}{{end}}

EXAMPLES:
   whoop drivers/char/generic_nvram.c
   whoop -I include -D CONFIG_PM drivers/net/ethernet/realtek/8139too.c
   whoop --format sarif drivers/watchdog/machzwd.c > machzwd.sarif
   whoop pairs --format xml drivers/char/dtlk.c
   whoop -p . drivers/watchdog          (flags from ./compile_commands.json)
   make C=2 CHECK="whoop --kbuild"      (kbuild's checker: warnings on stderr, exit 0)

ASSUMPTIONS:
   whoop reports every race under a few documented assumptions about the
   kernel and the driver (one device at a time, callbacks run under the
   kernel locks their callers take, entry points run only once registered,
   READ_ONCE/WRITE_ONCE are marked accesses, ...). "whoop assumptions" lists
   them all and what each could hide; --no-assume NAME (or all) drops one.

COMMAND LINE:
   Flags may follow the file names; "--" ends the flags; "-" reads the
   source from standard input; "whoop help [COMMAND]" is --help. Only
   regular files are read (pipe a FIFO to "whoop -").

EXIT CODES:
   0  no potential race
   1  potential races reported
   2  usage error, or an output file (--json-out) that cannot be written
   3  input could not be analysed (unreadable file, parse error, missing model header, include cycle)
   4  inconclusive: nothing was checked (no entry point), a pair timed out or
      the solver gave up, a file passed --file-timeout or --max-memory, or
      an internal error
   130, 143  interrupted by SIGINT or SIGTERM; the files finished are reported

ENVIRONMENT:
   WHOOP_HUGEPAGES=0  do not ask the kernel for transparent huge pages for
                      whoop's heap and solver memory (asked by default: on a
                      virtual machine it makes a run about 1.5x faster; the
                      kernel's own setting still decides)
   GOGC, GOMEMLIMIT   the Go garbage collector's settings; when neither is
                      set, whoop collects only once its heap reaches 2 GB
                      (or half of --max-memory): faster, and each file
                      checked at a time grows to about 2 GB
   WHOOP_PROCESSES=0  check a sweep's files in threads of one process, not
                      in --jobs worker processes of whoop (the default,
                      about 5% faster, and a crash costs only its file)
`
