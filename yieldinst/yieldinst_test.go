package yieldinst_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/yieldinst"
)

func compute(t *testing.T, path string) map[yieldinst.Mode]*yieldinst.Set {
	t.Helper()
	ctx := context.Background()
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lockset.Check(ctx, prog, lockset.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	out := map[yieldinst.Mode]*yieldinst.Set{}
	for _, m := range []yieldinst.Mode{yieldinst.All, yieldinst.EPP, yieldinst.MR} {
		out[m] = yieldinst.Compute(prog, res, m)
	}
	return out
}

// pairYields renders the yields of pair first/second as "line:kind:detail".
func pairYields(s *yieldinst.Set, first, second string) []string {
	var out []string
	for _, p := range s.Pairs {
		if p.First != first || p.Second != second {
			continue
		}
		for _, y := range p.Yields {
			line := y.Pos[strings.Index(y.Pos, ":")+1:]
			line = line[:strings.Index(line, ":")]
			d := y.Lock
			if y.Kind == yieldinst.AccessYield {
				d = y.Access + " " + y.LValue
			}
			out = append(out, fmt.Sprintf("%s:%s:%s", line, y.Kind, d))
		}
	}
	return out
}

func TestModes(t *testing.T) {
	sets := compute(t, "testdata/mixed.c")
	got := map[yieldinst.Mode]string{}
	for m, s := range sets {
		got[m] = strings.Join(pairYields(s, "dev_open", "dev_open"), " ")
	}
	want := map[yieldinst.Mode]string{
		// every lock operation and every access of counter and hits, callee first in block order
		yieldinst.All: "21:access:read hits 21:access:write hits 13:lock:mutex_lock 14:access:read counter 14:access:write counter 15:lock:mutex_unlock",
		yieldinst.EPP: "21:access:read hits 21:access:write hits 13:lock:mutex_lock 14:access:read counter 14:access:write counter 15:lock:mutex_unlock",
		// counter is proved race-free in the pair: only hits keeps its access yields
		yieldinst.MR: "21:access:read hits 21:access:write hits 13:lock:mutex_lock 15:lock:mutex_unlock",
	}
	for m, w := range want {
		if got[m] != w {
			t.Errorf("mode %s:\n got %s\nwant %s", m, got[m], w)
		}
	}
	if !(sets[yieldinst.MR].Total() < sets[yieldinst.All].Total()) {
		t.Errorf("MR has %d yields, ALL %d: want fewer", sets[yieldinst.MR].Total(), sets[yieldinst.All].Total())
	}
	for _, y := range sets[yieldinst.All].Pairs[0].Yields {
		if (y.Kind == yieldinst.AccessYield) != y.RaceCheck {
			t.Errorf("%s: %s yield with race check %v", y.Pos, y.Kind, y.RaceCheck)
		}
	}
}

// A race-free pair keeps only its lock yields in EPP and MR.
func TestRaceFreePairKeepsLockYields(t *testing.T) {
	sets := compute(t, "../lockset/testdata/race/locks.c")
	for _, m := range []yieldinst.Mode{yieldinst.EPP, yieldinst.MR} {
		for _, p := range sets[m].Pairs {
			if p.Verdict != lockset.RaceFree {
				continue
			}
			for _, y := range p.Yields {
				if y.Kind != yieldinst.LockYield {
					t.Errorf("mode %s pair %s/%s: race-free pair has %s yield at %s", m, p.First, p.Second, y.Kind, y.Pos)
				}
			}
		}
	}
}

func TestWriters(t *testing.T) {
	s := compute(t, "testdata/mixed.c")[yieldinst.MR]
	var b bytes.Buffer
	if err := yieldinst.WriteText(&b, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "mixed.c:21:2: yield after write of hits (global hits) in dev_open [dev_open]; race check") {
		t.Errorf("text output:\n%s", b.String())
	}
	b.Reset()
	if err := yieldinst.WriteJSON(&b, s); err != nil || !strings.Contains(b.String(), `"lock": "mutex_lock"`) {
		t.Errorf("json output (%v):\n%s", err, b.String())
	}
	b.Reset()
	if err := yieldinst.WriteXML(&b, s); err != nil || !strings.Contains(b.String(), `<yield kind="lock" entry_point="dev_open" function="bump"`) {
		t.Errorf("xml output (%v):\n%s", err, b.String())
	}
	if _, err := yieldinst.ParseMode("x"); err == nil {
		t.Error("ParseMode accepted x")
	}
}
