package main

import "github.com/urfave/cli/v2"

// entrypointsCommand is "whoop entrypoints FILE.c".
func entrypointsCommand() *cli.Command {
	return &cli.Command{
		Name:      "entrypoints",
		Usage:     "list the driver's entry points and their roles",
		ArgsUsage: "FILE.c",
		Flags:     frontendFlags(),
		Hidden:    true, // until entry-point extraction lands
		Action: func(c *cli.Context) error {
			return &exitError{code: exitInconclusive, msg: "whoop entrypoints is not part of this build yet"}
		},
	}
}

// pairsCommand is "whoop pairs FILE.c".
func pairsCommand() *cli.Command {
	return &cli.Command{
		Name:      "pairs",
		Usage:     "list which pairs of entry points can run concurrently, and why the others cannot",
		ArgsUsage: "FILE.c",
		Flags:     frontendFlags(),
		Hidden:    true,
		Action: func(c *cli.Context) error {
			return &exitError{code: exitInconclusive, msg: "whoop pairs is not part of this build yet"}
		},
	}
}
