package main

import (
	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/frontend"
)

// treeFlags choose where a driver's kernel headers come from. By default a
// FILE inside a Linux source tree is read against that tree's headers and
// its configured build; elsewhere against whoop's bundled model headers.
func treeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "kernel", Usage: "read FILE against the Linux source tree `DIR` (default: the tree FILE lies in, if any)"},
		&cli.StringFlag{Name: "kernel-build", Usage: "the tree's configured build `DIR`: an O= build directory or an installed headers package such as /usr/src/linux-headers-$(uname -r) (default: the tree itself after make prepare)"},
		&cli.BoolFlag{Name: "bundled", Usage: "always read FILE against whoop's bundled kernel model headers, even inside a kernel tree"},
		&cli.StringFlag{Name: "preprocess", Value: "cc", Usage: "in a kernel tree, who preprocesses the driver's leading #include block: `cc` (cc/v4, the C parser) or gcc (the compiler on the PATH, faster; docs/preprocess-gcc.md)"},
	}
}

// treeOptions reads the tree flags; with --verbose, what was detected is
// printed on stderr.
func treeOptions(c *cli.Context) frontend.TreeOptions {
	opts := frontend.TreeOptions{Dir: c.String("kernel"), Build: c.String("kernel-build"), Bundled: c.Bool("bundled")}
	if c.String("preprocess") == frontend.PreprocessGCC {
		opts.Preprocess, opts.Warn = frontend.PreprocessGCC, c.App.ErrWriter
	}
	if c.Bool("verbose") {
		opts.Log = c.App.ErrWriter
	}
	return opts
}
