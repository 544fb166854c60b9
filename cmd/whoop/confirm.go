package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/yieldinst"
)

// confirmFlags are the bounded explorer's options.
func confirmFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "confirm",
			Usage: "run the bounded explorer on every potential race: each is then 'confirmed' with an interleaving " +
				"that replays, or 'not confirmed within' the bounds (which is no proof of absence)"},
		&cli.IntFlag{Name: "csb", Value: explore.DefaultCSB, Usage: "with --confirm: explore interleavings of at most `K` context switches"},
		&cli.IntFlag{Name: "unroll", Value: explore.DefaultUnroll,
			Usage: "with --confirm: let each loop go back to its head at most `N` times per call, and recursion go N deep (a thread stops there)"},
		&cli.StringFlag{Name: "yields", Value: string(yieldinst.MR), Usage: "with --confirm: the yield set `MODE` (all, epp, mr)"},
	}
}

// confirmOptions reads the explorer flags.
func confirmOptions(c *cli.Context, base lockset.Options) (explore.Options, error) {
	if c.Int("csb") < 1 || c.Int("csb") > 16 {
		return explore.Options{}, usageErrorf("--csb %d: give 1 to 16 context switches", c.Int("csb"))
	}
	if c.Int("unroll") < 1 || c.Int("unroll") > 64 {
		return explore.Options{}, usageErrorf("--unroll %d: give 1 to 64 iterations", c.Int("unroll"))
	}
	mode, err := yieldinst.ParseMode(c.String("yields"))
	if err != nil {
		return explore.Options{}, usageErrorf("--yields: %v", err)
	}
	// The explorer's verdicts depend on resource budgets, not on time:
	// its wall clock is a safety net, --timeout or explore's default,
	// whichever is longer, so that a busy machine does not cut queries an
	// idle one finishes (their races would say "not explored (timeout)").
	return explore.Options{CSB: c.Int("csb"), Unroll: c.Int("unroll"), Mode: mode, Timeout: max(base.Timeout, explore.DefaultTimeout),
		ParamAliasing: base.ParamAliasing, NoPublication: base.NoPublication, NoBinarySemaphores: base.NoBinarySemaphores,
		Jobs: base.Jobs}, nil
}

// confirmRaces runs the explorer on res's potential races; the verdicts go
// into res (lockset.Race.Confirmation). Replay failures are whoop bugs or
// the solver's abstractions: reported on stderr, never as confirmations.
func confirmRaces(ctx context.Context, stderr io.Writer, prog *ir.Program, res *lockset.FileResult, opts explore.Options, stats bool) error {
	if res.Races() == 0 {
		return nil
	}
	start := time.Now()
	out, err := explore.Confirm(ctx, prog, res, opts)
	if out == nil {
		return fmt.Errorf("explorer: %w", err)
	}
	if err != nil {
		// Stopped (deadline, interrupt): the lockset verdicts stand and the
		// races the explorer did not reach say "not explored".
		n := 0
		for _, r := range out.Races {
			if r.Status == explore.NotExplored {
				n++
			}
		}
		fmt.Fprintf(stderr, "whoop: %s: warning: the explorer stopped (%v): %d of %d races not explored\n",
			prog.Path, context.Cause(ctx), n, len(out.Races))
	}
	for _, msg := range out.Internal {
		fmt.Fprintf(stderr, "whoop: internal error (not reported as a race): %s\n", msg)
	}
	if stats {
		confirmed := 0
		for _, r := range out.Races {
			if r.Status == explore.Confirmed {
				confirmed++
			}
		}
		fmt.Fprintf(stderr, "whoop: %s: explorer: %d of %d races confirmed (%d by concrete runs), %d yields, %d solver queries (%d resource units), %d models replayed, %v\n",
			prog.Path, confirmed, len(out.Races), out.Stats.Concrete, out.Stats.Yields, out.Stats.Queries, out.Stats.Units, out.Stats.Replayed,
			time.Since(start).Round(time.Millisecond))
	}
	return nil
}
