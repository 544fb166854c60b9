package findings

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/lockset"
)

// Class says what kind of race a finding is; Classes lists them worst first.
type Class string

const (
	WriteWrite Class = "write-write"    // both sides write: one value is lost
	FreeUse    Class = "free-vs-use"    // a free, NULL store or re-initialisation against a use
	CheckUse   Class = "check-then-use" // a value read, checked, then read or written again
	LostUpdate Class = "lost-update"    // a read-modify-write with a write in between
	InitUse    Class = "init-vs-use"    // set up by init or probe after it published a user of it
	ReadWrite  Class = "read-write"     // a read and a write, neither locked against the other
	StaleRead  Class = "stale-read"     // a read without the lock the writer holds
	Counter    Class = "counter"        // statistics: only incremented, never decides anything
	Flag       Class = "flag"           // only constants written
)

// Classes returns the classes, worst first.
func Classes() []Class {
	return []Class{WriteWrite, FreeUse, CheckUse, LostUpdate, InitUse, ReadWrite, StaleRead, Counter, Flag}
}

func (c Class) order() int {
	if i := slices.Index(Classes(), c); i >= 0 {
		return i
	}
	return len(Classes())
}

// Rank is how likely a finding is a bug worth reading first.
type Rank string

const (
	High   Rank = "high"   // confirmed, write-write, free vs use, check then use
	Medium Rank = "medium" // lost update, set-up after publication, unlocked read-write
	Low    Rank = "low"    // stale read, counter, flag
)

// Ranks returns the ranks, highest first.
func Ranks() []Rank { return []Rank{High, Medium, Low} }

// ParseRank reads a rank name (high, medium, low).
func ParseRank(s string) (Rank, error) {
	r := Rank(strings.ToLower(strings.TrimSpace(s)))
	if !slices.Contains(Ranks(), r) {
		return "", fmt.Errorf("unknown rank %q (want high, medium or low)", s)
	}
	return r, nil
}

// AtLeast reports whether r ranks at or above min ("" is the lowest).
func (r Rank) AtLeast(min Rank) bool {
	if min == "" {
		return true
	}
	return slices.Index(Ranks(), r) <= slices.Index(Ranks(), min)
}

// Score is r's place on SARIF's 0-100 rank scale, higher first.
func (f *Finding) Score() float64 {
	if f.Confirmed {
		return 95
	}
	return float64(90 - 10*f.Class.order())
}

func (c Class) rank() Rank {
	switch c {
	case WriteWrite, FreeUse, CheckUse:
		return High
	case LostUpdate, InitUse, ReadWrite:
		return Medium
	}
	return Low
}

// classified is one race's class, why, and which access it is about.
type classified struct {
	class   Class
	reason  string
	primary int // 0 or 1
}

// specific lists the classes in the order a finding takes its class from
// its races: the one that explains most. A free or a check names the bug
// better than the write-write the same variable also has.
var specific = []Class{FreeUse, CheckUse, WriteWrite, LostUpdate, InitUse, ReadWrite, StaleRead, Counter, Flag}

// better: c explains its finding better than d does; between races of one
// class, one across two sites beats one site racing with itself.
func (c classified) better(cross bool, d classified, dcross bool) bool {
	ci, di := slices.Index(specific, c.class), slices.Index(specific, d.class)
	if ci != di {
		return ci < di
	}
	return cross && !dcross
}

// classify says what kind of race the two accesses make, most specific
// shape first; the finding takes the worst class of its races.
func classify(a [2]lockset.Access) classified {
	p := accessPair(a)
	for _, rule := range []func() (classified, bool){p.freeUse, p.checkUse, p.initUse, p.bothWrite} {
		if c, ok := rule(); ok {
			return c
		}
	}
	return p.readWrite()
}

// accessPair is a race's two accesses, with the questions classify asks.
type accessPair [2]lockset.Access

func (a accessPair) has(i int, s string) bool { return slices.Contains(a[i].Shape, s) }
func (a accessPair) writes(i int) bool        { return a[i].Kind == lockset.Write }

// ln names an access's line, with its file when the two accesses are in
// different files (the parts of a module).
func (a accessPair) ln(x lockset.Access) string {
	if a[0].Pos.File != a[1].Pos.File {
		return x.Pos.File + ":" + strconv.Itoa(x.Pos.Line)
	}
	return strconv.Itoa(x.Pos.Line)
}

func (a accessPair) freeUse() (classified, bool) {
	for i := range 2 {
		o := 1 - i
		if a.has(i, Free) && a.has(o, Free) {
			return classified{FreeUse, fmt.Sprintf("freed twice at once: %s at line %s and %s at line %s",
				a[i].EntryPoint, a.ln(a[i]), a[o].EntryPoint, a.ln(a[o])), o}, true
		}
		if a.has(i, Free) || a.has(i, Init) || a.has(i, Null) {
			what := map[bool]string{true: "frees", false: "re-initialises"}[a.has(i, Free)]
			if a.has(i, Null) {
				what = "sets it to NULL"
			} else {
				what += " it"
			}
			return classified{FreeUse, fmt.Sprintf("%s %s at line %s while %s %s it at line %s",
				a[i].Func, what, a.ln(a[i]), a[o].EntryPoint, verb(a[o]), a.ln(a[o])), o}, true
		}
	}
	return classified{}, false
}

func (a accessPair) checkUse() (classified, bool) {
	for i := range 2 {
		o := 1 - i
		if !a.writes(o) {
			continue
		}
		switch {
		case a.has(i, Twice) && !a.writes(i):
			return classified{CheckUse, fmt.Sprintf("read twice on line %s: the write at line %s can fall in between (a check and its use see different values)",
				a.ln(a[i]), a.ln(a[o])), i}, true
		case a.has(i, Check):
			return classified{CheckUse, fmt.Sprintf("checked at line %s and used again after: the write at line %s can fall in between",
				a.ln(a[i]), a.ln(a[o])), i}, true
		case a.has(i, AfterCheck) && !(a.writes(i) && a.has(i, RMW)):
			// A read used after its check, or a write that acts on a
			// check (if (!busy) busy = 1); a read-modify-write after a
			// check of what it read is a lost update (below).
			return classified{CheckUse, fmt.Sprintf("%s at line %s after a check of it: the write at line %s can fall in between",
				verbing(a[i]), a.ln(a[i]), a.ln(a[o])), i}, true
		}
	}
	return classified{}, false
}

// initUse: the lockset check reports a set-up write only where it can
// follow the registration that lets the other side run (or where whoop
// knows of no registration): the other side may see the value before it
// is set. Ranked above counters and flags, whose shapes such a write
// often has.
func (a accessPair) initUse() (classified, bool) {
	for i := range 2 {
		if o := 1 - i; a.has(i, Setup) && !a.has(o, Setup) && a[i].EntryPoint != a[o].EntryPoint {
			return classified{InitUse, fmt.Sprintf("%s sets it at line %s after %s can already run and %s it at line %s",
				a[i].EntryPoint, a.ln(a[i]), a[o].EntryPoint, verb(a[o]), a.ln(a[o])), o}, true
		}
	}
	return classified{}, false
}

// writer is the index of a writing access (the first if both write).
func (a accessPair) writer() int {
	if !a.writes(0) {
		return 1
	}
	return 0
}

// bothWrite classifies counters, flags and write-write races.
func (a accessPair) bothWrite() (classified, bool) {
	counter, flag := true, true
	for i := range 2 {
		counter = counter && !a.has(i, Cond) && (!a.writes(i) || a.has(i, Inc))
		flag = flag && (!a.writes(i) || a.has(i, Const) && !a.has(i, RMW))
	}
	w, ln := a.writer(), a.ln
	switch {
	case counter:
		return classified{Counter, fmt.Sprintf("a counter: only incremented or decremented (line %s), never checked; a count may be lost or stale", ln(a[w])), w}, true
	case flag:
		return classified{Flag, fmt.Sprintf("a flag: only constants are written (line %s)", ln(a[w])), 1 - w}, true
	case a.writes(0) && a.writes(1) && a[0].Pos == a[1].Pos && a.has(0, RMW):
		return classified{LostUpdate, fmt.Sprintf("line %s read-modify-writes it in two threads at once: one update can be lost", ln(a[0])), 1}, true
	case a.writes(0) && a.writes(1) && a[0].Pos == a[1].Pos:
		return classified{WriteWrite, fmt.Sprintf("line %s writes it in two threads at once: one value is lost", ln(a[0])), 1}, true
	case a.writes(0) && a.writes(1) && a.has(0, RMW) && a.has(1, RMW):
		return classified{LostUpdate, fmt.Sprintf("both read-modify-write it (lines %s and %s): one update can be lost", ln(a[0]), ln(a[1])), 1}, true
	case a.writes(0) && a.writes(1):
		return classified{WriteWrite, fmt.Sprintf("both write it (lines %s and %s): one value is lost, and the order depends on timing", ln(a[0]), ln(a[1])), 1}, true
	}
	return classified{}, false
}

// readWrite classifies a read against a write.
func (a accessPair) readWrite() classified {
	w, ln := a.writer(), a.ln
	r := 1 - w // the read
	if a.has(r, RMW) {
		return classified{LostUpdate, fmt.Sprintf("read-modify-write at line %s: the write at line %s in between is lost", ln(a[r]), ln(a[w])), r}
	}
	if missing := lockDiff(a[w].Locks, a[r].Locks); len(missing) > 0 {
		return classified{StaleRead, fmt.Sprintf("read at line %s without %s, which the write at line %s holds: the value may be stale",
			ln(a[r]), strings.Join(missing, ", "), ln(a[w])), r}
	}
	if len(a[w].Locks) > 0 {
		// Every lock the writer holds is held by the reader too, by name:
		// in another object, or one that does not exclude the other.
		return classified{ReadWrite, fmt.Sprintf("read at line %s and written at line %s: the locks both hold do not keep them apart (another object, or a mode that does not exclude)",
			ln(a[r]), ln(a[w])), r}
	}
	return classified{ReadWrite, fmt.Sprintf("read at line %s and written at line %s with no lock in common", ln(a[r]), ln(a[w])), r}
}

// lockDiff returns the locks of held that other does not hold.
func lockDiff(held, other []string) []string {
	var out []string
	for _, l := range held {
		if !slices.Contains(other, l) {
			out = append(out, l)
		}
	}
	return out
}

func verb(a lockset.Access) string {
	if a.Kind == lockset.Write {
		return "writes"
	}
	return "reads"
}

func verbing(a lockset.Access) string {
	if a.Kind == lockset.Write {
		return "written"
	}
	return "read"
}
