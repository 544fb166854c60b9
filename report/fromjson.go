package report

import (
	"fmt"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// fromJSON rebuilds, from a whoop JSON report, the results and options the
// SARIF writer reads. The report records everything that writer prints: a
// log made from it is the log the run would have written itself.
func fromJSON(doc raceJSONDoc) ([]*lockset.FileResult, Options, error) {
	opts := Options{Version: doc.Version, Baseline: doc.Baseline}
	if doc.LockChecks {
		opts.Locks = make(map[string]*lockset.LockResult)
	}
	files := []*lockset.FileResult{}
	for _, jf := range doc.Files {
		if jf.Status == StatusError {
			opts.Errors = append(opts.Errors, FileError{Path: jf.Path, Index: len(files), Msg: jf.Error})
			continue
		}
		f, err := fileFromJSON(jf)
		if err != nil {
			return nil, opts, fmt.Errorf("%s: %w", jf.Path, err)
		}
		files = append(files, f)
		if doc.LockChecks {
			opts.Locks[jf.Path] = locksFromJSON(jf)
		}
	}
	return files, opts, nil
}

func fileFromJSON(jf raceJSONFile) (*lockset.FileResult, error) {
	f := &lockset.FileResult{Path: jf.Path, Parts: jf.Parts, LocksOnly: jf.Status == StatusLockChecksOnly}
	eps := make(map[string]*ir.EntryPoint)
	for _, je := range jf.EntryPoints {
		pos := jsonPos(je.File, je.Line, je.Column)
		ep := &ir.EntryPoint{Func: ir.NewFunction(je.Name, nil, pos), Role: ir.Role(je.Role),
			Struct: je.Struct, Var: je.Var, Field: je.Field, Pos: pos, Guessed: je.Guessed}
		f.EntryPoints = append(f.EntryPoints, ep)
		eps[je.Name] = ep
	}
	pair := func(first, second string) (lockset.Pair, error) {
		a, b := eps[first], eps[second]
		if a == nil || b == nil {
			return lockset.Pair{}, fmt.Errorf("pair %s and %s: not among the entry points", first, second)
		}
		return lockset.Pair{First: a, Second: b}, nil
	}
	// Concurrent pairs keep their order (ties between races of different
	// pairs keep pair order); the serialised ones carry nothing SARIF shows.
	for _, jp := range jf.Pairs {
		p, err := pair(jp.First, jp.Second)
		if err != nil {
			return nil, err
		}
		p.Concurrent = true
		pr := lockset.PairResult{Pair: p, Verdict: lockset.Verdict(jp.Verdict), Note: jp.Note}
		for _, jr := range jp.Races {
			if len(jr.Accesses) != 2 {
				return nil, fmt.Errorf("a race on %s with %d accesses", jr.Region, len(jr.Accesses))
			}
			r := lockset.Race{Region: jr.Region, Why: jr.Why, Suppressed: jr.Suppressed, Confirmation: confirmFromJSON(jr.Confirmation)}
			for i, ja := range jr.Accesses {
				mode, err := modeFromJSON(ja.Mode)
				if err != nil {
					return nil, err
				}
				r.Accesses[i] = lockset.Access{EntryPoint: ja.EntryPoint, Func: ja.Function, Kind: lockset.AccessKind(ja.Kind),
					Mode: mode, LValue: ja.LValue, Pos: jsonPos(ja.File, ja.Line, ja.Column),
					Source: ja.Indent + ja.Source, Locks: ja.Locks, Shape: ja.Shape}
			}
			pr.Races = append(pr.Races, r)
		}
		f.Pairs = append(f.Pairs, pr)
	}
	for _, js := range jf.Serialised {
		p, err := pair(js.First, js.Second)
		if err != nil {
			return nil, err
		}
		p.Reason = js.Reason
		f.Pairs = append(f.Pairs, lockset.PairResult{Pair: p, Verdict: lockset.NotChecked})
	}
	for _, w := range jf.Warnings {
		f.Warnings = append(f.Warnings, ir.Diagnostic{Pos: jsonPos(w.File, w.Line, w.Column), Msg: w.Message})
	}
	return f, nil
}

func locksFromJSON(jf raceJSONFile) *lockset.LockResult {
	res := &lockset.LockResult{Path: jf.Path, Inconclusive: jf.LockChecksInconclusive}
	for _, je := range jf.LockErrors {
		e := lockset.LockError{Kind: je.Kind, Lock: je.Lock, EntryPoints: je.EntryPoints, Msg: je.Message,
			Pos: jsonPos(je.File, je.Line, je.Column), Source: je.Indent + je.Source, Suppressed: je.Suppressed}
		for _, jr := range je.Related {
			e.Related = append(e.Related, lockset.Related{Pos: jsonPos(jr.File, jr.Line, jr.Column), Source: jr.Indent + jr.Source, Msg: jr.Message})
		}
		res.Errors = append(res.Errors, e)
	}
	return res
}

func confirmFromJSON(jc *raceJSONConfirmation) *lockset.Confirmation {
	if jc == nil {
		return nil
	}
	c := &lockset.Confirmation{Status: jc.Status, Note: jc.Note}
	for _, s := range jc.Steps {
		c.Steps = append(c.Steps, lockset.Step{Thread: s.Thread, EntryPoint: s.EntryPoint, Func: s.Function,
			Pos: jsonPos(s.File, s.Line, s.Column), Source: s.Indent + s.Source, Kind: s.Kind, LValue: s.LValue, Value: s.Value})
	}
	return c
}

// modeFromJSON is the access mode ir.AccessMode.String printed.
func modeFromJSON(s string) (ir.AccessMode, error) {
	for _, m := range []ir.AccessMode{ir.Plain, ir.Atomic, ir.Marked} {
		if m.String() == s {
			return m, nil
		}
	}
	return ir.Plain, fmt.Errorf("unknown access mode %q", s)
}

// jsonPos is the position raceJSONPos split.
func jsonPos(file string, line, col int) ir.Pos {
	if line <= 0 {
		return ir.Pos{}
	}
	return ir.Pos{File: file, Line: line, Col: col}
}
