package explore

import (
	"fmt"
	"math/big"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// The kernel's calling protocol, as far as the explorer may claim an
// interleaving: each of the pair's threads starts only when the kernel
// could call its entry point, and runs after what must precede it.
//
//   - Publication: an entry point runs only while it is callable: after a
//     publication that may name it (misc_register, mod_timer, queue_work,
//     request_irq, ...) and not after a withdrawal that waits for it
//     (del_timer_sync, free_irq, ...). Each thread has a callable cell
//     (0 never published, 1 published, 2 withdrawn) that the setup's and
//     both threads' calls set. A thread is gated (starts only when its
//     cell is 1) when whoop sees every call that may publish it: each
//     lies in code only the setup or the pair's lifecycle threads (init,
//     probe, exit, remove: they run once) reach; or when
//     the other thread is module init or a probe (the publication
//     assumption, as the lockset check has it: init holds a class
//     unpublished until it registers it). A timer, work
//     item or tasklet no call arms never runs. Otherwise (another entry
//     point, or code no entry point reaches, may publish it first) the
//     thread may start at any time, until a withdrawal.
//   - Openers: a file operation runs on a file whose open succeeded
//     (do_dentry_open calls ->open before the file is in any file table;
//     fs/open.c), so its thread first runs the same file_operations' open
//     on its file, which must return 0; a remove runs on a device whose
//     probe succeeded (really_probe, drivers/base/dd.c), so a remove whose
//     probe is not in the setup (the pair's other thread is the probe)
//     first runs it. The opener runs quietly: no context switch and no
//     race check inside it, so a race it shows is never reported under
//     the entry point after it. When both threads open with the same
//     opener, the second to start does not open the object again if the
//     first opened it (two reads of one file follow one open). The thread
//     may switch after its opener (another syscall may come between open
//     and the operation).
//   - One-shot releases: a device's release callback (device.release,
//     called from device_release when the last reference goes) runs once
//     per object, so two threads of it release two objects.
//
// Options.NoPublication drops all of it, as it drops the lockset check's
// publication assumption.

// threadPlan is what thread t's starter does before the entry point.
type threadPlan struct {
	// gated: the thread starts only when its callable cell is 1.
	gated bool
	// startYield: the thread may begin a round late.
	startYield bool
	// opener runs first, quietly, and must return 0; nil when none.
	opener *ir.EntryPoint
	// objArg is the entry point's parameter naming the object the opener
	// opens (the struct file, the device); args maps each opener
	// parameter to the entry point's parameter passed for it, or -1 for
	// an arbitrary value read from the thread's oracle.
	objArg int
	args   []int
	// shared: the other thread opens with the same opener, so this
	// thread's object may be open already (the other's opened cell).
	shared bool
}

// oneShot lists the release callbacks the kernel runs at most once per
// object: struct device's release from device_release
// (drivers/base/core.c) when the last reference to the device goes, and
// the class's and device type's releases it calls instead.
var oneShot = map[[2]string]bool{
	{"device", "release"}: true, {"device_type", "release"}: true, {"class", "dev_release"}: true,
}

// callableCell is the flag-table address of thread t's callable cell;
// openedCell that of the object thread t's opener opened.
func callableCell(t int) int64 { return -(1 << 22) - 8*int64(t) }
func openedCell(t int) int64   { return -(1 << 23) - 8*int64(t) }

// Values of a callable cell.
const (
	cellUnpublished = 0
	cellPublished   = 1
	cellWithdrawn   = 2
)

// mayPublish reports whether call (nil for an indirect call) of external
// f may make entry point ep callable: f publishes ep's class and, for a
// class of objects (timers, work items, interrupt lines), does not surely
// name another object than ep's.
func mayPublish(facts models.Facts, call *ir.Call, f *ir.Function, ep *ir.EntryPoint) bool {
	class, unreg, ok := models.CallEffectIn(f.Name, facts)
	if !ok || unreg || class != models.EntryClassIn(ep, facts) || reservesOnly[f.Name] {
		return false
	}
	if !models.ObjectClass(class) {
		return true
	}
	co := facts.Objects[call]
	sites := facts.ObjectsOf[ep]
	if call == nil || co.Object == "" || len(sites) == 0 {
		return true
	}
	for _, s := range sites {
		if s.Object == "" || sameObject(s.Object, co.Object) {
			return true
		}
	}
	return false
}

// reservesOnly are the calls the models take for a publication, which is
// sound for the lockset check (it reports more), but which make no entry
// point callable: register_blkdev reserves a major number, and an open of
// it finds no disk (get_gendisk, block/genhd.c) until add_disk adds one
// or a region blk_register_region registers makes one. The explorer,
// which claims executions, waits for those (swim: floppy_release ran
// after register_blkdev, beside swim_probe's writes before add_disk and
// its kfree on an error path no disk was added on).
var reservesOnly = map[string]bool{"register_blkdev": true, "__register_blkdev": true}

// withdraws reports whether a waiting withdrawal (call of external f) may
// stop entry point ep: of ep's class, and not surely of another object
// (mayWithdraw). Taking it for one only leaves executions out.
func withdraws(facts models.Facts, call *ir.Call, f *ir.Function, ep *ir.EntryPoint) bool {
	class, unreg, ok := models.CallEffectIn(f.Name, facts)
	return ok && unreg && class == models.EntryClassIn(ep, facts) && mayWithdraw(facts, call, ep)
}

// reachers maps each function of prog to the entry points whose code
// reaches it (directly or through calls).
func reachers(prog *ir.Program) map[*ir.Function][]*ir.EntryPoint {
	out := make(map[*ir.Function][]*ir.EntryPoint)
	for _, ep := range prog.EntryPoints {
		for _, f := range reachable(ep.Func) {
			out[f] = append(out[f], ep)
		}
	}
	return out
}

// gated reports whether entry point ep (the pair's thread, other the other
// thread's entry point) starts only once published: some call of the
// program may publish it, or other is module init or a probe (the
// publication assumption). A class of objects none of whose calls may
// publish ep is never armed: gated too, so ep never runs. The strict
// check (strictproto.go, published) accepts an entry point of a class
// some call publishes only after a publication in the trace; a thread
// that started without one (a timer an earlier open armed, before the
// pair) made a trace it rejects, and the rejection excluded the race's
// check site from the pair's later queries (private_net.c's interrupt
// started before its transmit thread's ndo_open requested it): such a
// thread waits for a publication in the pair (by the setup, the other
// thread or its opener), as the strict check wants. An earlier call of a
// publisher outside the pair is not run (docs/explorer-swim.md).
func gated(prog *ir.Program, facts models.Facts, ep, other *ir.EntryPoint) bool {
	class := models.EntryClassIn(ep, facts)
	if class == models.ClassAlways || class == models.ClassModule {
		return false
	}
	if other.Role == ir.RoleInit {
		// The publication assumption, as the lockset check has it: init
		// (or a probe) holds ep's class unpublished until it registers
		// it, and for good when it does not.
		return true
	}
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				call, ok := st.(*ir.Call)
				if !ok {
					continue
				}
				for _, callee := range call.Callees() {
					if callee.External() && mayPublish(facts, call, callee, ep) {
						return true
					}
				}
			}
		}
	}
	return models.ObjectClass(class) && class != models.ClassIRQ && class != models.ClassNAPI
}

func reaches(eps []*ir.EntryPoint, ep *ir.EntryPoint) bool {
	for _, e := range eps {
		if e == ep {
			return true
		}
	}
	return false
}

// openerOf returns the entry point that must have succeeded on ep's
// object before ep runs and is not run by the setup: a file operation's
// open; a remove's probe when it is not in the setup; a net_device's
// ndo_open before its ndo_start_xmit or ndo_tx_timeout. ok is false when
// there is none.
func openerOf(prog *ir.Program, ep *ir.EntryPoint, setup []*ir.EntryPoint) (*ir.EntryPoint, bool) {
	field := ""
	switch {
	case ep.Struct == "file_operations" && ep.Field != "open":
		field = "open"
	case ep.Role == ir.RoleExit && !models.IsModuleLevel(ep) && ep.Var != "":
		field = "probe"
	case txField(ep):
		// The core transmits only on a device whose ndo_open returned 0
		// (strictnet.go): a transmit's thread opens the device first.
		field = "ndo_open"
	default:
		return nil, false
	}
	for _, e := range prog.EntryPoints {
		if e.Struct == ep.Struct && e.Var == ep.Var && e.Field == field && e.Var != "" {
			if reaches(setup, e) {
				return nil, false
			}
			return e, true
		}
	}
	return nil, false
}

// plan makes thread t's plan for entry point ep (other: the other
// thread's); distinct receives the protocol's pairs of parameters that
// name different objects, as thread t's index and the other's.
func (s *seq) plan(t int, ep, other *ir.EntryPoint) (threadPlan, [][2]int) {
	sh := s.sh
	var pl threadPlan
	var distinct [][2]int
	if sh.noWaits { // Options.NoPublication
		pl.startYield = t == 1 || s.tracked[t]
		return pl, nil
	}
	pl.gated = gated(s.src, sh.facts, ep, other)
	// A thread that first takes its caller's locks (revalidate.go) may
	// wait for them: it may begin a round late.
	_, locked := sh.bodies[ep]
	pl.startYield = t == 1 || pl.gated || s.tracked[t] || locked || withdrawnBy(other, ep, sh.facts)
	if op, ok := openerOf(s.src, ep, sh.setup); ok {
		pl.opener, pl.objArg = op, -1
		pl.args = make([]int, len(op.Func.Params))
		for j, p := range op.Func.Params {
			pl.args[j] = -1
			for i, q := range ep.Func.Params {
				if p.CType != nil && q.CType != nil && isPointer(p.CType) && p.CType.String() == q.CType.String() {
					pl.args[j] = i
					break
				}
			}
		}
		objOf := func(e *ir.EntryPoint) int {
			if r, ok := models.Row(e); ok && r.Object >= 0 && r.Object < len(e.Func.Params) {
				return r.Object
			}
			return 0
		}
		if j := objOf(op); j < len(pl.args) {
			pl.objArg = pl.args[j]
		}
		if pl.objArg < 0 {
			return threadPlan{gated: pl.gated, startYield: pl.startYield}, nil
		}
		if other == op {
			// The object being opened (probed) by the other thread is
			// not yet one another operation can run on.
			distinct = append(distinct, [2]int{pl.objArg, objOf(op)})
		}
	}
	if ep == other && oneShot[[2]string{ep.Struct, ep.Field}] && len(ep.Func.Params) > 0 {
		distinct = append(distinct, [2]int{0, 0})
	}
	return pl, distinct
}

// withdrawnBy reports whether code other reaches may withdraw ep with a
// waiting call (exit's free_irq of the line ep handles).
func withdrawnBy(other, ep *ir.EntryPoint, facts models.Facts) bool {
	return reachesKernelCall(other.Func, func(call *ir.Call, callee *ir.Function) bool {
		return withdraws(facts, call, callee, ep)
	})
}

// reachesKernelCall reports whether code reached from root makes a call of
// an external function for which match holds.
func reachesKernelCall(root *ir.Function, match func(call *ir.Call, callee *ir.Function) bool) bool {
	for _, f := range reachable(root) {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if call, ok := st.(*ir.Call); ok {
					for _, callee := range call.Callees() {
						if callee.External() && match(call, callee) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// callableChanges returns the pair's threads whose callable cell a call of
// external f sets to to: cellPublished for a publication that may name
// the thread's entry point, cellWithdrawn for a waiting withdrawal that
// may stop it.
func (s *seq) callableChanges(call *ir.Call, f *ir.Function, to int64) []int {
	var out []int
	for u, ep := range [...]*ir.EntryPoint{1: s.sh.first, 2: s.sh.second} {
		if ep == nil {
			continue
		}
		if to == cellPublished && mayPublish(s.sh.facts, call, f, ep) || to == cellWithdrawn && withdraws(s.sh.facts, call, f, ep) {
			out = append(out, u)
		}
	}
	return out
}

// publishedBy reports whether code first reaches may publish ep.
func publishedBy(first, ep *ir.EntryPoint, facts models.Facts) bool {
	return reachesKernelCall(first.Func, func(call *ir.Call, callee *ir.Function) bool {
		return mayPublish(facts, call, callee, ep)
	})
}

// callable mirrors cloner.callable: the cells of the threads whose entry
// point the call of f publishes or withdraws (to says which).
func (r *replayer) callable(call *ir.Call, f *ir.Function, to int64) {
	if r.s.sh.noWaits {
		return
	}
	for _, u := range r.s.callableChanges(call, f, to) {
		r.write(r.s.flags, big.NewInt(callableCell(u)), big.NewInt(to))
	}
}

// begin mirrors the starter as thread th first runs: its entry point must
// be callable; the opener, if any, runs first (unless the other thread
// opened the object), quietly, and must return 0; then the entry point.
func (r *replayer) begin(th *thread) error {
	pl := r.s.plans[th.id]
	if !r.s.sh.noWaits {
		cell := r.read(r.s.flags, big.NewInt(callableCell(th.id))).Int64()
		if pl.gated && cell != cellPublished || cell == cellWithdrawn {
			return fmt.Errorf("%s starts while the kernel cannot call it (callable cell %d)", th.ep.Name(), cell)
		}
	}
	n := len(th.ep.Func.Params)
	enter := func() { r.push(th, r.s.sh.body(th.ep), th.args[:min(n, len(th.args))], nil, 0) }
	if pl.opener == nil {
		enter()
		return nil
	}
	obj := th.args[pl.objArg]
	if pl.shared && obj.Sign() != 0 && r.read(r.s.flags, big.NewInt(openedCell(3-th.id))).Cmp(obj) == 0 {
		enter() // the other thread opened it
		return nil
	}
	args := make([]*big.Int, len(pl.args))
	for j, i := range pl.args {
		if i >= 0 {
			args[j] = th.args[i]
			continue
		}
		v, err := r.oracle(th.id)
		if err != nil {
			return err
		}
		args[j] = v
	}
	r.log.open(th.id, pl.opener, args)
	r.push(th, pl.opener.Func, args, nil, 0)
	a := th.stack[len(th.stack)-1]
	a.quiet = true
	a.onReturn = func(v *big.Int) error {
		if v != nil && pl.opener.Func.Ret != nil && v.Sign() != 0 {
			if r.drive != nil {
				r.drive.branch(v) // a status returned as it came (nonseekable_open's)
			}
			return fmt.Errorf("%s: %s returned %s: the kernel does not call %s", th.ep.Name(), pl.opener.Name(), v, th.ep.Name())
		}
		r.write(r.s.flags, big.NewInt(openedCell(th.id)), obj)
		enter()
		s := Step{Thread: th.id, EntryPoint: th.ep.Name(), Func: pl.opener.Name(), Pos: th.ep.Pos}
		if sw, err := r.yield(th, startYield, yieldPoint{}, nil, nil, nil, s); err != nil || sw {
			if err == nil {
				err = errSwitched
			}
			return err
		}
		return nil
	}
	return nil
}

// The setup (module init, probes) runs before the pair's threads, and its
// loops get a bound of their own, setupUnroll (pc8736x_gpio's init
// initialises four ports in a loop), in the encoding and in replays
// alike. A setup cut there did not run to its end: the explorer then
// takes the publications it may make as made (the threads could not start
// otherwise) and goes on from the memory it left. The kernel runs the
// entry points only after the whole setup returned, so a trace found that
// way starts from a state no execution has (sonypi: remove after a probe
// that never set its I/O port or registered its misc device): it is
// rejected (setupCutReason), never confirmed. A setup that stops
// otherwise (a noreturn call, an oops) is no execution.
const setupUnroll = 4

// setupCutReason is why a trace found after a setup cut at its loop bound
// is not a confirmation.
const setupCutReason = "the setup was cut at its loop bound, and the entry points ran from the state it left, which no complete setup leaves"

// unrollOf is the loop and recursion bound of thread t's code; quiet
// says the code is the thread's opener's. An opener gets the setup's
// bound too: the entry point runs only once its opener returned, and at
// --unroll 1 an opener with a loop never does (rtl8139_open sets up its
// four transmit descriptors in a loop, so no ndo_start_xmit would run).
func (s *seq) unrollOf(t int, quiet bool) int {
	if t == initThread || quiet {
		return max(s.sh.unroll, setupUnroll)
	}
	return s.sh.unroll
}

// setupPublished returns the pair's threads a setup entry point may
// publish: a setup cut at its bound counts as having published them.
func (s *seq) setupPublished() []int {
	var out []int
	for u, ep := range [...]*ir.EntryPoint{1: s.sh.first, 2: s.sh.second} {
		if ep == nil || s.sh.noWaits {
			continue
		}
		for _, st := range s.sh.setup {
			if publishedBy(st, ep, s.sh.facts) {
				out = append(out, u)
				break
			}
		}
	}
	return out
}

// setupCut mirrors cloner.end for a setup cut at its bound.
func (r *replayer) setupCut() {
	r.cutSetup = true
	for _, u := range r.s.setupPublished() {
		r.write(r.s.flags, big.NewInt(callableCell(u)), big.NewInt(cellPublished))
	}
}

// writeStep is what a write of mode m adds to its cell's version; an
// opener's write (quiet) adds nothing, so a race check of the other
// thread that sees only an opener's writes does not fail. That race
// (watchdog_dev.c: watchdog_open's write of open_deadline, run before
// watchdog_write, against watchdog_core_data_release) is the opener's,
// with its own pairs; reported under the entry point after it, it named
// an access of that entry point the interleaving never made. Every other
// write adds to the version, so the check compares versions only.
func writeStep(m ir.AccessMode, quiet bool) int64 {
	if quiet {
		return 0
	}
	return versionStep(m)
}

// openers reports whether a thread of the pair runs an opener: its checks
// then look at versions only (writeStep).
func (s *seq) openers() bool { return s.plans[1].opener != nil || s.plans[2].opener != nil }

// checkFails mirrors the race check of cloner.yield: after a plain access
// (plain) of value val at version ver, the cell now holds now at version
// nowVer; openers says the pair's versions leave out openers' writes.
func checkFails(plain, openers bool, now, val, nowVer, ver *big.Int) bool {
	d := new(big.Int).Sub(nowVer, ver)
	if !plain {
		return d.Rem(d, big.NewInt(markedWrite)).Sign() != 0
	}
	return d.Sign() != 0 || !openers && now.Cmp(val) != 0
}
