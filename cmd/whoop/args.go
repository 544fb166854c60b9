package main

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
)

// Command-line shapes urfave/cli v2 does not accept as gcc and sparse do.
// urfave/cli stops reading flags at the first file name, so
// "whoop driver.c --format sarif" would open "--format" as a file; it has
// no "help" command while its help command is hidden. reorderArgs rewrites
// the arguments before cli parses them.

// reorderArgs moves the flags of the command line (args[0] is the program)
// ahead of its file names, for the top level and for a subcommand, keeping
// their order: "whoop a.c -j 2 b.c" becomes "whoop -j 2 a.c b.c". A flag
// that takes a value keeps the argument after it; "--" ends the flags, and
// the file names after it stay file names; "-" alone is a file name
// (standard input). "whoop help [COMMAND]" becomes "whoop [COMMAND] --help".
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	rest := args[1:]
	flags := app.Flags
	if rest[0] == "help" {
		if len(rest) == 1 {
			return append(out, "--help")
		}
		if len(rest) == 2 && app.Command(rest[1]) != nil {
			return append(out, rest[1], "--help")
		}
		return append(out, "--help", "--", "help") // checkHelpArgs refuses it
	}
	// The command, if any, is the first argument that is not a flag; flags
	// before it are the top level's (whoop -v pairs x.c is not accepted
	// either way: the top-level flags belong to the check).
	if cmd := app.Command(rest[0]); cmd != nil {
		out = append(out, rest[0])
		rest = rest[1:]
		flags = cmd.Flags
	}
	valued := valueFlags(flags)
	var opts, files []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			files = append(files, rest[i+1:]...)
			i = len(rest)
		case len(a) > 1 && a[0] == '-':
			opts = append(opts, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && valued[name] && i+1 < len(rest) {
				i++
				opts = append(opts, rest[i])
			}
		default:
			files = append(files, a)
		}
	}
	out = append(out, opts...)
	if len(files) > 0 {
		// "--" keeps a file name that starts with "-" from being read as a
		// flag; it changes nothing for the others.
		out = append(out, "--")
		out = append(out, files...)
	}
	return out
}

// checkHelpArgs refuses "whoop help" with more than one argument or an
// argument that names no command.
func checkHelpArgs(app *cli.App, args []string) error {
	if len(args) < 2 || args[1] != "help" {
		return nil
	}
	if len(args) > 3 || len(args) == 3 && app.Command(args[2]) == nil {
		var names []string
		for _, c := range app.Commands {
			if !c.Hidden {
				names = append(names, c.Name)
			}
		}
		suggest := ""
		if len(args) == 3 {
			suggest = didYouMean(args[2], names)
		}
		return fmt.Errorf("whoop help %s: no such command%s (commands: %s)", strings.Join(args[2:], " "), suggest, strings.Join(names, ", "))
	}
	return nil
}

// valueFlags returns the names and aliases of the flags that take a value.
func valueFlags(flags []cli.Flag) map[string]bool {
	m := make(map[string]bool)
	for _, f := range flags {
		df, ok := f.(cli.DocGenerationFlag)
		if !ok || !df.TakesValue() {
			continue
		}
		for _, n := range f.Names() {
			m[n] = true
		}
	}
	return m
}

// badValue matches the flag package's message for a value it cannot parse.
var badValue = regexp.MustCompile(`^invalid value "([^"]*)" for flag -([\w-]+): `)

// explainUsageError rewrites the flag package's message for a duration
// without a unit ("--timeout 10"), which otherwise says only "parse error".
func explainUsageError(err error, flags []cli.Flag) error {
	m := badValue.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	for _, f := range flags {
		if _, ok := f.(*cli.DurationFlag); !ok {
			continue
		}
		for _, n := range f.Names() {
			if n != m[2] {
				continue
			}
			if _, perr := time.ParseDuration(m[1] + "s"); perr == nil {
				return fmt.Errorf("--%s %s: a duration needs a unit, as in %ss, 5m or 1h30m", n, m[1], m[1])
			}
			return fmt.Errorf("--%s %s: not a duration (write 10s, 5m or 1h30m)", n, m[1])
		}
	}
	return err
}
