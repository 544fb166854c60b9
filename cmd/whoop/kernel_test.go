package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// kernelTree returns the Linux 6.12 tree and build that make test provides
// (WHOOP_KERNEL_TREE, WHOOP_KERNEL_BUILD from scripts/kernel-tree). Under CI
// their absence is a failure; elsewhere the test skips.
func kernelTree(t *testing.T) (tree, build string) {
	tree, build = os.Getenv("WHOOP_KERNEL_TREE"), os.Getenv("WHOOP_KERNEL_BUILD")
	if tree == "" || build == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("WHOOP_KERNEL_TREE and WHOOP_KERNEL_BUILD are not set: make test sets them from scripts/kernel-tree")
		}
		t.Skip("no kernel tree: run through make test, or set WHOOP_KERNEL_TREE and WHOOP_KERNEL_BUILD (scripts/kernel-tree prints them)")
	}
	return tree, build
}

var wantRace = regexp.MustCompile(`//\s*want "race"`)

// fullKernelTests reports whether the long kernel-tree checks run in full:
// make kernel-test sets WHOOP_KERNEL_TESTS=all; make test samples them
// (kernelSample), to stay within its time.
func fullKernelTests() bool { return os.Getenv("WHOOP_KERNEL_TESTS") == "all" }

// kernelSample returns the files a run of a long kernel-tree check reads:
// all of them in full runs, else every fourth (the first, the fifth, ...),
// the same ones every run.
func kernelSample(files []string) []string {
	if fullKernelTests() {
		return files
	}
	var out []string
	for i := 0; i < len(files); i += 4 {
		out = append(out, files[i])
	}
	return out
}

// TestKernelTreePrograms reads each program of testdata/kernel (make test:
// a quarter of them, kernelSample) against the real 6.12 headers
// (--kernel) and checks that the lines with a
// `// want "race"` comment, and only those, are accesses of reported races,
// and that no lock-discipline error is reported (the programs lock
// correctly).
func TestKernelTreePrograms(t *testing.T) {
	tree, build := kernelTree(t)
	files, err := filepath.Glob(filepath.Join("testdata", "kernel", "*.c"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, file := range kernelSample(files) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want := map[int]bool{}
			for i, line := range strings.Split(string(src), "\n") {
				if wantRace.MatchString(line) {
					want[i+1] = true
				}
			}
			code, stdout, stderr := runWhoop(t, "--kernel", tree, "--kernel-build", build, "--format", "json", "--no-progress", file)
			if code != exitOK && code != exitRaces {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var res struct {
				Files []struct {
					LockErrors []struct {
						Kind string `json:"kind"`
						Line int    `json:"line"`
					} `json:"lockErrors"`
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
			got := map[int]bool{}
			for _, f := range res.Files {
				// The programs lock correctly: guards release at scope exit.
				for _, le := range f.LockErrors {
					t.Errorf("%s:%d: unexpected lock error %s", file, le.Line, le.Kind)
				}
				for _, p := range f.Pairs {
					for _, r := range p.Races {
						for _, a := range r.Accesses {
							if filepath.Base(a.File) == filepath.Base(file) {
								got[a.Line] = true
							}
						}
					}
				}
			}
			for _, l := range sortedLines(want) {
				if !got[l] {
					t.Errorf("%s:%d: expected a race", file, l)
				}
			}
			for _, l := range sortedLines(got) {
				if !want[l] {
					t.Errorf("%s:%d: unexpected race", file, l)
				}
			}
		})
	}
}

func sortedLines(m map[int]bool) []int {
	var out []int
	for l := range m {
		out = append(out, l)
	}
	sort.Ints(out)
	return out
}

// TestKernelTreeProjectedSummaries: in drivers/rtc/rtc-mc146818-lib.c,
// mc146818_does_rtc_work calls mc146818_avoid_UIP with no callback, so it
// makes none of the callback's accesses under rtc_lock that race with
// mc146818_get_time's and mc146818_set_time's. What says so for the pair is
// two proved summary facts about avoid_UIP's lock record, which the pair
// leaves out (rtc_lock is held on every path to its sites): their
// projection (lockset's projectBits) must keep it. Dropping them reported
// both pairs racy.
func TestKernelTreeProjectedSummaries(t *testing.T) {
	tree, build := kernelTree(t)
	code, stdout, stderr := runWhoop(t, "--kernel", tree, "--kernel-build", build, "--format", "json", "--no-progress",
		filepath.Join(tree, "drivers", "rtc", "rtc-mc146818-lib.c"))
	if code != exitOK && code != exitRaces {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Files []struct {
			Pairs []struct {
				First   string `json:"first"`
				Second  string `json:"second"`
				Verdict string `json:"verdict"`
			} `json:"pairs"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Files) != 1 {
		t.Fatalf("json: %v (%d files)", err, len(res.Files))
	}
	want := map[string]bool{"mc146818_get_time": true, "mc146818_set_time": true}
	for _, p := range res.Files[0].Pairs {
		if p.First == "mc146818_does_rtc_work" && want[p.Second] {
			delete(want, p.Second)
			if p.Verdict != "race-free" {
				t.Errorf("%s|%s: %s, want race-free", p.First, p.Second, p.Verdict)
			}
		}
	}
	for f := range want {
		t.Errorf("no pair mc146818_does_rtc_work|%s", f)
	}
}

// TestKernelTreeUnpublishedLocals: fintek_wdt_init fills in a stack
// struct resource field by field, then hands it to
// platform_device_register_resndata, which registers the device whose
// probe reads its resources. The writes before the call race with
// nothing (unpublished-locals); with the assumption dropped they race with
// probe's read, as the flow-insensitive regions alone say.
func TestKernelTreeUnpublishedLocals(t *testing.T) {
	tree, build := kernelTree(t)
	file := filepath.Join(tree, "drivers", "watchdog", "f71808e_wdt.c")
	code, stdout, stderr := runWhoop(t, "--kernel", tree, "--kernel-build", build, "--no-progress", file)
	if code != exitOK || !strings.Contains(stdout+stderr, "0 findings on 0 variables (0 racy pairs of 20 concurrent)") {
		t.Errorf("exit %d, want 0 and every pair race-free:\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runWhoop(t, "-v", "--kernel", tree, "--kernel-build", build, "--no-progress",
		"--no-assume", "unpublished-locals", file)
	const race = "f71808e_wdt.c:643:2: warning: potential read-write race on 'wdt_res.start' between fintek_wdt_probe and fintek_wdt_init"
	if code != exitRaces || !strings.Contains(stdout+stderr, race) {
		t.Errorf("--no-assume unpublished-locals: exit %d, want 1 and %q:\n%s%s", code, race, stdout, stderr)
	}
}

// TestKernelTreeUnpublishedAllocations: adm9240_probe writes
// data->regmap on the object devm_kzalloc just returned, before any call
// that may keep the pointer: the write races with nothing
// (unpublished-allocations), not with the sysfs shows of the device
// another probe registered; with the assumption dropped it races with them,
// as the flow-insensitive regions alone say. The shows are also published
// only later (devm_hwmon_device_register_with_info's extra groups), so
// publication is dropped in both runs: each assumption alone hides the
// race.
func TestKernelTreeUnpublishedAllocations(t *testing.T) {
	tree, build := kernelTree(t)
	file := filepath.Join(tree, "drivers", "hwmon", "adm9240.c")
	const site = "adm9240.c:795:2:"
	_, stdout, stderr := runWhoop(t, "-v", "--kernel", tree, "--kernel-build", build, "--no-progress",
		"--no-assume", "publication", file)
	if strings.Contains(stdout+stderr, site) {
		t.Errorf("--no-assume publication: the write at %s races:\n%s%s", site, stdout, stderr)
	}
	_, stdout, stderr = runWhoop(t, "-v", "--kernel", tree, "--kernel-build", build, "--no-progress",
		"--no-assume", "publication,unpublished-allocations", file)
	const race = site + " warning: potential read-write race on 'data->regmap' between cpu0_vid_show and adm9240_probe"
	if !strings.Contains(stdout+stderr, race) {
		t.Errorf("--no-assume publication,unpublished-allocations: want %q:\n%s%s", race, stdout, stderr)
	}
}

// TestKernelTreeSyncCallbacks: rtc-cmos.c passes cmos_read_alarm_callback
// and cmos_set_alarm_callback to mc146818_avoid_UIP, which calls them on
// the caller's thread before it returns (models/callbacks.go): they are
// callees of cmos_read_alarm and cmos_set_alarm, not entry points. The
// stack locals memset before they go to a driver function are private:
// the fortified memset's __builtin_dynamic_object_size(&local) uses the
// address for nothing.
func TestKernelTreeSyncCallbacks(t *testing.T) {
	tree, build := kernelTree(t)
	file := filepath.Join(tree, "drivers", "rtc", "rtc-cmos.c")
	code, stdout, stderr := runWhoop(t, "entrypoints", "--kernel", tree, "--kernel-build", build, file)
	if code != exitOK || !strings.Contains(stdout, "cmos_read_alarm ") || strings.Contains(stdout, "_callback") {
		t.Errorf("entrypoints: exit %d, want cmos_read_alarm and no callback:\n%s%s", code, stdout, stderr)
	}
	_, stdout, stderr = runWhoop(t, "-v", "--kernel", tree, "--kernel-build", build, "--no-progress", file)
	for _, gone := range []string{"race on '__builtin_memset(&current_alarm)'", "race on 'p.time'", "between cmos_read_alarm_callback"} {
		if strings.Contains(stdout+stderr, gone) {
			t.Errorf("still reported: %s", gone)
		}
	}
	if !strings.Contains(stdout+stderr, "race on 'cmos->suspend_ctrl'") {
		t.Errorf("the races on cmos->suspend_ctrl are gone too:\n%s", stderr)
	}
}

// make test reads a quarter of the kernel programs, the same ones every
// run; make kernel-test (WHOOP_KERNEL_TESTS=all) reads them all.
func TestKernelSample(t *testing.T) {
	files := []string{"a.c", "b.c", "c.c", "d.c", "e.c", "f.c"}
	t.Setenv("WHOOP_KERNEL_TESTS", "")
	if got := strings.Join(kernelSample(files), " "); got != "a.c e.c" {
		t.Errorf("sampled: %s, want a.c e.c", got)
	}
	t.Setenv("WHOOP_KERNEL_TESTS", "all")
	if got := len(kernelSample(files)); got != len(files) {
		t.Errorf("full run: %d files, want %d", got, len(files))
	}
}
