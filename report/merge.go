package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// MergeJSON joins JSON reports of whoop runs over disjoint sets of files
// (shards of one sweep) into one document: the files of all of them,
// ordered by path, as a single run over the sorted files writes them. The
// reports must come from the same whoop version.
func MergeJSON(w io.Writer, names []string, docs []io.Reader) error {
	var out raceJSONDoc
	out.Files = []raceJSONFile{}
	seen := map[string]string{}
	for i, name := range names {
		var doc raceJSONDoc
		dec := json.NewDecoder(docs[i])
		dec.DisallowUnknownFields()
		if err := dec.Decode(&doc); err != nil {
			return fmt.Errorf("%s: not a whoop JSON report: %w", name, err)
		}
		if i == 0 {
			out.Version = doc.Version
		} else if doc.Version != out.Version {
			return fmt.Errorf("%s: made by whoop %q, %s by %q: merge reports of one version", name, doc.Version, names[0], out.Version)
		}
		for _, f := range doc.Files {
			if prev, dup := seen[f.Path]; dup {
				return fmt.Errorf("%s: %s is also in %s: shards must not overlap", name, f.Path, prev)
			}
			seen[f.Path] = name
			out.Files = append(out.Files, f)
		}
	}
	slices.SortStableFunc(out.Files, func(a, b raceJSONFile) int { return strings.Compare(a.Path, b.Path) })
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
