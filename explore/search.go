package explore

import (
	"context"
	"time"

	"github.com/whoopverify/whoop/frontend/entry"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/vc"
	"github.com/whoopverify/whoop/yieldinst"
	"github.com/whoopverify/whoop/z3"
)

// Found is a race the explorer shows with a replayed interleaving,
// whatever the lockset check said about the pair.
type Found struct {
	Pair          int // index in the lockset result's Pairs
	Region        string
	Check, Writer Step
	Steps         []Step
}

// Misses looks for the races the lockset check did not report: it explores
// every concurrent pair of res with the yield set of opts.Mode (use
// yieldinst.All, which ignores the lockset verdicts), with race checks on
// every region the check did not report racy in that pair, and returns at
// most one race per pair and region. Each is a lockset soundness bug (or a
// whoop explorer bug): the differential test of the lockset check expects
// none.
func Misses(ctx context.Context, prog *ir.Program, res *lockset.FileResult, opts Options) ([]Found, *Result, error) {
	return search(ctx, prog, res, opts, true)
}

// Search is the explorer as a bug finder, as CORRAL is run after WHOOP:
// every concurrent pair is explored with the yield set of opts.Mode and
// race checks at every access yield, until the first race of the pair (one
// solver query per pair). make bench-explore times it per mode.
func Search(ctx context.Context, prog *ir.Program, res *lockset.FileResult, opts Options) ([]Found, *Result, error) {
	return search(ctx, prog, res, opts, false)
}

// search explores the pairs; onlyMissed restricts the checks to the
// regions the lockset check did not report, and then looks for a race on
// each such region, where a bug finder stops at a pair's first race.
func search(ctx context.Context, prog *ir.Program, res *lockset.FileResult, opts Options, onlyMissed bool) ([]Found, *Result, error) {
	start := time.Now()
	opts = opts.withDefaults()
	out := &Result{}
	ys := yieldinst.Compute(prog, res, opts.Mode)
	byPair := make(map[[2]string][]yieldinst.Yield)
	for _, py := range ys.Pairs {
		byPair[[2]string{py.First, py.Second}] = py.Yields
	}
	prover, err := vc.NewProver(z3.Config{})
	if err != nil {
		return nil, nil, err
	}
	defer prover.Close()
	facts := entry.FactsOf(prog, prog.EntryPoints)
	by := reachers(prog)
	bodies := callerLocks(prog) // as Confirm (pairJobs)
	if opts.NoPublication {
		bodies = nil
	}
	var setup []*ir.EntryPoint
	for _, ep := range prog.EntryPoints {
		if ep.Role == ir.RoleInit {
			setup = append(setup, ep)
		}
	}
	var found []Found
	for i, pr := range res.Pairs {
		if !pr.Pair.Concurrent {
			continue
		}
		if err := ctx.Err(); err != nil {
			return found, out, err
		}
		yl := byPair[[2]string{pr.Pair.First.Name(), pr.Pair.Second.Name()}]
		out.Stats.Yields += len(yl)
		reported := map[string]bool{}
		for _, r := range pr.Races {
			reported[r.Region] = onlyMissed
		}
		open := map[string]bool{}
		for _, y := range yl {
			if y.Kind == yieldinst.AccessYield && !reported[y.Region] {
				open[y.Region] = true
			}
		}
		var eps []*ir.EntryPoint
		for _, ep := range setup {
			if ep != pr.Pair.First && ep != pr.Pair.Second {
				eps = append(eps, ep)
			}
		}
		p := pairJob{prog: prog, pair: pr, setup: eps, yields: yl, opts: opts, prover: prover, facts: facts, reachers: by, bodies: bodies, out: out}
		for _, ord := range p.orders() {
			for q := 0; q < maxQueriesPerPair && len(open) > 0 && ctx.Err() == nil; q++ {
				f, _, unknown, err := p.query(ctx, ord, open, map[int]bool{})
				if err != nil {
					out.Internal = append(out.Internal, err.Error())
					break
				}
				if unknown != "" && f == nil {
					out.Stats.Unknown++
					break
				}
				if f == nil {
					break
				}
				delete(open, f.region)
				found = append(found, Found{Pair: i, Region: f.region, Check: f.check, Writer: f.writer, Steps: f.steps})
				if !onlyMissed {
					open = nil
				}
			}
		}
	}
	out.Stats.Time = time.Since(start)
	return found, out, nil
}
