package main

import (
	"context"
	"runtime"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/yieldinst"
)

// yieldsCommand is "whoop yields FILE.c": the reduced yield set a bounded
// interleaving explorer consumes, computed from the lockset verdicts.
func yieldsCommand() *cli.Command {
	return &cli.Command{
		Name:      "yields",
		Usage:     "print the yield set of each concurrent pair (for a bounded bug-finder)",
		ArgsUsage: "FILE.c",
		Description: "Runs the lockset check, then lists where a context-switch-bounded explorer must\n" +
			"allow thread switches in each concurrent pair: before every lock operation and,\n" +
			"depending on --mode, after shared accesses (each followed by a race check).\n" +
			"all: every access in every pair; epp: accesses only in pairs not proved race-free;\n" +
			"mr: accesses only to the regions reported racy in the pair.",
		Flags: append(append(frontendFlags(), assumeFlags()...),
			&cli.StringFlag{Name: "mode", Value: "mr", Usage: "yield `MODE`: all, epp or mr"},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output `FORMAT`: text, json or xml"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "check `N` pairs in parallel"},
			&cli.DurationFlag{Name: "timeout", Value: 60 * time.Second, Usage: "give up on one pair after `D`"},
		),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErrorf("whoop yields takes one FILE.c\nusage: whoop yields [flags] FILE.c")
			}
			mode, err := yieldinst.ParseMode(c.String("mode"))
			if err != nil {
				return usageErrorf("--mode: %v", err)
			}
			write := map[string]func(*cli.Context, *yieldinst.Set) error{
				"text": func(c *cli.Context, s *yieldinst.Set) error { return yieldinst.WriteText(c.App.Writer, s) },
				"json": func(c *cli.Context, s *yieldinst.Set) error { return yieldinst.WriteJSON(c.App.Writer, s) },
				"xml":  func(c *cli.Context, s *yieldinst.Set) error { return yieldinst.WriteXML(c.App.Writer, s) },
			}[c.String("format")]
			if write == nil {
				return usageErrorf("--format %s: unknown (text, json, xml)", c.String("format"))
			}
			if c.Int("jobs") < 1 {
				return usageErrorf("--jobs must be at least 1")
			}
			opts := lockset.Options{Jobs: c.Int("jobs"), Timeout: c.Duration("timeout")}
			var fc frontend.Config
			if err := applyNoAssume(c, &fc, &opts); err != nil {
				return err
			}
			prog, err := loadProgram(c, c.Args().First(), "")
			if err != nil {
				return err
			}
			ctx := c.Context
			if ctx == nil {
				ctx = context.Background()
			}
			res, err := lockset.Check(ctx, prog, opts)
			if err != nil {
				return &exitError{code: exitInconclusive, msg: err.Error()}
			}
			if err := write(c, yieldinst.Compute(prog, res, mode)); err != nil {
				return &exitError{code: exitInconclusive, msg: err.Error()}
			}
			return nil
		},
	}
}
