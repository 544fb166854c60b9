package main

import "github.com/urfave/cli/v2"

// irCommand is "whoop ir FILE.c": print the lowered intermediate program.
func irCommand() *cli.Command {
	return &cli.Command{
		Name:      "ir",
		Usage:     "print the intermediate program whoop analyses",
		ArgsUsage: "FILE.c",
		Flags:     frontendFlags(),
		Hidden:    true, // until the front end lands
		Action: func(c *cli.Context) error {
			return &exitError{code: exitInconclusive, msg: "whoop ir is not part of this build yet"}
		},
	}
}
