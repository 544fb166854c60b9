package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// TestKernelTreeModuleExports analyses testdata/modexports (an exported
// probe helper and attribute groups in core.c, used by front.c's
// i2c_driver) as one module. Under module-exports the helper runs only
// inside the front end's probe and the attributes are only its
// dev_groups: the races left are those of me_reset, an export no file
// given uses. Without the assumption every export is callable at any
// time and the groups reach other modules (the old reports).
func TestKernelTreeModuleExports(t *testing.T) {
	tree, build := kernelTree(t)
	files := []string{filepath.Join("testdata", "modexports", "core.c"), filepath.Join("testdata", "modexports", "front.c")}
	for _, c := range []struct {
		flags []string
		want  []string
	}{
		{nil, []string{"core.c:25", "core.c:48", "core.c:56"}},
		{[]string{"--no-assume", "module-exports"}, []string{"core.c:23", "core.c:25", "core.c:40", "core.c:41",
			"core.c:48", "core.c:54", "core.c:56"}},
	} {
		args := append([]string{"--kernel", tree, "--kernel-build", build, "--format", "json", "--no-progress", "--module"}, c.flags...)
		code, stdout, stderr := runWhoop(t, append(args, files...)...)
		if code != exitRaces {
			t.Fatalf("%v: exit %d: %s", c.flags, code, stderr)
		}
		var res struct {
			Files []struct {
				Pairs []struct {
					Races []struct {
						Accesses []struct {
							File string `json:"file"`
							Line int    `json:"line"`
						} `json:"accesses"`
					} `json:"races"`
				} `json:"pairs"`
			} `json:"files"`
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatalf("json: %v", err)
		}
		var got []string
		for _, f := range res.Files {
			for _, p := range f.Pairs {
				for _, r := range p.Races {
					for _, a := range r.Accesses {
						if l := fmt.Sprintf("%s:%d", filepath.Base(a.File), a.Line); !slices.Contains(got, l) {
							got = append(got, l)
						}
					}
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: race lines %v, want %v", c.flags, got, c.want)
		}
	}
}
