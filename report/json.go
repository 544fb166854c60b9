package report

import (
	"encoding/json"
	"io"
	"strings"
	"unicode"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// The JSON document. Structs fix the field order; slices are never nil so
// empty lists print as [].
type (
	raceJSONDoc struct {
		Version string `json:"version"`
		// LockChecks: the lock checks ran (every file's lockErrors then
		// counts, even when left out as empty); Baseline: --baseline was
		// applied. whoop merge needs both to write SARIF from JSON.
		LockChecks bool           `json:"lockChecks,omitempty"`
		Baseline   bool           `json:"baseline,omitempty"`
		Files      []raceJSONFile `json:"files"`
	}
	raceJSONFile struct {
		Path        string               `json:"path"`
		Parts       []string             `json:"parts,omitempty"` // a module's files
		Status      string               `json:"status"`          // checked, no-entry-points, all-serialised or error
		Note        string               `json:"note,omitempty"`  // why nothing was checked
		Error       string               `json:"error,omitempty"` // why the file could not be analysed
		Findings    []raceJSONFinding    `json:"findings"`        // one per racy variable, worst first
		EntryPoints []raceJSONEntryPoint `json:"entryPoints"`
		Pairs       []raceJSONPair       `json:"pairs"`      // concurrent pairs only
		Serialised  []raceJSONSerialised `json:"serialised"` // pairs that never run concurrently
		Warnings    []raceJSONWarning    `json:"warnings"`
		Summary     raceJSONSummary      `json:"summary"`
		LockErrors  []lockJSONError      `json:"lockErrors,omitempty"`
		// LockChecksInconclusive: lock checks that ended neither proved
		// nor an error (lockset.LockResult.Inconclusive).
		LockChecksInconclusive int `json:"lockChecksInconclusive,omitempty"`
	}
	raceJSONEntryPoint struct {
		Name    string `json:"name"`
		Role    string `json:"role"`
		Struct  string `json:"struct"`
		Var     string `json:"var"`
		Field   string `json:"field"`
		File    string `json:"file"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Guessed bool   `json:"guessed,omitempty"`
	}
	raceJSONPair struct {
		First   string         `json:"first"`
		Second  string         `json:"second"`
		Verdict string         `json:"verdict"`
		Note    string         `json:"note,omitempty"`
		Races   []raceJSONRace `json:"races"`
	}
	raceJSONRace struct {
		Region   string           `json:"region"`
		Why      string           `json:"regionWhy,omitempty"`
		Accesses []raceJSONAccess `json:"accesses"`
		// Confirmation: the explorer's verdict, with --confirm.
		Confirmation *raceJSONConfirmation `json:"confirmation,omitempty"`
		// Suppressed: "baseline" or "comment: reason" (not a finding).
		Suppressed string `json:"suppressed,omitempty"`
	}
	raceJSONAccess struct {
		EntryPoint string   `json:"entryPoint"`
		Function   string   `json:"function"`
		Kind       string   `json:"kind"`
		Mode       string   `json:"mode"`
		LValue     string   `json:"lvalue"`
		File       string   `json:"file"`
		Line       int      `json:"line"`
		Column     int      `json:"column"`
		Source     string   `json:"source"`
		Indent     string   `json:"indent,omitempty"` // the white space source was trimmed of on the left
		Locks      []string `json:"locks"`
		Shape      []string `json:"shape,omitempty"` // what the code does there (findings.Annotate)
	}
	raceJSONSerialised struct {
		First  string `json:"first"`
		Second string `json:"second"`
		Reason string `json:"reason"`
	}
	raceJSONWarning struct {
		File    string `json:"file"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Message string `json:"message"`
	}
	raceJSONSummary struct {
		ConcurrentPairs   int `json:"concurrentPairs"`
		RaceFreePairs     int `json:"raceFreePairs"`
		RacyPairs         int `json:"racyPairs"`
		InconclusivePairs int `json:"inconclusivePairs"`
		Races             int `json:"races"`
		Findings          int `json:"findings"` // racy variables, suppressed ones included
	}
)

// raceWriteJSON writes the document indented two spaces, with '<', '>' and
// '&' left as they are (C lvalues are full of "->").
func raceWriteJSON(w io.Writer, files []*lockset.FileResult, opts Options) error {
	cache := findingCache{}
	doc := raceJSONDoc{Version: opts.Version, LockChecks: opts.Locks != nil, Baseline: opts.Baseline, Files: []raceJSONFile{}}
	for _, e := range raceEntries(files, opts.Errors) {
		if e.fail != nil {
			doc.Files = append(doc.Files, raceJSONFile{
				Path: e.fail.Path, Status: StatusError, Error: e.fail.Msg, Findings: []raceJSONFinding{},
				EntryPoints: []raceJSONEntryPoint{}, Pairs: []raceJSONPair{},
				Serialised: []raceJSONSerialised{}, Warnings: []raceJSONWarning{},
			})
			continue
		}
		jf := raceJSONFileOf(e.res, cache.of(e.res))
		if opts.Locks != nil {
			jf.LockErrors = lockJSONErrors(opts.Locks[e.res.Path])
			if l := opts.Locks[e.res.Path]; l != nil {
				jf.LockChecksInconclusive = l.Inconclusive
			}
		}
		doc.Files = append(doc.Files, jf)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

func raceJSONFileOf(file *lockset.FileResult, fs []*findings.Finding) raceJSONFile {
	status, why := raceStatus(file)
	jf := raceJSONFile{
		Path:        file.Path,
		Parts:       file.Parts,
		Status:      status,
		Note:        why,
		Findings:    findingsJSON(file.Path, fs),
		EntryPoints: []raceJSONEntryPoint{},
		Pairs:       []raceJSONPair{},
		Serialised:  []raceJSONSerialised{},
		Warnings:    []raceJSONWarning{},
		Summary: raceJSONSummary{
			ConcurrentPairs:   file.ConcurrentPairs(),
			RaceFreePairs:     file.RaceFreePairs(),
			RacyPairs:         file.RacyPairs(),
			InconclusivePairs: file.InconclusivePairs(),
			Races:             file.Races(),
			Findings:          len(fs),
		},
	}
	for _, ep := range file.EntryPoints {
		f, line, col := raceJSONPos(ep.Pos)
		jf.EntryPoints = append(jf.EntryPoints, raceJSONEntryPoint{
			Name: ep.Name(), Role: string(ep.Role), Struct: ep.Struct, Var: ep.Var, Field: ep.Field,
			File: f, Line: line, Column: col, Guessed: ep.Guessed,
		})
	}
	for i := range file.Pairs {
		p := &file.Pairs[i]
		if !p.Pair.Concurrent {
			jf.Serialised = append(jf.Serialised, raceJSONSerialised{
				First: p.Pair.First.Name(), Second: p.Pair.Second.Name(), Reason: p.Pair.Reason,
			})
			continue
		}
		jp := raceJSONPair{
			First: p.Pair.First.Name(), Second: p.Pair.Second.Name(),
			Verdict: string(p.Verdict), Note: p.Note, Races: []raceJSONRace{},
		}
		for _, it := range racePairSorted(p) {
			jr := raceJSONRace{Region: it.race.Region, Why: it.race.Why, Accesses: []raceJSONAccess{},
				Confirmation: confirmJSON(it.race.Confirmation), Suppressed: it.race.Suppressed}
			for _, a := range it.race.Accesses {
				f, line, col := raceJSONPos(a.Pos)
				jr.Accesses = append(jr.Accesses, raceJSONAccess{
					EntryPoint: a.EntryPoint, Function: a.Func, Kind: string(a.Kind), Mode: a.Mode.String(),
					LValue: a.LValue, File: f, Line: line, Column: col,
					Source: raceSource(a), Indent: indentOf(a.Source), Locks: raceLocks(a), Shape: a.Shape,
				})
			}
			jp.Races = append(jp.Races, jr)
		}
		jf.Pairs = append(jf.Pairs, jp)
	}
	for _, d := range file.Warnings {
		f, line, col := raceJSONPos(d.Pos)
		jf.Warnings = append(jf.Warnings, raceJSONWarning{File: f, Line: line, Column: col, Message: d.Msg})
	}
	return jf
}

// indentOf is the white space strings.TrimSpace takes from the left of a
// source line: with the trimmed line it gives back the columns SARIF
// counts (whoop merge writes SARIF from JSON).
func indentOf(line string) string {
	return line[:len(line)-len(strings.TrimLeftFunc(line, unicode.IsSpace))]
}

// raceJSONPos splits p; an invalid position is "", 0, 0.
func raceJSONPos(p ir.Pos) (string, int, int) {
	if !p.IsValid() {
		return "", 0, 0
	}
	return p.File, p.Line, p.Col
}
