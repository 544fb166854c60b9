package report

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// MergeJSON joins JSON reports of whoop runs over disjoint sets of files
// (shards of one sweep) into one document: the files of all of them,
// ordered by path, as a single run over the sorted files writes them. The
// reports must come from the same whoop version.
func MergeJSON(w io.Writer, names []string, docs []io.Reader) error {
	out, err := mergeJSONDocs(names, docs)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// MergeJSONToSARIF joins JSON reports as MergeJSON does and writes the
// SARIF log one run over all their files writes (whoop --format sarif).
// The JSON keeps what the log needs: each source line's indentation, whether
// the lock checks ran and whether a baseline was applied.
func MergeJSONToSARIF(w io.Writer, names []string, docs []io.Reader) error {
	doc, err := mergeJSONDocs(names, docs)
	if err != nil {
		return err
	}
	files, opts, err := fromJSON(doc)
	if err != nil {
		return err
	}
	return raceWriteSARIF(w, files, opts)
}

// mergeJSONDocs decodes the reports and joins their files, ordered by path.
func mergeJSONDocs(names []string, docs []io.Reader) (raceJSONDoc, error) {
	var out raceJSONDoc
	out.Files = []raceJSONFile{}
	seen := map[string]string{}
	for i, name := range names {
		var doc raceJSONDoc
		dec := json.NewDecoder(docs[i])
		dec.DisallowUnknownFields()
		if err := dec.Decode(&doc); err != nil {
			return out, fmt.Errorf("%s: not a whoop JSON report: %w", name, err)
		}
		if i == 0 {
			out.Version, out.LockChecks, out.Baseline = doc.Version, doc.LockChecks, doc.Baseline
		} else if doc.Version != out.Version {
			return out, fmt.Errorf("%s: made by whoop %q, %s by %q: merge reports of one version", name, doc.Version, names[0], out.Version)
		} else if doc.LockChecks != out.LockChecks || doc.Baseline != out.Baseline {
			return out, fmt.Errorf("%s and %s differ in --checks or --baseline: merge reports of one sweep", name, names[0])
		}
		for _, f := range doc.Files {
			if prev, dup := seen[f.Path]; dup {
				return out, fmt.Errorf("%s: %s is also in %s: shards must not overlap", name, f.Path, prev)
			}
			seen[f.Path] = name
			out.Files = append(out.Files, f)
		}
	}
	slices.SortStableFunc(out.Files, func(a, b raceJSONFile) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

// MergeSARIF joins the SARIF logs of whoop runs over disjoint sets of files
// (shards of one sweep) into the log one run over the sorted files writes:
// each file's race and open results, then each file's lock results, and
// each file's notifications, in path order. Results name their file by
// analysisTarget, notifications by the property "file". The logs must come
// from the same whoop version and checks.
func MergeSARIF(w io.Writer, names []string, docs [][]byte) error {
	ps := &sarifParts{names: names, byPath: map[string]*sarifPart{}}
	var out *sarif.Report
	success := true
	for i, data := range docs {
		rep, err := whoopSARIF(names[i], data)
		if err != nil {
			return err
		}
		if out == nil {
			out = rep
		} else if err := sameSARIFTool(names, i, out, rep); err != nil {
			return err
		}
		run := rep.Runs[0]
		if err := ps.add(i, run); err != nil {
			return err
		}
		if inv := run.Invocations[0]; inv.ExecutionSuccessful != nil && !*inv.ExecutionSuccessful {
			success = false
		}
	}
	ps.join(out.Runs[0])
	out.Runs[0].Invocations[0].ExecutionSuccessful = &success
	if err := out.PrettyWrite(w); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// whoopSARIF decodes a log whoop wrote: one run of one invocation.
func whoopSARIF(name string, data []byte) (*sarif.Report, error) {
	rep, err := sarif.FromBytes(data)
	if err != nil {
		return nil, fmt.Errorf("%s: not a SARIF log: %w", name, err)
	}
	if len(rep.Runs) != 1 || rep.Runs[0].Tool == nil || rep.Runs[0].Tool.Driver == nil || len(rep.Runs[0].Invocations) != 1 {
		return nil, fmt.Errorf("%s: not a whoop SARIF log (one run, one invocation)", name)
	}
	return rep, nil
}

// sameSARIFTool: the i-th log rep comes from the version and checks of
// the first, out.
func sameSARIFTool(names []string, i int, out, rep *sarif.Report) error {
	d0, d := out.Runs[0].Tool.Driver, rep.Runs[0].Tool.Driver
	if str(d.Version) != str(d0.Version) || len(d.Rules) != len(d0.Rules) {
		return fmt.Errorf("%s: made by whoop %q with %d rules, %s by %q with %d: merge logs of one version and one --checks",
			names[i], str(d.Version), len(d.Rules), names[0], str(d0.Version), len(d0.Rules))
	}
	return nil
}

// sarifParts gathers the logs' results and notifications by file.
type sarifParts struct {
	names  []string
	byPath map[string]*sarifPart
}

type sarifPart struct {
	races, locks []*sarif.Result
	notes        []*sarif.Notification
	from         int // the input it came from
}

// get is path's part, which input i must be the only one to have.
func (ps *sarifParts) get(path string, i int) (*sarifPart, error) {
	p := ps.byPath[path]
	if p == nil {
		p = &sarifPart{from: i}
		ps.byPath[path] = p
	}
	if p.from != i {
		return nil, fmt.Errorf("%s: %s is also in %s: shards must not overlap", ps.names[i], path, ps.names[p.from])
	}
	return p, nil
}

// add files the results and notifications of run, input i's.
func (ps *sarifParts) add(i int, run *sarif.Run) error {
	name := ps.names[i]
	for _, r := range run.Results {
		if r.AnalysisTarget == nil || r.AnalysisTarget.URI == nil {
			return fmt.Errorf("%s: a result without analysisTarget: not written by this version of whoop", name)
		}
		path, err := sarifPath(*r.AnalysisTarget.URI)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		p, err := ps.get(path, i)
		if err != nil {
			return err
		}
		if str(r.RuleID) == raceSARIFRuleID {
			p.races = append(p.races, r)
		} else {
			p.locks = append(p.locks, r)
		}
	}
	for _, n := range run.Invocations[0].ToolExecutionNotifications {
		var path string
		if n.Properties != nil {
			path, _ = n.Properties.Properties["file"].(string)
		}
		if path == "" {
			return fmt.Errorf("%s: a notification without its file: not written by this version of whoop", name)
		}
		p, err := ps.get(path, i)
		if err != nil {
			return err
		}
		p.notes = append(p.notes, n)
	}
	return nil
}

// join puts the parts in run, in path order: the race and open results,
// then the lock results, and the notifications.
func (ps *sarifParts) join(run *sarif.Run) {
	paths := make([]string, 0, len(ps.byPath))
	for path := range ps.byPath {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	run.Results = nil
	var locks []*sarif.Result
	inv := run.Invocations[0]
	inv.ToolExecutionNotifications = nil
	for _, path := range paths {
		p := ps.byPath[path]
		run.Results = append(run.Results, p.races...)
		locks = append(locks, p.locks...)
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, p.notes...)
	}
	run.Results = append(run.Results, locks...)
}

// sarifPath is the file path a URI the SARIF writer made stands for.
func sarifPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("analysisTarget %q: %w", uri, err)
	}
	return filepath.FromSlash(u.Path), nil
}

func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
