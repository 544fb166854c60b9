package lockset

import (
	"time"

	"github.com/whoopverify/whoop/ir"
)

// Verdict is the outcome for one pair of entry points.
type Verdict string

const (
	RaceFree     Verdict = "race-free"
	Racy         Verdict = "race"
	Inconclusive Verdict = "inconclusive" // timeout or solver unknown
	NotChecked   Verdict = "not-concurrent"
)

// AccessKind is read or write.
type AccessKind string

const (
	Read  AccessKind = "read"
	Write AccessKind = "write"
)

// Access is one side of a potential race.
type Access struct {
	EntryPoint string // the entry point whose execution makes the access
	Func       string // the function containing the access (the entry point or a callee)
	Kind       AccessKind
	Mode       ir.AccessMode
	LValue     string   // C text of the accessed lvalue, "file->f_pos"
	Pos        ir.Pos   // file:line:col of the access
	Source     string   // the source line at Pos, as in the file
	Locks      []string // identities of the locks held at the access, sorted
	// Shape says what the code at the access does with the value ("rmw",
	// "check", "free", ...: the findings package's Shape names), read from
	// the program by findings.Annotate to rank and explain a race, never
	// to decide one; nil when not annotated.
	Shape []string
}

// Race is a potential race on one region between two accesses.
type Race struct {
	Region   string    // region name, "struct file.f_pos"
	Why      string    // why the accesses share the region (ir.Region.Why), or ""
	Accesses [2]Access // Accesses[0] belongs to the pair's First entry point
	// Confirmation is the bounded explorer's verdict (whoop --confirm);
	// nil when the explorer did not run.
	Confirmation *Confirmation
	// Suppressed says why the race is not reported as a finding: "baseline"
	// (it is in --baseline's report) or "comment: ..." (a whoop: ignore
	// comment on an access line); "" for a finding.
	Suppressed string
}

// Confirmation statuses.
const (
	Confirmed    = "confirmed"     // an interleaving shows the race; it replays
	NotConfirmed = "not-confirmed" // no interleaving within the bounds: not a proof of absence
	NotExplored  = "not-explored"  // the explorer did not run on this pair (Note says why)
)

// Confirmation is the explorer's verdict on one race.
type Confirmation struct {
	Status string
	Note   string
	// Steps is the interleaving of a confirmed race: the shared accesses,
	// lock operations and context switches of both threads, ending with
	// the failing check (Kind "race").
	Steps []Step
}

// Step is one event of an interleaving.
type Step struct {
	Thread     int // 1 or 2
	EntryPoint string
	Func       string
	Pos        ir.Pos
	Source     string
	// Kind: read, write, lock, lock failed, unlock, downgrade, switch (the
	// thread stops here and the other runs), race (the check after this
	// thread's access finds the cell changed by the other thread), oops
	// (an access in the NULL page: the thread stops there).
	Kind   string
	LValue string
	Value  string
}

// PairResult is the verdict for one pair of entry points.
type PairResult struct {
	Pair    Pair
	Verdict Verdict
	Races   []Race // sorted by first access position, then second
	Note    string // why a pair is inconclusive ("timeout after 10s"), or other detail
}

// Stats describes the work done for one file.
type Stats struct {
	Regions       int // regions in the program
	SharedRegions int // regions some concurrent pair may race on that need the symbolic check
	SymbolicPairs int // concurrent pairs the lockset fast path could not prove
	RepeatedPairs int // of those, pairs whose program repeats another's: they take its result (repeats)
	DeadSites     int // access sites left out of those pairs' programs, summed over the pairs (deadSites)
	// FixedLockRecords counts the (region, lock) selection records left
	// out of those pairs' programs because the lock's state is fixed at
	// every site (narrow), summed over the pairs.
	FixedLockRecords int
	Candidates       int // Houdini candidates generated
	CandidatesKept   int // candidates proved
	HoudiniChecks    int // solver calls of summary inference
	// HoudiniUnits is the Z3 resource units of those calls,
	// HoudiniGaveUpUnits the part spent by functions then given up.
	HoudiniUnits       uint64
	HoudiniGaveUpUnits uint64
	Houdini            time.Duration
	Check              time.Duration // pair checks
	Total              time.Duration
	SolvedPairs        int // pairs checked with Z3 (repeats and pairs without regions left out)
	// PairQueries and PairUnits are the pair checks' solver checks and
	// the Z3 resource units they used: counts of their work that do not
	// depend on the machine or its load.
	PairQueries int
	PairUnits   uint64
	// Slowest are the pair checks that took longest, longest first (at
	// most MaxSlowest): where the time of a slow file went (--stats).
	Slowest []PairCost
}

// MaxSlowest bounds Stats.Slowest.
const MaxSlowest = 3

// PairCost is what one pair's check cost, and what made it large.
type PairCost struct {
	First, Second string
	Regions       int           // regions asserted
	Statements    int           // statements of both entry points, callees inlined
	Fresh         bool          // solved with fresh solvers (an init pair)
	Time          time.Duration // wall clock
	Queries       int           // solver checks
	Units         uint64        // Z3 resource units they used
}

// FileResult is the analysis of one driver file.
type FileResult struct {
	Path        string
	Parts       []string // a module's files (ir.Program.Files); nil for one file
	EntryPoints []*ir.EntryPoint
	Pairs       []PairResult // every pair, concurrent or not, in lockset.Pairs order
	Warnings    []ir.Diagnostic
	Stats       Stats
	// LocksOnly: the race check did not run (whoop --checks locking); the
	// result holds the entry points the lock checks ran on, and no pair.
	LocksOnly bool
}

// RacyPairs returns the number of pairs with verdict Racy.
func (f *FileResult) RacyPairs() int { return f.count(Racy) }

// RaceFreePairs returns the number of concurrent pairs proved race-free.
func (f *FileResult) RaceFreePairs() int { return f.count(RaceFree) }

// InconclusivePairs returns the number of pairs with verdict Inconclusive.
func (f *FileResult) InconclusivePairs() int { return f.count(Inconclusive) }

// ConcurrentPairs returns the number of pairs that were checked.
func (f *FileResult) ConcurrentPairs() int {
	n := 0
	for _, p := range f.Pairs {
		if p.Pair.Concurrent {
			n++
		}
	}
	return n
}

// NewRaces returns the number of races that are findings: not suppressed
// by a baseline or a comment.
func (f *FileResult) NewRaces() int {
	n := 0
	for _, p := range f.Pairs {
		for _, r := range p.Races {
			if r.Suppressed == "" {
				n++
			}
		}
	}
	return n
}

// Races returns the number of races reported over all pairs.
func (f *FileResult) Races() int {
	n := 0
	for _, p := range f.Pairs {
		n += len(p.Races)
	}
	return n
}

func (f *FileResult) count(v Verdict) int {
	n := 0
	for _, p := range f.Pairs {
		if p.Verdict == v {
			n++
		}
	}
	return n
}
