package report

import (
	"fmt"

	"github.com/whoopverify/whoop/lockset"
)

// FileError is a file named on the command line whose analysis did not
// finish: an input error, the file deadline, the memory cap, an interrupt
// or an internal error. XML, JSON and SARIF list it with its error, so a
// reader of the report never takes a missing file for a clean one; the
// text report leaves it to the diagnostics on stderr.
type FileError struct {
	Path string
	// Index is how many results precede it on the command line: the
	// writers place it before files[Index] (after the last one when Index
	// is len(files)). Errors with the same Index keep their order.
	Index int
	Msg   string // the error, one or more lines
}

// File statuses, in JSON ("status") and XML (status="...").
const (
	StatusChecked        = "checked"          // concurrent pairs were checked
	StatusNoEntryPoints  = "no-entry-points"  // nothing was checked: inconclusive
	StatusAllSerialised  = "all-serialised"   // every pair is serialised: nothing needed a check
	StatusError          = "error"            // the file could not be analysed
	StatusLockChecksOnly = "lock-checks-only" // the race check did not run, the lock checks did
	raceLocksOnlyWhy     = "the race check did not run (--checks locking): only the lock checks did"
	raceNoEntryWhy       = "no entry points found: nothing was checked (whoop found no function the kernel can call; \"whoop entrypoints\" lists what it found)"
	raceAllSerialisedFmt = "all %d pairs of entry points are serialised: no two entry points can run at the same time, so no access was checked"
)

// raceStatus says whether anything of file was checked, and if not why.
func raceStatus(file *lockset.FileResult) (status, why string) {
	switch {
	case file.LocksOnly:
		return StatusLockChecksOnly, raceLocksOnlyWhy
	case len(file.EntryPoints) == 0:
		return StatusNoEntryPoints, raceNoEntryWhy
	case file.ConcurrentPairs() == 0:
		return StatusAllSerialised, fmt.Sprintf(raceAllSerialisedFmt, len(file.Pairs))
	}
	return StatusChecked, ""
}

// raceEntry is one file of a report: a result or an error.
type raceEntry struct {
	res  *lockset.FileResult
	fail *FileError
}

// raceEntries merges results and errors in command-line order.
func raceEntries(files []*lockset.FileResult, errs []FileError) []raceEntry {
	var out []raceEntry
	next := 0
	for i, f := range files {
		for next < len(errs) && errs[next].Index <= i {
			out = append(out, raceEntry{fail: &errs[next]})
			next++
		}
		out = append(out, raceEntry{res: f})
	}
	for ; next < len(errs); next++ {
		out = append(out, raceEntry{fail: &errs[next]})
	}
	return out
}
