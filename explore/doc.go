// Package explore is whoop's bounded interleaving explorer: it confirms the
// lockset check's potential races with a concrete two-thread interleaving,
// guided by the reduced yield set of package yieldinst.
//
// # Method
//
// For a pair of entry points the explorer builds a sequential ir program
// (seq.go) and asks the existing vc encoder and Z3 for an execution in
// which a race check fails. The encoding is the eager Lal–Reps
// sequentialisation with round-robin rounds: every shared region (and the
// lock and flag tables, and the write-version counters of the checked regions) has
// one memory copy per round; thread 1 runs all its rounds first, each round
// starting from a guessed memory; thread 2 then continues each round from
// the memory thread 1 left in it; at the end, the memory each round ends
// with must equal the guess the next round started from. A schedule is a
// sequence of segments, each a run of one thread from a yield (or its
// start) to the next switch; its context switches are the segments less
// one (the switch when a thread returns counts too). Thread 1 may leave
// round 0 empty, so R rounds hold every schedule of up to 2R-2 switches
// that starts with either thread, and those of 2R-1 that start with
// thread 1. --csb K uses R = ceil(K/2)+1, so every interleaving of at most
// K switches is explored, starting with either thread (and some with
// more). We chose eager rounds over lazy sequentialisation because
// vc already encodes a whole procedure with inlined callees in one formula:
// the guesses are just unconstrained arrays and one Equate per round, and
// no statement is re-executed, so the formula stays linear in the program
// (times the rounds at each shared access) while lazy schemes re-run each
// thread from its start at every round.
//
// A context switch can happen only at a yield: after each shared access
// and before each lock operation the yield set names (Yield-MR by
// default: accesses only to the regions the lockset check reported racy in
// the pair), after a publication (misc_register, ...) and before a
// withdrawal. After an access yield that switched, the race check reads
// the cell again when the thread resumes: if its value or its write count
// changed, the other thread wrote it in between, unsynchronised (a held
// lock would have blocked the writer), and the race is confirmed.
//
// Module init and probes run first, alone, to completion (they must return
// 0, and a setup cut at a loop bound is no execution: its loops get a
// bound of their own, setupUnroll). A pair that includes init or a probe
// runs it as thread 1. Each thread then follows the kernel's calling
// protocol (protocol.go): it starts only while its entry point is
// callable, after a publication that may name it (misc_register,
// mod_timer, queue_work, request_irq, ...) made in the pair (by the
// setup, the other thread or an opener) when some call of the program may
// publish it, as the strict check wants, and never after a withdrawal
// that waits for it; a
// timer, work item or tasklet nothing arms never runs; a file operation
// runs after its file's open succeeded, a remove after its probe, and a
// net_device's ndo_start_xmit or ndo_tx_timeout after its ndo_open
// returned 0 (strictnet.go); a device's release runs once per device; a
// block driver's ->revalidate_disk, when no disk of the driver can have
// its partitions scanned (alloc_disk(1), no GENHD_FL_EXT_DEVT), runs
// only inside the driver's check_disk_change calls, so its thread holds
// the global locks held at all of them (revalidate.go). A withdrawal that waits for
// running callbacks (cancel_work_sync, del_timer_sync, free_irq, ...:
// models.CallEffect) waits in the explorer too: each thread has a running
// flag, set while it is inside its entry point (in a flag table apart
// from the lock table, where a lock at an address the solver chose could
// alias it), and a thread passes such a withdrawal only when the other
// thread, if it runs an entry point the call withdraws, is not inside it
// (the publication assumption of the lockset check).
// Options.NoPublication drops that assumption as the lockset check's does:
// the threads start at any round, and withdrawals do not wait.
//
// # Bounds and semantics
//
// Each activation follows at most --unroll retreating edges (an opener's,
// and the setup's, setupUnroll) and recursion goes --unroll deep (calls within one cycle of the call graph count, not
// the call that enters the cycle); past the bound the thread stops
// (Return.Halt), and
// what it did so far still counts: a stopped thread is a prefix of a real
// execution. Memory starts with every global and string object's cells at
// zero and then its static initialiser (initialCells; cells of objects
// beyond maxZeroCells per access size start arbitrary); everything else
// (objects the kernel passes in, what external functions return) is
// arbitrary, as in the lockset check's environment, but for their links
// to the setup's objects: a pointer field that only the setup's code
// stores and a regular entry point reads (gendisk.private_data, which
// swim_probe sets before add_disk) reads the last pointer the setup
// stored there (NULL where it stored none), in the search, the concrete
// runs and the strict check
// (strictkobj.go), since the kernel hands in only objects the setup
// registered. Fresh-per-call
// arguments, frame objects and allocations get fresh addresses; an
// allocation may fail and return NULL. Executions that access memory
// below address 4096 (NULL plus a field offset, an ERR_PTR value) are not
// sought: the kernel oopses there, and two threads whose kzalloc both
// failed would otherwise meet on the cells of the NULL page and confirm a
// race no execution has. Valid addresses are the solver's choice, so this
// loses only executions that really dereference such a pointer, and those
// through a helper that accepts NULL (kfree(NULL) on an error path); a
// concrete run that gets there stops the thread. Locks are
// cells of a lock table keyed by the lock's address: an acquire waits
// until the lock is free, a trylock or interruptible acquire may fail, a
// reader-writer lock counts readers. A semaphore the lockset check does
// not take for a lock (one not initialised to 1: lockset.SemaphoreNonLocks)
// has a count the explorer does not model: no thread gets past its down,
// whose "free" could be a count no execution reaches (a semaphore nothing
// ups), and its up does nothing. Every nondeterministic value (a
// havoc, an external function's result, a switch decision, a helper's
// written bytes) is read from the thread's oracle array, so the model
// determines the execution completely.
//
// # C semantics
//
// The explorer runs the file lowered with C's integer semantics
// (Options.Exact, frontend Config.ExactInts: overflow and narrowing wrap,
// operands are converted to their common type), whatever the race check
// assumes. Where a value enters a thread it has its C type: an argument
// and a value loaded from memory are assumed in their type's range, and
// what the environment gives (an external function's result, a havoc, a
// helper's written bytes) is converted to its type; a hardware read
// returns a value of its width (ioread8 an unsigned int below 256:
// models.ReadBits). vc makes a wrap exact only where a model needs it
// (vc.Options.Refine). The kernel's atomic and bit operations run with
// their values (models.Atomic, atomics.go): test_and_set_bit,
// atomic_inc_return, atomic_cmpxchg, refcount_dec_and_test, ... read and
// write their cell in one step, at the helper's access to it, and return
// what the operation computed, so kref_put releases only at zero. Memory a
// zeroing allocator (kzalloc) returns reads 0 until written, in the search
// too: such objects lie in an address space of their own whose memory
// starts all zero (seq.zinit, zeroedLoad); a model the concrete runs
// replayed is still tried with zeros first (zeroReplay).
//
// # No false confirmation
//
// Every trace the solver returns is replayed (replay.go) by a concrete
// interpreter over the original program: the setup, then the two threads
// interleaved as the oracle's switch decisions say, over one memory, with
// the models' lock and helper semantics. Only a replay that reaches a
// failing race check confirms a race; its events are the interleaving the
// report shows. vc abstracts some arithmetic (division and remainder by a
// variable, shifts by a variable, &, |, ^ of two variables) as
// uninterpreted functions; a model whose trace does not replay is refined
// (vc.Options.Refine: lemmas from exact arithmetic at the model's values)
// and the query runs again, so refinement costs only where a model is
// really wrong. Executions with undefined behaviour (a division by zero,
// a shift out of 0..63) are not sought. A trace that still does not replay
// (a whoop bug) is an internal error, reported as such and never as a
// race. Then a second, independent evaluation of the trace (strict.go,
// strictcheck.go, strictexec.go, strictproto.go) runs it again over the
// original program with its own interpreter, taking from the replay only
// what the environment chose (and checking each such value is one it
// could give), computing the rest with C's semantics and the kernel's
// atomics, and checking the calling protocol: an entry point only once
// published (a timer armed, work queued, a handler requested) and not
// after its withdrawal, a file's release after its open returned 0 and
// its other operations, a remove after its probe, a one-shot release
// (kref, device) once per object, a pointer field only the setup stores
// read from an object the kernel handed in only as a pointer the setup
// stored there, a net_device's transmit only while it
// is up (after its ndo_open returned 0, never once its ndo_stop began;
// ndo_open not on a device up, nor beside its ndo_stop) and a NAPI poll
// only while its context is enabled (napi_enable..napi_disable). The
// opener the harness runs before a thread's entry point (protocol.go) is
// that thread's open: the check takes it only as the open (probe,
// ndo_open) of the entry point's ops on the same object, and the entry
// point only once it returned 0; its loops go round up to setupUnroll
// times whatever --unroll (at --unroll 1, rtl8139_open's loop over its
// four transmit descriptors let no transmit run). A trace it
// rejects makes the race "not confirmed (trace rejected: REASON)", never
// confirmed; one no trace of the pair can pass (a release whose object
// nothing in either thread puts) ends the pair. Module init runs before
// the probes it registers,
// and the setup's loops go round up to setupUnroll times whatever
// --unroll; a setup cut at that bound still counts as done, with the
// publications its code could make made (forcing setups to their end
// left sonypi's init, which walks a table of 50 keys, without a trace).
// A kernel helper's written bytes are the environment's: the check takes
// the trace's values there.
//
// # Deterministic verdicts
//
// A race's verdict depends on the input and the flags only. Every bound is
// a count: a query runs on Z3's incremental solver within a budget of Z3
// resource units per check, then, if that gave no answer, on a fresh
// tactic solver within a larger one (neither is faster on every pair);
// queries per pair, refinement rounds, concrete runs and replay steps are
// counted too. A query whose budgets run out leaves the pair's open races
// "not explored" (resource limit), in every run alike. The wall clock
// (Options.Timeout, and the run's deadline) is only a safety net: a query
// it cuts leaves its races "not explored (timeout)" (TimeoutNote), which
// the run's summary counts, and never turns into "not confirmed".
//
// # Concrete runs first
//
// Before each solver query, concrete.go runs the pair under a few directed
// schedules in the same interpreter, with a drive choosing what a model
// would: oracle values, initial memory, arguments and the yields at which
// each thread switches. Values are learned input-to-state: a read first
// gets a marker, and a marker compared for equality with a constant, or
// tested or returned as it came (by a setup, or by the opener a thread
// runs first: zf_open's nonseekable_open), teaches that read the constant (or 0) in
// the next run, kept only when the run gets further. A masked marker
// compared (status & TxOK) teaches the value whose bits flip the test, an
// ordering comparison (pos >= fs->total_secs) the value across it. When
// the two threads reach one field of two objects through different
// pointers (netdev_priv(dev) and container_of(work)), the pointer one
// thread got (an argument, a cell) learns the value that puts it on the
// other's object; a run gets further when the threads meet on more cells.
// A value computed from a read by +, - or ^ and then tested (changed =
// features ^ dev->features, tx_left = cur_tx - dirty_tx) teaches the
// read through the inverse of that computation, and a value learned
// before can learn again at the next test. The values learned in one run
// are first tried all at once, except ordering flips and alias moves,
// which are tried one at a time; each one taken all at once may then be
// given up alone (a branch on netif_running() taught 0 next to the bit
// test the loop after it needs). The starts (the seed, then each initial
// memory) share the runs, so learning on one cannot spend them all.
// When no probe with thread 1 first gets through (a single-open device
// whose second open fails while the first file holds it), a probe with
// thread 1 starting a round late lets thread 2 run first, and switches
// at thread 2's race checks. A
// run that reaches a failing race check is a replayed execution, so it confirms the race
// like a model would (the harness's assumptions on arguments are checked
// too); runs that fail prove nothing, and the query then decides. So the
// verdicts other than "confirmed" are the solver's alone.
//
// What "not confirmed" means: no interleaving within the bounds (csb,
// unroll) shows the race. It is not a proof of absence; the lockset
// check's verdict still stands.
package explore
