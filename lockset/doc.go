// Package lockset is whoop's core check: symbolic pairwise lockset analysis.
//
// Check receives an *ir.Program with entry points and regions
// (frontend.Load's output) and returns a FileResult: a verdict for every
// pair of entry points (race-free, race, inconclusive, or not concurrent
// with the kernel mechanism that keeps it apart) and, for each racy pair and
// region, the two accesses with their entry points, kinds, positions,
// source lines and the locks held.
//
// The pipeline, in order:
//
//  1. Pairs (pairs.go): every pair of entry points, self-pairs included,
//     concurrent or kept apart by a rule of models/pairs.go.
//  2. Facts (facts.go): call graph, every access site, every lock and
//     publication operation. Locks come from the models' locking table; a
//     lock is identified by its declaration (a global) or its struct type and
//     field path, and an array of locks counts as one lock. A lock argument
//     that cannot be identified is a warning and protects nothing.
//  3. Fast path (mustheld.go): per entry point, the locks held on every path
//     to every access (a context-sensitive must-held analysis). A pair and
//     region whose conflicting accesses always share a lock, held for
//     writing on one side, is race-free without Z3.
//  4. Instrumentation (instrument.go, contracts.go): what is left is encoded
//     in IR over ghost state. Reads of shared memory return arbitrary values
//     and writes are not modelled. Per side: the held locks (write mode
//     apart for reader-writer locks). Per region: a watched address shared by
//     the pair, and one access the side selects nondeterministically among
//     those touching it, with the locks held there. Init and exit hold a
//     "not yet published" pseudo-lock per publication class until they
//     register (after they unregister, with a call that waits) the entry
//     points of that class; entry points of the class hold it for reading.
//     A bus probe holds a class only if every other publisher of it waits
//     for a class the probe holds, or is a callback of the probe's own
//     driver that a rule keeps from running beside it (a USB resume that
//     resubmits the URBs runs on the bound device, after the probe:
//     keptFromProbe). An exit's withdrawal counts only once the exit has withdrawn the
//     classes of every other entry point that may publish the class again
//     (the interrupt handler that queues the work cancel_work_sync
//     cancels: free_irq first), never when one of them cannot be withdrawn
//     that way, and an exit that publishes the class again gives it up.
//     An object's withdrawal also waits for the class's own entry points
//     that may publish that object although they are not its callbacks
//     (a work function that queues another work item: their objects
//     withdrawn first; withdraw.go, crossGuard).
//     Kernel locks an entry point runs under (RTNL, the transmit lock, ...)
//     are held on entry. A single-open device's bit (singleopen.go) is a
//     read-write pseudo-lock: open takes it for writing where its
//     test_and_set_bit succeeds, release holds it for writing up to its
//     clear_bit, the file's other operations hold it for reading.
//  5. Summaries (summaries.go): small non-recursive functions are inlined
//     everywhere; recursive and large ones get Houdini candidates (locks at
//     entry and exit, locks at the selected access), as do loops that take
//     or release locks. houdini keeps the largest consistent set.
//  6. Pair checks (harness.go, specialize.go): each pair gets a program of
//     its own, restricted to its regions: run the first entry point, save its
//     selections, run the second, and assert for each region that two
//     selected conflicting accesses (one writes, one is plain) share a lock.
//     A side selects only live sites: an access the fast path's rule shows
//     protected against every conflicting access of the other side (probe's
//     accesses before it registers the other entry point) is left out,
//     which changes no verdict and shrinks the formula (mustheld.go,
//     deadSites). A lock whose state at every live site of the pair is
//     the same on every path (held, in a known mode, or not held) is not
//     recorded with the selections: the assertion reads it off the
//     selected site (harness.go, narrow), which also changes no verdict
//     and shrinks the formula; the proved summaries that mention such a
//     lock's record keep what they say about the rest (specialize.go,
//     projectBits). The race condition also says what holds on every
//     execution but a summary may not: both selections are live sites,
//     and a recorded lock bit agrees with the must-held analysis at the
//     selected site (harness.go, race, recordedHeld; a summary inference
//     gave up on left the bit free). vc proves the assertions; a
//     failed one names the two accesses. Pairs
//     are checked in groups, each in one Z3 context, in parallel; the
//     grouping does not depend on Options.Jobs, so neither does the output.
//     A large pair with an init entry point is solved with a fresh,
//     non-incremental solver per query instead (check.go, fresh): Z3's
//     preprocessing then drops the set-up code that decides nothing.
//     Each solver query of a pair (and of a lock check) runs under a
//     budget of Z3's resource units (Options.Rlimit, check.go
//     DefaultRlimit): where it stops depends only on the input, so the
//     verdicts do not depend on the machine's load; the wall-clock limits
//     (Options.Timeout, the caller's deadline) are a last resort whose
//     notes say the result depends on the machine.
//     A pair whose program would repeat an earlier pair's (one function
//     registered in several slots, such as a dev_pm_ops' suspend, freeze
//     and poweroff, with the same role and locks on entry) is not checked
//     again: it takes that pair's result (repeats.go).
//
// Non-termination hides no race (stop.go). The pair program runs the first
// side to its end before the second, and an assertion is checked only on
// executions that reach it, so a side that never ended after its access (a
// loop that never exits, BUG(), panic() or another noreturn call,
// __builtin_unreachable(), a callee that never returns, whose summary is
// then vacuous, infinite recursion) would make every race assertion
// vacuous. A side therefore may stop at any point after it selected an
// access: the selection sets a ghost stop, and a stopped side escapes at
// the next back edge or Unreachable end (a Halt return, which vc takes
// straight back to the harness), assumptions hold vacuously once it has
// stopped, and the summaries' lock postconditions are guarded by "did not
// escape". The accesses it made so far are recorded with their real
// locksets, and nothing after the stop changes a record, so this neither
// hides nor invents a race. The must-held fast path needs nothing of the
// kind: it is a forward analysis that meets the locksets of every path
// reaching an access, whatever happens after it (a callee that never
// returns leaves the code after its call unreachable, which it is).
//
// Assumptions that can hide a race (each can be turned off in Options, and
// from the command line with --no-assume): pointer parameters of one entry
// point to the same struct type point to different objects
// (ParamAliasing); an array of locks is one lock (LockArraysDistinct);
// callbacks run under the kernel locks the models table names
// (NoKernelLocks); entry points run only after their registration and not
// after an unregistration that waits (NoPublication); the driver drives one
// device at a time (ManyDevices), and the module's bus drivers that probe
// through common set-up code are alternative bindings of it (NoBindings:
// a probe's publications are not ungated by an alternative's, instrument.go
// gatedBy); the serialisation rules of models/pairs.go hold (IgnoreRules);
// the lock checks run the second callback of a lock pair (pre_reset, then
// post_reset) holding what the first took (NoLockPairs, discipline_pairs.go);
// the race check runs the callbacks inside a callback bracket (post_reset
// after pre_reset, an irq_chip's callbacks after its irq_bus_lock) holding
// what the opening callback holds on every return (NoCallbackLocks,
// brackets.go); a lock field is one lock for all objects of its struct
// type (LockInstancesDistinct: the instances' addresses are then ghost state,
// recorded with each selection and compared); a semaphore the file does not
// initialise starts at 1, and an up() releases a down (NoBinarySemaphores;
// one it initialises to any other count, or raises with an up() that
// follows no down of it, is never a lock, semaphores.go); a bit a
// file_operations' open takes with test_and_set_bit and its release gives
// back with clear_bit admits one open file at a time (NoSingleOpen,
// singleopen.go); the open of a file_operations that reaches the kernel
// only through global miscdevices and misc_register holds the misc core's
// misc_mtx (NoMiscOpen, miscopen.go); a probe's or module init's waiting withdrawal of a class
// only it publishes stops the class as an exit's does (NoInitWithdrawal,
// withdraw.go); release's accesses through its file's private_data, which
// open allocated for that file, race with no other file's operation's
// accesses through its own (NoPerOpen, peropen.go); two runs of a struct
// device's release callback are on two devices, so their accesses through
// the device and its container do not race (NoReleaseOnce, lifetime.go);
// a device's release runs after its last reference, and the PM core holds
// one across the device's system-sleep callbacks (sysfs, its attribute
// files' shows and stores; an open file whose open took get_device, its
// operations), so their accesses through the device and its container do
// not race (NoReleaseRef, lifetime_ref.go), nor do an exported function's
// through a pointer parameter to the release's container type, which its
// caller holds (NoCallerRef, lifetime_caller.go); a callback stored only into
// one object's members runs only once a registration names that object
// (NoPublicationObjects, pubobjects.go); an exported function that alone
// makes a class callable is a probe helper, gating it as a probe does
// (NoExportProbe, pubobjects.go).
// Integers are mathematical unless the front end models their wrap-around
// (frontend Config.ExactInts, --no-assume ideal-ints).
package lockset
