package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/whoopverify/whoop/lockset"
)

// Baselines and suppressions. A finding (a race or a lock error) has a
// fingerprint made of what it is, not where it is, so a finding whose code
// moved keeps it. A race is the file, the region and the two entry points:
// whoop reports one race per pair and region, and its two accesses are a
// witness the solver chose, which another run may choose differently once
// anything in the file changed (a one-line edit of pcwd_usb.c gave 30 of
// its 169 races other witness lines), so the lines are not part of it. A
// lock error is the file, the lock, the kind, the entry points and the
// trimmed source text of its line. The file counts by its base name, so a run from another directory
// (or a tree in another place) matches too. A baseline is the multiset of fingerprints of an earlier run's
// report; findings found in it are marked Suppressed "baseline" and are no
// longer findings (exit code, text), but stay in JSON, XML and SARIF so
// the next baseline still has them.

// FingerprintKey is the SARIF partialFingerprints key of whoop's own
// fingerprint.
// v1 also hashed a race's witness lines.
const FingerprintKey = "whoopFinding/v2"

// oldFingerprintKey is the key of fingerprints that no longer match.
const oldFingerprintKey = "whoopFinding/v1"

func fpHash(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		io.WriteString(h, p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func fpSource(s string) string { return strings.Join(strings.Fields(s), " ") }

func raceFingerprint(path, region, first, second string) string {
	eps := []string{first, second}
	slices.Sort(eps) // the pair's orientation does not matter
	return fpHash("race", filepath.Base(path), region, eps[0], eps[1])
}

// RaceFingerprint is the fingerprint of race r of the file at path.
func RaceFingerprint(path string, r *lockset.Race) string {
	return raceFingerprint(path, r.Region, r.Accesses[0].EntryPoint, r.Accesses[1].EntryPoint)
}

// FindingFingerprint is the fingerprint of the finding on region of the
// file at path: the file's base name and the region, so it survives line
// moves, edits of the access lines and another choice of witnesses.
func FindingFingerprint(path, region string) string {
	return fpHash("finding", filepath.Base(path), region)
}

func lockFingerprint(path, kind, lock string, entryPoints []string, source string) string {
	eps := slices.Clone(entryPoints)
	slices.Sort(eps)
	return fpHash("lock", filepath.Base(path), kind, lock, strings.Join(eps, "\x01"), fpSource(source))
}

// LockFingerprint is the fingerprint of lock error e of the file at path.
func LockFingerprint(path string, e *lockset.LockError) string {
	return lockFingerprint(path, e.Kind, e.Lock, e.EntryPoints, e.Source)
}

// Baseline is the findings of an earlier report.
type Baseline struct {
	Name   string
	counts map[string]int
}

// ReadBaseline reads a whoop JSON or SARIF report.
func ReadBaseline(name string, r io.Reader) (*Baseline, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	b := &Baseline{Name: name, counts: map[string]int{}}
	var probe struct {
		Runs  json.RawMessage `json:"runs"`
		Files json.RawMessage `json:"files"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("%s: not a whoop JSON or SARIF report: %w", name, err)
	}
	switch {
	case probe.Files != nil:
		var doc raceJSONDoc
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("%s: not a whoop JSON report: %w", name, err)
		}
		for _, f := range doc.Files {
			for _, p := range f.Pairs {
				for _, r := range p.Races {
					if len(r.Accesses) != 2 {
						return nil, fmt.Errorf("%s: %s: a race with %d accesses", name, f.Path, len(r.Accesses))
					}
					b.counts[raceFingerprint(f.Path, r.Region, r.Accesses[0].EntryPoint, r.Accesses[1].EntryPoint)]++
				}
			}
			for _, e := range f.LockErrors {
				b.counts[lockFingerprint(f.Path, e.Kind, e.Lock, e.EntryPoints, e.Source)]++
			}
		}
	case probe.Runs != nil:
		var doc struct {
			Runs []struct {
				Results []struct {
					Fingerprints map[string]string `json:"partialFingerprints"`
					Properties   struct {
						Races []string `json:"raceFingerprints"`
					} `json:"properties"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("%s: not a SARIF report: %w", name, err)
		}
		old := 0
		for _, run := range doc.Runs {
			for _, res := range run.Results {
				// A race finding holds its races' fingerprints (one per
				// race); an older log's race result and a lock error
				// have one of their own.
				for _, fp := range res.Properties.Races {
					b.counts[fp]++
				}
				if fp := res.Fingerprints[FingerprintKey]; fp != "" {
					b.counts[fp]++
				} else if res.Fingerprints[oldFingerprintKey] != "" {
					old++
				}
			}
		}
		if old > 0 && len(b.counts) == 0 {
			return nil, fmt.Errorf("%s: written by an older whoop (fingerprints %s, which matched races by their witness lines); "+
				"write the baseline again, or pass that run's JSON report", name, oldFingerprintKey)
		}
	default:
		return nil, fmt.Errorf("%s: neither a whoop JSON report (files) nor SARIF (runs)", name)
	}
	return b, nil
}

// Apply marks the findings of files and locks that the baseline holds
// (each of its findings matches one) and returns how many it marked.
func (b *Baseline) Apply(files []*lockset.FileResult, locks []*lockset.LockResult) int {
	left := make(map[string]int, len(b.counts))
	for k, v := range b.counts {
		left[k] = v
	}
	n := 0
	take := func(fp string, suppressed *string) {
		if *suppressed == "" && left[fp] > 0 {
			left[fp]--
			*suppressed = SuppressedBaseline
			n++
		}
	}
	for _, f := range files {
		for _, it := range raceSorted(f) {
			take(RaceFingerprint(f.Path, it.race), &it.race.Suppressed)
		}
	}
	for _, l := range locks {
		for i := range l.Errors {
			take(LockFingerprint(l.Path, &l.Errors[i]), &l.Errors[i].Suppressed)
		}
	}
	return n
}

// SuppressedBaseline is Suppressed for a finding of the baseline.
const SuppressedBaseline = "baseline"

// ignoreComment matches whoop's suppression comment on a source line:
// /* whoop: ignore race */, // whoop: ignore race: the reason, and "lock"
// for lock errors.
var ignoreComment = regexp.MustCompile(`(?:/\*|//)\s*whoop:\s*ignore\s+(race|lock)\b:?\s*([^*]*?)\s*(?:\*/|$)`)

// ignoreReason returns the reason a whoop: ignore comment for what gives
// on line or the line above it, and whether there is one.
func ignoreReason(what string, lines ...string) (string, bool) {
	for _, l := range lines {
		for _, m := range ignoreComment.FindAllStringSubmatch(l, -1) {
			if m[1] == what {
				return m[2], true
			}
		}
	}
	return "", false
}

// SuppressByComments marks the races with a "whoop: ignore race" comment on
// one of their access lines (or the line above it), and the lock errors
// with "whoop: ignore lock" on their line; line returns a source line by
// file and number ("" when unknown). It returns how many it marked.
func SuppressByComments(files []*lockset.FileResult, locks []*lockset.LockResult, line func(file string, n int) string) int {
	n := 0
	mark := func(suppressed *string, what string, at ...[2]any) {
		if *suppressed != "" {
			return
		}
		for _, p := range at {
			file, ln := p[0].(string), p[1].(int)
			if reason, ok := ignoreReason(what, line(file, ln), line(file, ln-1)); ok {
				*suppressed = "comment"
				if reason != "" {
					*suppressed += ": " + reason
				}
				n++
				return
			}
		}
	}
	for _, f := range files {
		for i := range f.Pairs {
			for j := range f.Pairs[i].Races {
				r := &f.Pairs[i].Races[j]
				mark(&r.Suppressed, "race",
					[2]any{r.Accesses[0].Pos.File, r.Accesses[0].Pos.Line},
					[2]any{r.Accesses[1].Pos.File, r.Accesses[1].Pos.Line})
			}
		}
	}
	for _, l := range locks {
		for i := range l.Errors {
			e := &l.Errors[i]
			mark(&e.Suppressed, "lock", [2]any{e.Pos.File, e.Pos.Line})
		}
	}
	return n
}
