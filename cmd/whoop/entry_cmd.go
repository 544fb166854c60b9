package main

import (
	"errors"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/frontend/entry"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/models"
	"github.com/whoopverify/whoop/report"
)

// listingFlags are the flags of "whoop entrypoints" and "whoop pairs".
func listingFlags(pairs bool) []cli.Flag {
	flags := append(frontendFlags(),
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output `FORMAT`: text, xml or json"},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"},
			Usage: "also print each entry point's class, parameters, kernel locks and notes (why a role was guessed), and warnings"},
	)
	if pairs {
		flags = append(flags, &cli.BoolFlag{Name: "many-devices",
			Usage: "drop the one-device assumption: per-device kernel serialisation (device_lock, the transmit lock, " +
				"an interrupt line, a per-device timer) no longer keeps pairs apart (same as --no-assume one-device)"})
	}
	// --no-assume static-linkage changes the entry points too.
	return append(flags, assumeFlags()...)
}

// entrypointsCommand is "whoop entrypoints FILE.c".
func entrypointsCommand() *cli.Command {
	return &cli.Command{
		Name:      "entrypoints",
		Usage:     "list the driver's entry points and their roles",
		ArgsUsage: "FILE.c...",
		Description: "Lists the functions the kernel calls: callbacks in ops structs (file_operations,\n" +
			"net_device_ops, pci_driver, dev_pm_ops through .driver.pm, ...), module init and exit,\n" +
			"and callbacks registered at run time (request_irq, setup_timer, INIT_WORK, netif_napi_add,\n" +
			"stores into timer.function or input->open). A role marked \"?\" was guessed from the\n" +
			"field name of a struct whoop's tables do not know (--verbose says which).",
		Flags:  listingFlags(false),
		Action: func(c *cli.Context) error { return listAction(c, false) },
	}
}

// pairsCommand is "whoop pairs FILE.c".
func pairsCommand() *cli.Command {
	return &cli.Command{
		Name:      "pairs",
		Usage:     "list which pairs of entry points can run concurrently, and why the others cannot",
		ArgsUsage: "FILE.c...",
		Description: "Lists every unordered pair of entry points, an entry point with itself included,\n" +
			"and whether the kernel may run the two at the same time. For a pair it never runs\n" +
			"concurrently, WHY names the kernel mechanism (rtnl_mutex, device_lock, module\n" +
			"loading, ...). \"distinct params 1:0\" means the two run concurrently only on different\n" +
			"objects (a file being released is not the file being read).\n" +
			"By default a driver is assumed to drive one device; --many-devices drops that.",
		Flags:  listingFlags(true),
		Action: func(c *cli.Context) error { return listAction(c, true) },
	}
}

// listAction loads each file through the entry-point pass and prints its
// listing. A file that cannot be loaded is reported on stderr and the
// others are still listed; the exit code is then that file's.
func listAction(c *cli.Context, withPairs bool) error {
	name := "entrypoints"
	if withPairs {
		name = "pairs"
	}
	if c.NArg() == 0 {
		return usageErrorf("no input files\nusage: whoop %s [flags] FILE.c...", name)
	}
	format, err := report.ParseFormat(c.String("format"))
	if err != nil || format == report.SARIF {
		return usageErrorf("--format %s: want text, xml or json", c.String("format"))
	}
	var (
		listings []*report.Listing
		failed   *exitError
	)
	for _, path := range c.Args().Slice() {
		prog, err := loadProgram(c, path, "entry")
		if err != nil {
			var ee *exitError
			if !errors.As(err, &ee) {
				ee = &exitError{code: exitInconclusive, msg: err.Error()}
			}
			if failed == nil || ee.code == exitInput {
				failed = ee
			}
			if len(c.Args().Slice()) > 1 {
				c.App.ErrWriter.Write([]byte("whoop: " + ee.msg + "\n"))
			}
			continue
		}
		facts := entry.FactsOf(prog, prog.EntryPoints)
		l := &report.Listing{Path: prog.Path, WithPairs: withPairs, Warnings: prog.Warnings}
		for _, ep := range prog.EntryPoints {
			l.EntryPoints = append(l.EntryPoints, report.ListedEntry{EP: ep, Class: models.EntryClassIn(ep, facts),
				HeldLocks: models.HeldLocks(ep, facts)})
		}
		if withPairs {
			var fc frontend.Config
			var lc lockset.Options
			if err := applyNoAssume(c, &fc, &lc); err != nil {
				return err
			}
			l.Pairs = lockset.PairsWith(prog, lockset.PairOptions{
				ManyDevices: lc.ManyDevices || c.Bool("many-devices"),
				NoBindings:  lc.NoBindings,
				Ignore:      lc.IgnoreRules,
			})
		}
		listings = append(listings, l)
	}
	if len(listings) > 0 {
		opts := report.Options{Version: version, Verbose: c.Bool("verbose")}
		if err := report.WriteListings(c.App.Writer, format, listings, opts); err != nil {
			return &exitError{code: exitInconclusive, msg: err.Error()}
		}
	}
	if failed != nil {
		if len(c.Args().Slice()) > 1 {
			failed = &exitError{code: failed.code} // already reported
		}
		return failed
	}
	return nil
}
