package report

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// Hand-built results for the race writers. They resemble what the pipeline
// produces for drivers/char/generic_nvram.c and a small synthetic driver; the
// verdicts are fixture data, not claims about the drivers.

// raceFixEP makes an entry point registered at file:line:col.
func raceFixEP(name string, role ir.Role, structName, varName, field string, pos ir.Pos) *ir.EntryPoint {
	return &ir.EntryPoint{Func: &ir.Function{Name: name}, Role: role, Struct: structName, Var: varName, Field: field, Pos: pos}
}

// raceFixAccess makes an access whose column is where lvalue (or, if given,
// at) starts in src.
func raceFixAccess(ep, fn string, kind lockset.AccessKind, mode ir.AccessMode, file string, line int, src, lvalue, at string, locks ...string) lockset.Access {
	if at == "" {
		at = lvalue
	}
	col := strings.Index(src, at) + 1
	if col == 0 {
		panic("fixture: " + at + " not in " + src)
	}
	return lockset.Access{
		EntryPoint: ep, Func: fn, Kind: kind, Mode: mode, LValue: lvalue,
		Pos: ir.Pos{File: file, Line: line, Col: col}, Source: src, Locks: locks,
	}
}

// raceFixPairs builds PairResults over eps in (i <= j) order; verdict looks
// up each pair by "first/second".
func raceFixPairs(eps []*ir.EntryPoint, verdict func(a, b string) lockset.PairResult) []lockset.PairResult {
	var out []lockset.PairResult
	for i := range eps {
		for j := i; j < len(eps); j++ {
			pr := verdict(eps[i].Name(), eps[j].Name())
			pr.Pair.First, pr.Pair.Second = eps[i], eps[j]
			out = append(out, pr)
		}
	}
	return out
}

func raceFixNvram() *lockset.FileResult {
	const path = "driver.c"
	at := func(line, col int) ir.Pos { return ir.Pos{File: path, Line: line, Col: col} }
	eps := []*ir.EntryPoint{
		raceFixEP("nvram_llseek", ir.RoleEntry, "file_operations", "nvram_fops", "llseek", at(138, 2)),
		raceFixEP("read_nvram", ir.RoleEntry, "file_operations", "nvram_fops", "read", at(139, 2)),
		raceFixEP("write_nvram", ir.RoleEntry, "file_operations", "nvram_fops", "write", at(140, 2)),
		raceFixEP("nvram_unlocked_ioctl", ir.RoleEntry, "file_operations", "nvram_fops", "unlocked_ioctl", at(141, 2)),
		raceFixEP("nvram_init", ir.RoleInit, "module_init", "", "", at(173, 1)),
		raceFixEP("nvram_cleanup", ir.RoleExit, "module_exit", "", "", at(174, 1)),
	}
	fpos := "struct file.f_pos"
	llWrite := raceFixAccess("nvram_llseek", "nvram_llseek", lockset.Write, ir.Plain, path, 52, "\tfile->f_pos = offset;", "file->f_pos", "")
	llRet := raceFixAccess("nvram_llseek", "nvram_llseek", lockset.Read, ir.Plain, path, 54, "\treturn file->f_pos;", "file->f_pos", "")
	llAdd := raceFixAccess("nvram_llseek", "nvram_llseek", lockset.Read, ir.Plain, path, 41, "\t\toffset += file->f_pos;", "file->f_pos", "")
	lenRead := raceFixAccess("read_nvram", "read_nvram", lockset.Read, ir.Plain, path, 65, "\tif (*ppos >= nvram_len)", "nvram_len", "")
	lenWrite := raceFixAccess("nvram_init", "nvram_init", lockset.Write, ir.Plain, path, 160, "\tnvram_len = nvram_get_size();", "nvram_len", "")

	exitReason := "module_exit runs after every other entry point has returned"
	pairs := raceFixPairs(eps, func(a, b string) lockset.PairResult {
		switch {
		case a == "nvram_llseek" && b == "nvram_llseek":
			// Deliberately not in output order: the writers sort.
			return lockset.PairResult{Verdict: lockset.Racy, Pair: lockset.Pair{Concurrent: true}, Races: []lockset.Race{
				{Region: fpos, Accesses: [2]lockset.Access{llWrite, llRet}},
				{Region: fpos, Accesses: [2]lockset.Access{llWrite, llAdd}},
			}}
		case a == "read_nvram" && b == "nvram_init":
			return lockset.PairResult{Verdict: lockset.Racy, Pair: lockset.Pair{Concurrent: true}, Races: []lockset.Race{
				{Region: "global nvram_len", Accesses: [2]lockset.Access{lenRead, lenWrite}},
			}}
		case a == "write_nvram" && b == "nvram_unlocked_ioctl":
			return lockset.PairResult{Verdict: lockset.Inconclusive, Pair: lockset.Pair{Concurrent: true}, Note: "timeout after 10s"}
		case a == "nvram_init" && b == "nvram_init":
			return lockset.PairResult{Verdict: lockset.NotChecked, Pair: lockset.Pair{Reason: "module_init runs once"}}
		case a == "nvram_init" && b == "nvram_cleanup":
			return lockset.PairResult{Verdict: lockset.NotChecked, Pair: lockset.Pair{Reason: "module_init and module_exit never overlap"}}
		case b == "nvram_cleanup":
			return lockset.PairResult{Verdict: lockset.NotChecked, Pair: lockset.Pair{Reason: exitReason}}
		}
		return lockset.PairResult{Verdict: lockset.RaceFree, Pair: lockset.Pair{Concurrent: true}}
	})
	return &lockset.FileResult{
		Path:        path,
		EntryPoints: eps,
		Pairs:       pairs,
		Warnings: []ir.Diagnostic{
			{Pos: at(116, 3), Msg: "nvram_sync has no model; assumed to touch no driver memory"},
		},
	}
}

// raceFixDemo is a synthetic driver in a subdirectory: callee accesses,
// locks, atomic and marked modes, brackets in an lvalue, non-ASCII source.
func raceFixDemo() *lockset.FileResult {
	const path = "drivers/demo/demo.c"
	at := func(line, col int) ir.Pos { return ir.Pos{File: path, Line: line, Col: col} }
	eps := []*ir.EntryPoint{
		raceFixEP("demo_open", ir.RoleEntry, "file_operations", "demo_fops", "open", at(90, 2)),
		raceFixEP("demo_irq", ir.RoleIRQ, "request_irq", "", "", at(101, 8)),
		raceFixEP("demo_ioctl", ir.RoleEntry, "demo_ops", "demo_ops", "ioctl", at(95, 2)),
	}
	eps[2].Guessed = true
	countWrite := raceFixAccess("demo_open", "demo_reset", lockset.Write, ir.Plain, path, 40, "\t\tdev->count = 0;", "dev->count", "", "global demo_lock")
	countRead := raceFixAccess("demo_irq", "demo_irq", lockset.Read, ir.Marked, path, 60, "\tn = READ_ONCE(dev->count); /* naïve */", "dev->count", "READ_ONCE")
	bufWrite := raceFixAccess("demo_irq", "demo_irq", lockset.Write, ir.Plain, path, 62, "\tdev->buf[dev->head] = b;  ", "dev->buf[dev->head]", "", "struct demo_dev.lock")
	bufRead := raceFixAccess("demo_ioctl", "demo_copy", lockset.Read, ir.Plain, path, 80, "        if (copy_to_user(ubuf, dev->buf, n))", "dev->buf", "", "global demo_lock", "struct demo_dev.lock")
	flagsSet := raceFixAccess("demo_irq", "demo_irq", lockset.Write, ir.Atomic, path, 63, "\tset_bit(DEMO_FULL, &dev->flags);", "dev->flags", "set_bit")
	flagsRead := raceFixAccess("demo_ioctl", "demo_ioctl", lockset.Read, ir.Plain, path, 70, "\tif (dev->flags & 1)", "dev->flags", "")

	pairs := raceFixPairs(eps, func(a, b string) lockset.PairResult {
		switch a + "/" + b {
		case "demo_open/demo_irq":
			return lockset.PairResult{Verdict: lockset.Racy, Pair: lockset.Pair{Concurrent: true}, Races: []lockset.Race{
				{Region: "struct demo_dev.count", Accesses: [2]lockset.Access{countWrite, countRead}},
			}}
		case "demo_open/demo_ioctl":
			return lockset.PairResult{Verdict: lockset.NotChecked, Pair: lockset.Pair{Reason: "demo_ioctl needs an open file"}}
		case "demo_irq/demo_irq":
			return lockset.PairResult{Verdict: lockset.NotChecked, Pair: lockset.Pair{Reason: "an interrupt handler does not run concurrently with itself"}}
		case "demo_irq/demo_ioctl":
			return lockset.PairResult{Verdict: lockset.Racy, Pair: lockset.Pair{Concurrent: true}, Races: []lockset.Race{
				{Region: "struct demo_dev.flags", Why: "type rule: every struct demo_dev the kernel can hand to the driver is one object; shared bit-field word: flags and mode are stored in one unit; writing one rewrites the others",
					Accesses: [2]lockset.Access{flagsSet, flagsRead}},
				{Region: "struct demo_dev.buf", Accesses: [2]lockset.Access{bufWrite, bufRead}},
			}}
		case "demo_ioctl/demo_ioctl":
			return lockset.PairResult{Verdict: lockset.Inconclusive, Pair: lockset.Pair{Concurrent: true}}
		}
		return lockset.PairResult{Verdict: lockset.RaceFree, Pair: lockset.Pair{Concurrent: true}}
	})
	return &lockset.FileResult{
		Path:        path,
		EntryPoints: eps,
		Pairs:       pairs,
		Warnings:    []ir.Diagnostic{{Msg: "unknown ops struct demo_ops: role of demo_ioctl guessed from its field name"}},
	}
}

// raceFixClean has pairs but no race.
func raceFixClean() *lockset.FileResult {
	const path = "clean.c"
	eps := []*ir.EntryPoint{
		raceFixEP("clean_open", ir.RoleEntry, "file_operations", "clean_fops", "open", ir.Pos{File: path, Line: 30, Col: 2}),
		raceFixEP("clean_release", ir.RoleEntry, "file_operations", "clean_fops", "release", ir.Pos{File: path, Line: 31, Col: 2}),
	}
	pairs := raceFixPairs(eps, func(a, b string) lockset.PairResult {
		if a == "clean_release" && b == "clean_release" {
			return lockset.PairResult{Verdict: lockset.NotChecked, Pair: lockset.Pair{Reason: "release runs once per open file"}}
		}
		return lockset.PairResult{Verdict: lockset.RaceFree, Pair: lockset.Pair{Concurrent: true}}
	})
	return &lockset.FileResult{Path: path, EntryPoints: eps, Pairs: pairs}
}

// raceFixEmpty has no entry point at all.
func raceFixEmpty() *lockset.FileResult { return &lockset.FileResult{Path: "empty.c"} }
