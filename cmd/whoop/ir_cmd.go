package main

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
)

// irCommand is "whoop ir FILE.c": print the lowered intermediate program.
func irCommand() *cli.Command {
	return &cli.Command{
		Name:      "ir",
		Usage:     "print the intermediate program whoop analyses",
		ArgsUsage: "FILE.c",
		Description: "Prints the program whoop's analyses read: functions as control-flow graphs of\n" +
			"loads, stores, calls and assignments with C lvalue texts and source positions,\n" +
			"global objects with their initialisers, entry points and memory regions.\n" +
			"--until stops after a front-end pass: " + strings.Join(frontend.Passes(), ", ") + ".",
		Flags: append(frontendFlags(),
			&cli.StringFlag{Name: "until", Usage: "stop after front-end pass `PASS` (" + strings.Join(frontend.Passes(), ", ") + ")"},
		),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("whoop ir takes one FILE.c\nusage: whoop ir [flags] FILE.c")
			}
			until := c.String("until")
			if until != "" && !slices.Contains(frontend.Passes(), until) {
				return usageErrorf("--until %s: unknown pass (passes: %s)", until, strings.Join(frontend.Passes(), ", "))
			}
			prog, err := loadProgram(c, c.Args().First(), until)
			if err != nil {
				return err
			}
			if err := ir.Fprint(c.App.Writer, prog); err != nil {
				return &exitError{code: exitInconclusive, msg: err.Error()}
			}
			return nil
		},
	}
}
