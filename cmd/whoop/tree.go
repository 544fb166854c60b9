package main

import (
	"os/exec"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/frontend"
)

// preprocessAuto is --preprocess's default: gcc when it is on the PATH.
const preprocessAuto = "auto"

// treeFlags choose where a driver's kernel headers come from. By default a
// FILE inside a Linux source tree is read against that tree's headers and
// its configured build; elsewhere against whoop's bundled model headers.
func treeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "kernel", Usage: "read FILE against the Linux source tree `DIR` (default: the tree FILE lies in, if any)"},
		&cli.StringFlag{Name: "kernel-build", Usage: "the tree's configured build `DIR`: an O= build directory or an installed headers package such as /usr/src/linux-headers-$(uname -r) (default: the tree itself after make prepare)"},
		&cli.BoolFlag{Name: "bundled", Usage: "always read FILE against whoop's bundled kernel model headers, even inside a kernel tree"},
		&cli.StringFlag{Name: "preprocess", Value: preprocessAuto, Usage: "in a kernel tree, who preprocesses the driver's leading #include block: auto (gcc when it is on the PATH, else cc), cc (cc/v4, the C parser) or gcc (the compiler on the PATH, about twice as fast, same reports; docs/preprocess-gcc.md)"},
	}
}

// treeOptions reads the tree flags; with --verbose, what was detected is
// printed on stderr.
func treeOptions(c *cli.Context) frontend.TreeOptions {
	opts := frontend.TreeOptions{Dir: c.String("kernel"), Build: c.String("kernel-build"), Bundled: c.Bool("bundled")}
	switch c.String("preprocess") {
	case frontend.PreprocessGCC:
		opts.Preprocess, opts.Warn = frontend.PreprocessGCC, c.App.ErrWriter
	case preprocessAuto:
		// gcc gives the same reports in about half the time; without it,
		// or when its output does not suit cc/v4, cc/v4 reads the headers
		// itself, which only --verbose mentions (TreeOptions.Log).
		if _, err := exec.LookPath("gcc"); err == nil {
			opts.Preprocess = frontend.PreprocessGCC
		}
	}
	if opts.Preprocess == frontend.PreprocessGCC {
		opts.Headers = frontend.NewHeaderCache() // one per process: every file of a sweep shares it
	}
	if c.Bool("verbose") {
		opts.Log = c.App.ErrWriter
	}
	return opts
}
