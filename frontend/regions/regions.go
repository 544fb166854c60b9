package regions

import (
	"fmt"

	"github.com/whoopverify/whoop/ir"
)

// Options tune the analysis. The zero value is the default: every
// documented assumption on. Each No* field turns one assumption off (see
// the package documentation for what each one can hide).
type Options struct {
	// ParamAliasing: when false (default), parameters of one entry point
	// are assumed not to point into the same object. Regions do not depend
	// on it (they are sound for aliasing parameters); the lockset reads it.
	ParamAliasing bool

	// NoFreshParams makes entry-point parameters the entry-point tables
	// call fresh (ir.ParamFresh) shared like any other kernel pointer, so
	// their pointees are no longer thread-local (assumption A1).
	NoFreshParams bool
	// NoTypeAssumption stops trusting that the kernel respects C types:
	// all kernel-reachable memory becomes one collapsed region (A2).
	NoTypeAssumption bool
	// NoFieldAssumption assumes the kernel may hand back scalar pointers
	// into the middle of struct objects, merging such memory with the
	// external memory of the scalar type (collapsing those structs) (A3).
	NoFieldAssumption bool
	// NoBoundsAssumption makes a helper that touches (or copies) an
	// unknown number of bytes touch (or copy) its whole abstract object,
	// not just the array or object it starts in (A4).
	NoBoundsAssumption bool
	// NoLinkageAssumption makes globals with external linkage visible to
	// the kernel, as if other translation units took their address (A5).
	NoLinkageAssumption bool
	// NoRetainedLocals assumes an unknown kernel function may keep a
	// pointer to a caller's stack local it receives and hand it to another
	// thread: such locals become kernel-visible, shared (A6).
	NoRetainedLocals bool
	// NoUnpublishedLocals stops marking the accesses to a stack local made
	// before the function first uses the local's address private
	// (ir.Access.Private, private.go): they race as the local's region
	// says (A7).
	NoUnpublishedLocals bool
	// NoUnpublishedAllocations stops marking the accesses through a fresh
	// allocation's pointer made before the pointer first escapes private
	// (fresh.go): they race as the object's region says (A9).
	NoUnpublishedAllocations bool
	// NoFailedRegistration keeps a fresh allocation escaped on the path
	// where the registration it went to failed (failed.go).
	NoFailedRegistration bool
	// NoLentLinks makes every pointer stored in a lent stack local
	// kernel-visible, the driver's pointers to its own stack objects
	// included (A8, lend.go).
	NoLentLinks bool
	// NoCurrentPerThread makes the task get_current returns kernel memory
	// of its type like any other result (the canonical struct
	// task_struct), not the calling thread's own object (current.go).
	NoCurrentPerThread bool
	// NoTypedPointerMemory makes kernel memory holding pointers to struct
	// S one node with every other kernel pointer memory ("external
	// pointer"), so the objects they point to are merged (A11).
	NoTypedPointerMemory bool
	// NoKernelIntegers makes a load of an integer global the kernel
	// defines carry what any kernel integer may point to, as other
	// loads do (A12, kernelints.go).
	NoKernelIntegers bool
	// NoTypedSlots makes a struct pointer stored into a kernel slot
	// escape untyped, every struct starting where it points joining its
	// canonical node (A13, slots.go).
	NoTypedSlots bool
	// NoFreshLocalTypes makes every kernel-visible object of a struct
	// type the driver declares the canonical one, allocations included
	// (A14, localtypes.go).
	NoFreshLocalTypes bool
}

// Analyze computes the memory regions of prog: it sets prog.Regions, the
// Region of every Load, Store and Touch (splitting a Touch that spans
// several regions into one per region), the Targets of indirect calls and
// the ArgTargets of calls to external functions.
func Analyze(prog *ir.Program, opts Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("regions %s: internal error: %v", prog.Path, r)
		}
	}()
	g := newGraph(prog, opts)
	g.build()
	if err := g.solve(); err != nil {
		return fmt.Errorf("regions %s: %w", prog.Path, err)
	}
	split := g.splitEntries()
	consts, members := g.splitMembers(split)
	if split != nil || members {
		// The driver's calls of entry points, and of helpers with
		// different members, now go to copies (split.go, members.go):
		// solve again.
		g = newGraph(prog, opts)
		g.split = split
		g.constParams = consts
		g.build()
		if err := g.solve(); err != nil {
			return fmt.Errorf("regions %s: %w", prog.Path, err)
		}
	}
	if err := g.assign(); err != nil {
		return fmt.Errorf("regions %s: %w", prog.Path, err)
	}
	markPrivate(prog, opts)
	markFresh(prog, opts)
	return nil
}
