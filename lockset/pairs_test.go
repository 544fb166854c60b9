package lockset_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/models"
)

// Pair annotations, anywhere in a test program:
//
//	// want pair "A B concurrent"
//	// want pair "A B concurrent distinct I:J"       (parameter I of A, J of B)
//	// want pair "A B not-concurrent: REASON SUBSTRING"
//
// A and B are function names, or "fn[struct.field]" when a function is
// several entry points. Every pair of the program must match exactly one
// annotation (in either order) and every annotation one pair.

var pairWantLine = regexp.MustCompile(`//\s*want\s+pair\s+"([^"]*)"`)

type pairWant struct {
	line       int
	a, b       string
	concurrent bool
	distinct   [][2]int
	reason     string
	used       bool
}

func parsePairWants(t *testing.T, path string) []*pairWant {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []*pairWant
	for i, line := range strings.Split(string(src), "\n") {
		m := pairWantLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		w := &pairWant{line: i + 1}
		text := m[1]
		if k := strings.Index(text, " not-concurrent:"); k >= 0 {
			w.reason = strings.TrimSpace(text[k+len(" not-concurrent:"):])
			text = text[:k] + " not-concurrent"
		}
		f := strings.Fields(text)
		if len(f) < 3 {
			t.Fatalf("%s:%d: malformed pair annotation %q", path, i+1, m[1])
		}
		w.a, w.b = f[0], f[1]
		switch f[2] {
		case "concurrent":
			w.concurrent = true
			if len(f) > 3 {
				if f[3] != "distinct" || len(f) < 5 {
					t.Fatalf("%s:%d: malformed pair annotation %q", path, i+1, m[1])
				}
				for _, d := range f[4:] {
					var x, y int
					if _, err := fmt.Sscanf(d, "%d:%d", &x, &y); err != nil {
						t.Fatalf("%s:%d: bad distinct %q", path, i+1, d)
					}
					w.distinct = append(w.distinct, [2]int{x, y})
				}
			}
		case "not-concurrent":
			if w.reason == "" {
				t.Fatalf("%s:%d: not-concurrent needs a reason substring", path, i+1)
			}
		default:
			t.Fatalf("%s:%d: malformed pair annotation %q", path, i+1, m[1])
		}
		out = append(out, w)
	}
	return out
}

// pairNames names entry points as the annotations do.
func pairNames(eps []*ir.EntryPoint) map[*ir.EntryPoint]string {
	count := map[string]int{}
	for _, e := range eps {
		count[e.Func.Name]++
	}
	names := map[*ir.EntryPoint]string{}
	for _, e := range eps {
		n := e.Func.Name
		if count[n] > 1 {
			reg := e.Struct
			if e.Field != "" {
				reg += "." + e.Field
			}
			n += "[" + reg + "]"
		}
		names[e] = n
	}
	return names
}

func swapped(ds [][2]int) [][2]int {
	out := make([][2]int, len(ds))
	for i, d := range ds {
		out[i] = [2]int{d[1], d[0]}
	}
	return out
}

func describePair(names map[*ir.EntryPoint]string, p lockset.Pair) string {
	s := names[p.First] + " " + names[p.Second]
	if !p.Concurrent {
		return s + " not-concurrent (" + p.Rule + ": " + p.Reason + ")"
	}
	s += " concurrent"
	for _, d := range p.DistinctParams {
		s += " " + strconv.Itoa(d[0]) + ":" + strconv.Itoa(d[1])
	}
	return s
}

func loadEntry(t *testing.T, path string) *ir.Program {
	t.Helper()
	prog, err := frontend.LoadUntil(context.Background(), path, frontend.Config{}, "entry")
	if err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	return prog
}

func TestPairAnnotations(t *testing.T) {
	files, err := filepath.Glob("testdata/pairs/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			prog := loadEntry(t, path)
			wants := parsePairWants(t, path)
			names := pairNames(prog.EntryPoints)
			pairs := lockset.Pairs(prog)
			if n := len(prog.EntryPoints); len(pairs) != n*(n+1)/2 {
				t.Errorf("%d pairs of %d entry points", len(pairs), n)
			}
			for _, p := range pairs {
				a, b := names[p.First], names[p.Second]
				var w *pairWant
				flip := false
				for _, c := range wants {
					if c.a == a && c.b == b {
						w = c
					} else if c.a == b && c.b == a {
						w, flip = c, true
					}
					if w != nil {
						break
					}
				}
				if w == nil {
					t.Errorf("unexpected pair: %s", describePair(names, p))
					continue
				}
				if w.used {
					t.Errorf("line %d: annotation matches two pairs", w.line)
				}
				w.used = true
				distinct := w.distinct
				if flip {
					distinct = swapped(distinct)
				}
				switch {
				case w.concurrent != p.Concurrent:
					t.Errorf("line %d: got %s", w.line, describePair(names, p))
				case !p.Concurrent && !strings.Contains(p.Reason, w.reason):
					t.Errorf("line %d: reason %q lacks %q", w.line, p.Reason, w.reason)
				case p.Concurrent && !reflect.DeepEqual(distinct, p.DistinctParams) && (len(distinct) > 0 || len(p.DistinctParams) > 0):
					t.Errorf("line %d: got %s, want distinct %v", w.line, describePair(names, p), distinct)
				}
			}
			for _, w := range wants {
				if !w.used {
					t.Errorf("line %d: missing pair %s %s", w.line, w.a, w.b)
				}
			}
		})
	}
}

// TestManyDevices: without the one-device assumption, per-device rules
// keep pairs concurrent; kernel-wide rules and single global objects do not.
func TestManyDevices(t *testing.T) {
	prog := loadEntry(t, filepath.Join("testdata", "pairs", "deferred.c"))
	names := pairNames(prog.EntryPoints)
	got := map[string]bool{}
	for _, p := range lockset.PairsWith(prog, lockset.PairOptions{ManyDevices: true}) {
		if p.First == p.Second {
			got[names[p.First]] = p.Concurrent
		}
	}
	want := map[string]bool{"q_irq": true, "q_shared": true, "q_gtick": false, "q_tick": true, "q_work": true,
		"q_tasklet": true, "q_init": false}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("self-pairs concurrent: %v, want %v", got, want)
	}
}

// TestPublication: what init entry points publish, and the closure the
// lockset uses to restrict init to the code after a registration.
func TestPublication(t *testing.T) {
	prog := loadEntry(t, filepath.Join("testdata", "pairs", "fileops.c"))
	var initEP *ir.EntryPoint
	for _, ep := range prog.EntryPoints {
		if ep.Func.Name == "f_init" {
			initEP = ep
		}
	}
	if got := lockset.Publishes(prog, initEP); !reflect.DeepEqual(got, []string{models.ClassChardev}) {
		t.Errorf("f_init publishes %v", got)
	}
	prog = loadEntry(t, filepath.Join("testdata", "pairs", "deferred.c"))
	for _, ep := range prog.EntryPoints {
		if ep.Func.Name == "q_init" {
			initEP = ep
		}
	}
	if got := lockset.Publishes(prog, initEP); !reflect.DeepEqual(got, []string{models.ClassIRQ, models.ClassTimer}) {
		t.Errorf("q_init publishes %v", got)
	}
	// Publishing the interrupt makes only interrupt handlers callable here:
	// they publish nothing further.
	if got := lockset.Reachable(prog, []string{models.ClassIRQ}); !reflect.DeepEqual(got, []string{"", models.ClassIRQ}) {
		t.Errorf("reachable from irq: %v", got)
	}
}

// TestHeldLocks: the held locks of entry points, with registration locks.
func TestHeldLocks(t *testing.T) {
	prog := loadEntry(t, filepath.Join("testdata", "pairs", "block.c"))
	got := map[string][]string{}
	for _, ep := range prog.EntryPoints {
		if l := lockset.HeldLocks(prog, ep); len(l) > 0 {
			got[ep.Func.Name] = l
		}
	}
	want := map[string][]string{
		"b_open": {models.BdMutex}, "b_release": {models.BdMutex}, "b_request": {"global b_lock"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("held locks: %v, want %v", got, want)
	}
}

// TestReferenceDriverPairs: pair counts of the ten reference drivers and
// the verdicts that explain them, derived by hand from the drivers' entry
// points and the rules (the final report tabulates them against the
// paper). The test fails if ../shared/drivers is missing.
func TestReferenceDriverPairs(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "drivers")
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("reference drivers missing: %v", err)
	}
	cases := []struct {
		path              string
		eps, concurrent   int
		notConcurrentRule map[string]int // rule -> number of pairs it keeps apart
		pairs             []string       // "A B yes|no"
	}{
		{"char/generic_nvram", 6, 14, map[string]int{"module-ref": 4, "module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"nvram_llseek nvram_llseek yes", "nvram_llseek nvram_init yes", "write_nvram nvram_cleanup no"}},
		{"char/pc8736x_gpio", 8, 32, map[string]int{"module-ref": 1, "module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"pc8736x_gpio_get pc8736x_gpio_cleanup yes", "pc8736x_gpio_open pc8736x_gpio_cleanup no"}},
		{"watchdog/machzwd", 8, 28, map[string]int{"module-ref": 4, "timer": 1, "module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"zf_ping zf_ping no", "zf_write zf_close yes", "zf_notify_sys zf_exit yes"}},
		{"char/ds1286", 8, 33, map[string]int{"module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"ds1286_read ds1286_exit yes", "ds1286_read_proc ds1286_read_proc yes"}},
		{"char/dtlk", 9, 35, map[string]int{"module-ref": 6, "timer": 1, "module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"dtlk_timer_tick dtlk_poll yes", "dtlk_release dtlk_poll yes"}},
		{"char/efirtc", 6, 15, map[string]int{"module-ref": 3, "module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"efi_rtc_read_proc efi_rtc_exit yes"}},
		{"char/mbcs", 12, 72, map[string]int{"device-lock": 3, "module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"mbcs_completion_intr_handler mbcs_completion_intr_handler yes", "mbcs_gscr_mmap mbcs_gscr_mmap yes",
				"mbcs_probe mbcs_remove no", "mbcs_probe mbcs_init yes"}},
		{"char/sonypi", 13, 75, map[string]int{"module-ref": 6, "device-lock": 6, "work": 1, "module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"sonypi_irq sonypi_irq yes", "input_keyrelease input_keyrelease no", "sonypi_probe sonypi_shutdown no"}},
		{"block/swim", 12, 64, map[string]int{"bd-mutex": 3, "device-lock": 3, "queue-lock": 1, "module-ref": 4, "module-init-once": 1, "module-init-exit": 1, "module-exit-once": 1},
			[]string{"floppy_unlocked_open floppy_release no", "floppy_ioctl floppy_ioctl yes", "floppy_check_events swim_exit yes"}},
		{"net/ethernet/8139too", 31, 315, map[string]int{"rtnl": 171, "tx-lock": 3, "addr-lock": 1, "device-lock": 3, "napi": 1, "work": 1, "irq-line": 1},
			[]string{"rtl8139_open rtl8139_get_drvinfo no", "netdev_ioctl rtl8139_open yes", "rtl8139_get_link rtl8139_open yes",
				"rtl8139_start_xmit rtl8139_tx_timeout no", "rtl8139_start_xmit rtl8139_open yes", "rtl8139_get_stats64 rtl8139_get_stats64 yes"}},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			prog := loadEntry(t, filepath.Join(dir, c.path, "driver.c"))
			if len(prog.EntryPoints) != c.eps {
				t.Fatalf("%d entry points, want %d", len(prog.EntryPoints), c.eps)
			}
			pairs := lockset.Pairs(prog)
			names := pairNames(prog.EntryPoints)
			conc := 0
			rules := map[string]int{}
			verdict := map[string]string{}
			for _, p := range pairs {
				v := "no"
				if p.Concurrent {
					conc++
					v = "yes"
				} else {
					rules[p.Rule]++
				}
				verdict[names[p.First]+" "+names[p.Second]] = v
				verdict[names[p.Second]+" "+names[p.First]] = v
			}
			if conc != c.concurrent || !reflect.DeepEqual(rules, c.notConcurrentRule) {
				t.Errorf("%d concurrent, rules %v; want %d, %v", conc, rules, c.concurrent, c.notConcurrentRule)
			}
			for _, w := range c.pairs {
				f := strings.Fields(w)
				if got := verdict[f[0]+" "+f[1]]; got != f[2] {
					t.Errorf("pair %s %s: concurrent %q, want %q", f[0], f[1], got, f[2])
				}
			}
		})
	}
}
