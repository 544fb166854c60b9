package report

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/lockset"
)

// JSON holds everything a SARIF log says: the log whoop merge makes from a
// run's JSON report is the run's own log, byte for byte. The fixtures cover
// sources indented with tabs and with non-ASCII text before the access
// (SARIF counts code points), atomic and marked accesses, an inconclusive
// pair, warnings, a file that could not be analysed, lock errors, a
// confirmed race with its interleaving, and baseline and comment
// suppressions.
func TestMergeJSONToSARIF(t *testing.T) {
	build := func() ([]*lockset.FileResult, Options) {
		nvram, demo := raceFixNvram(), raceFixDemo()
		for i := range nvram.Pairs {
			p := &nvram.Pairs[i]
			if p.Pair.First.Name() != "nvram_llseek" || p.Pair.Second.Name() != "nvram_llseek" {
				continue
			}
			a := p.Races[0].Accesses
			p.Races[0].Confirmation = &lockset.Confirmation{Status: lockset.Confirmed, Note: "confirmed within csb 2", Steps: []lockset.Step{
				{Thread: 1, EntryPoint: "nvram_llseek", Func: "nvram_llseek", Pos: a[0].Pos, Source: a[0].Source, Kind: "write", LValue: "file->f_pos", Value: "1"},
				{Thread: 1, EntryPoint: "nvram_llseek", Kind: "switch"},
				{Thread: 2, EntryPoint: "nvram_llseek", Func: "nvram_llseek", Pos: a[1].Pos, Source: a[1].Source, Kind: "read", LValue: "file->f_pos", Value: "0"},
				{Thread: 1, EntryPoint: "nvram_llseek", Func: "nvram_llseek", Pos: a[0].Pos, Source: a[0].Source, Kind: "race", LValue: "file->f_pos", Value: "0"},
			}}
			p.Races[1].Suppressed = SuppressedBaseline // f_pos: updated (one of its two races is old)
		}
		for i := range nvram.Pairs {
			for j := range nvram.Pairs[i].Races {
				if r := &nvram.Pairs[i].Races[j]; r.Region == "global nvram_len" {
					r.Suppressed = SuppressedBaseline // nvram_len: unchanged
				}
			}
		}
		for i := range demo.Pairs {
			if len(demo.Pairs[i].Races) > 0 {
				demo.Pairs[i].Races[0].Suppressed = "comment: the count is approximate"
				break
			}
		}
		files := []*lockset.FileResult{raceFixClean(), nvram, raceFixEmpty(), demo}
		slices.SortFunc(files, func(a, b *lockset.FileResult) int { return strings.Compare(a.Path, b.Path) })
		opts := Options{Version: "test", Locks: lockFix(nvram.Path), Baseline: true,
			Errors: []FileError{{Path: "broken.c", Index: 0, Msg: "broken.c:3:1: expected ';'"}}}
		opts.Locks[demo.Path] = &lockset.LockResult{Path: demo.Path}
		return files, opts
	}
	for _, c := range []struct {
		name string
		edit func(*Options)
	}{
		{"locks and baseline", func(*Options) {}},
		{"races only", func(o *Options) { o.Locks, o.Baseline = nil, false }},
	} {
		t.Run(c.name, func(t *testing.T) {
			files, opts := build()
			c.edit(&opts)
			var js, want bytes.Buffer
			if err := WriteRaces(&js, JSON, files, opts); err != nil {
				t.Fatal(err)
			}
			if err := WriteRaces(&want, SARIF, files, opts); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := MergeJSONToSARIF(&got, []string{"r.json"}, []io.Reader{&js}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				gl, wl := strings.Split(got.String(), "\n"), strings.Split(want.String(), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("line %d: got %q, want %q", i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("got %d lines, want %d", len(gl), len(wl))
			}
			if c.name == "locks and baseline" {
				for _, s := range []string{`"baselineState": "unchanged"`, `"baselineState": "updated"`, `"threadFlows"`, `"double-lock"`, `"ruleId": "data-race"`, `"kind": "inSource"`, `"kind": "open"`} {
					if !strings.Contains(want.String(), s) {
						t.Errorf("the fixture's log lacks %s: the test covers less than it says", s)
					}
				}
			}
		})
	}
}
