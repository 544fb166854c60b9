package regions

import "github.com/whoopverify/whoop/ir"

// The running task (assumption current-per-thread, Options.NoCurrentPerThread).
//
// get_current() (the current macro) returns the task_struct of the thread
// that calls it: x86's reads the CPU's pcpu_hot.current_task, which
// __switch_to (arch/x86/kernel/process_64.c) sets to the task it switches
// to. Two entry points running at once run on two tasks, so the accesses
// through current of two threads are to two objects, as those of a stack
// local are: set_current_state() in one read() does not race with another
// read()'s. Every result of get_current is one node, private by flow like
// a fresh allocation: stored where another thread can read it (a global,
// the driver's kernel-visible structs, an unknown kernel function) it is
// shared again, and once kernel-visible it is the canonical task_struct.
// What the task points to (its mm, its signal struct, shared by the
// threads of a process) is the kernel's (oKernelContents).
//
// The kernel may also hand the driver a pointer to a task (kthread_run's
// result, a task in a kernel struct): that may be the task another thread
// runs as, so once the program receives any struct task_struct from the
// kernel (the canonical node exists), current joins it (resolveCurrent).
// Without the type assumption nothing tells the kernel's task pointers
// apart, and current is kernel memory.
//
// What the assumption can hide: an interrupt handler's current is the task
// it interrupted, which may be in the middle of another entry point; the
// accesses through current in hard or soft interrupt context are taken to
// be the handler's own, which holds for the kernel's rule that interrupt
// code does not use current (it names no process of its own).

// currentLabel names the node (regions "current task.__state").
const currentLabel = "current task"

// currentTask returns the node of the task get_current (external f)
// returns, made on first use.
func (g *graph) currentTask(f *ir.Function) ptr {
	if g.current == nil {
		n := g.newNode()
		n.r.flags = oCurrent | oKernelContents
		var t ir.Type
		if f.Sig != nil {
			t = pointee(f.Sig.Result)
		}
		n.r.labels = append(n.r.labels, label{text: currentLabel, t: t})
		if t != nil {
			g.addFact(ptr{n: n}, t)
			g.taskType = isStruct(t)
		}
		g.current = n
	}
	return ptr{n: g.current}
}

// resolveCurrent makes the current task kernel memory (the canonical
// task_struct) once the kernel hands the program any task_struct.
func (g *graph) resolveCurrent() {
	if g.current == nil {
		return
	}
	p := ptr{n: g.current}
	if r, _ := p.resolve(); r.r.flags&oKernel != 0 {
		return
	}
	if g.taskType == nil {
		g.escape(p, nil)
		return
	}
	if _, ok := g.canon[structKey(g.taskType)]; ok {
		g.escape(p, g.taskType)
	}
}

// heldInSlot reports whether escape e is the current task stored into a
// kernel slot (slots.go) of an object the kernel cannot see yet: a wait
// entry on the stack whose private is current (DECLARE_WAITQUEUE) hands
// the task to no one but the waker's kernel code (default_wake_function),
// and the driver's own reads of the slot give the kernel's task_struct,
// which current then joins (resolveCurrent). Once the object is
// kernel-visible, the store publishes the task.
func (g *graph) heldInSlot(e escape) bool {
	if e.slot == nil || g.current == nil {
		return false
	}
	r, _ := e.p.resolve()
	if cr, _ := find(g.current); cr != r || r.r.flags&oKernel != 0 {
		return false
	}
	cell, _ := e.slot.resolve()
	return cell.r.flags&oKernel == 0
}
