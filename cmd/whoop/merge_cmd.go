package main

import (
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/report"
)

// mergeCommand is "whoop merge": one JSON report from the JSON reports of
// the shards of a sweep.
func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "join the JSON reports of a sweep's shards (--shard I/N) into one, as one run over all the files writes it",
		ArgsUsage: "REPORT.json...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "json", Usage: "output `FORMAT` (json)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageErrorf("whoop merge takes the JSON reports to join\nusage: whoop merge REPORT.json...")
			}
			if f := c.String("format"); f != "json" {
				return usageErrorf("whoop merge --format %s: merge writes json only (run whoop on the files for %s)", f, f)
			}
			var docs []io.Reader
			for _, name := range c.Args().Slice() {
				f, err := os.Open(name)
				if err != nil {
					return &exitError{code: exitInput, msg: err.Error()}
				}
				defer f.Close()
				docs = append(docs, f)
			}
			if err := report.MergeJSON(c.App.Writer, c.Args().Slice(), docs); err != nil {
				return &exitError{code: exitInput, msg: err.Error()}
			}
			return nil
		},
	}
}
