package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// frontendConfig builds the front end's configuration from -I, -D and -U,
// and from --no-assume where the command has it (the front-end and region
// assumptions; the lockset ones are applied by the caller).
func frontendConfig(c *cli.Context) (frontend.Config, error) {
	cfg := frontend.Config{
		IncludeDirs: c.StringSlice("I"),
		Defines:     c.StringSlice("D"),
		Undefines:   c.StringSlice("U"),
		Tree:        treeOptions(c),
	}
	if p := c.String("preprocess"); p != "" && p != "cc" && p != frontend.PreprocessGCC && p != preprocessAuto {
		return cfg, usageErrorf("--preprocess %s: want auto, cc or gcc", p)
	}
	if err := frontend.CheckConfig(cfg); err != nil {
		return cfg, usageErrorf("%v", err)
	}
	if err := loadCompDB(c); err != nil {
		return cfg, err
	}
	if db := compDBOf(c); db != nil {
		cfg.Tree.Commands = db.lookup
	}
	stdin, err := readStdin(c)
	if err != nil {
		return cfg, err
	}
	cfg.Stdin = stdin
	if c.IsSet("no-assume") {
		var ignored lockset.Options
		if err := applyNoAssume(c, &cfg, &ignored); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// loadProgram runs the front end on path, through untilPass ("" for the
// whole pipeline), and maps its errors to exit codes: input errors (an
// unreadable file, preprocessor, syntax and type errors, a missing model
// header) exit 3 with one "whoop: file:line:col: message" line each;
// anything else, an internal error included, exits 4.
func loadProgram(c *cli.Context, path string, untilPass string) (*ir.Program, error) {
	cfg, err := frontendConfig(c)
	if err != nil {
		return nil, err
	}
	ctx := c.Context
	if ctx == nil {
		ctx = context.Background()
	}
	return load(ctx, cfg, path, untilPass)
}

// load is loadProgram with the configuration already built; it does not
// touch the command line, so it may run on another goroutine.
func load(ctx context.Context, cfg frontend.Config, path string, untilPass string) (prog *ir.Program, err error) {
	if untilPass == "" {
		prog, err = frontend.Load(ctx, path, cfg)
	} else {
		prog, err = frontend.LoadUntil(ctx, path, cfg, untilPass)
	}
	return loaded(ctx, prog, err)
}

// loadModule is load for the files of one module (--module).
func loadModule(ctx context.Context, cfg frontend.Config, name string, files []string) (*ir.Program, error) {
	prog, err := frontend.LoadModule(ctx, name, files, cfg)
	return loaded(ctx, prog, err)
}

// loadWithExact is load (or loadModule, with files) that also returns the
// program lowered with C's integer semantics from the same parse, for the
// explorer (frontend.LoadWithExact).
func loadWithExact(ctx context.Context, cfg frontend.Config, path string, files []string) (prog, exact *ir.Program, err error) {
	prog, exact, err = frontend.LoadWithExact(ctx, path, files, cfg)
	prog, err = loaded(ctx, prog, err)
	if err != nil {
		return nil, nil, err
	}
	return prog, exact, nil
}

// loaded classifies a front-end error by exit code.
func loaded(ctx context.Context, prog *ir.Program, err error) (*ir.Program, error) {
	if err == nil {
		return prog, nil
	}
	var in *interrupted
	if errors.As(context.Cause(ctx), &in) {
		return nil, in
	}
	var ie *frontend.InputError
	if errors.As(err, &ie) {
		return nil, &exitError{code: exitInput, msg: strings.ReplaceAll(ie.Error(), "\n", "\nwhoop: ")}
	}
	return nil, &exitError{code: exitInconclusive, msg: err.Error()}
}

// readStdin returns the text on standard input when a file argument is "-",
// read once per run (every file's configuration carries it), or nil.
func readStdin(c *cli.Context) ([]byte, error) {
	n := 0
	for _, a := range c.Args().Slice() {
		if a == "-" {
			n++
		}
	}
	switch {
	case n == 0:
		return nil, nil
	case n > 1:
		return nil, usageErrorf("standard input (-) named %d times", n)
	}
	const key = "stdin"
	if b, ok := c.App.Metadata[key].([]byte); ok {
		return b, nil
	}
	r := c.App.Reader
	if r == nil {
		r = os.Stdin
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, &exitError{code: exitInput, msg: fmt.Sprintf("cannot read %s: %v", frontend.StdinPath, err)}
	}
	if b == nil {
		b = []byte{}
	}
	if c.App.Metadata == nil {
		c.App.Metadata = map[string]any{}
	}
	c.App.Metadata[key] = b
	return b, nil
}
