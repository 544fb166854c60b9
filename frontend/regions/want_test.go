package regions_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/frontend/regions"
	"github.com/whoopverify/whoop/internal/want"
	"github.com/whoopverify/whoop/ir"
)

// The C programs under testdata carry their expectations in comments on
// the line they are about:
//
//	// want region "NAME" ...   the regions the line's accesses name are exactly these
//	// want thread-local        every access on the line is thread-local
//	// want shared              no access on the line is thread-local
//	// want read-only           every access on the line is read-only
//	// want collapsed           every access on the line names a collapsed region
//	// want private             every access on the line is private (ir.Access.Private)
//	// want not-private         no access on the line is private
//	// want targets "f,g"       an indirect call on the line may reach exactly f and g
//	// want arg N "KEY" exact   a call on the line has argument target N with this key
//	// want arg N "KEY" inexact (and exactness)
//	// want arg N nil           a call on the line has no target for argument N
//	// want arg N "KEY" inexact why "TEXT"   (and its Why contains TEXT; why "" : Why is empty)
//
// A test fails on an expectation that does not hold.

type lineWant struct {
	regions     []string
	threadLocal bool
	shared      bool
	readOnly    bool
	collapsed   bool
	private     bool
	notPrivate  bool
	targets     *string
	args        []argWant
}

type argWant struct {
	n     int
	key   string // "" with isNil
	isNil bool
	exact *bool
	why   *string // a substring of Target.Why
}

func tokens(s string) ([]string, error) {
	var out []string
	for {
		s = strings.TrimSpace(s)
		if s == "" {
			return out, nil
		}
		if s[0] == '"' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, fmt.Errorf("bad quoted string in %q", s)
			}
			out = append(out, q)
			s = s[len(q):]
			continue
		}
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
}

func unquote(t *testing.T, file string, line int, s string) string {
	u, err := strconv.Unquote(s)
	if err != nil {
		t.Fatalf("%s:%d: want a quoted string, got %s", file, line, s)
	}
	return u
}

func parseWants(t *testing.T, file string) map[int]*lineWant {
	lines, err := want.Lines(file)
	if err != nil {
		t.Fatal(err)
	}
	wants := make(map[int]*lineWant)
	for _, l := range lines {
		line := l.N
		toks, err := tokens(l.Text)
		if err != nil {
			t.Fatalf("%s:%d: %v", file, line, err)
		}
		w := &lineWant{}
		for k := 0; k < len(toks); k++ {
			need := func(n int) {
				if k+n >= len(toks) {
					t.Fatalf("%s:%d: %s needs %d operands", file, line, toks[k], n)
				}
			}
			switch toks[k] {
			case "region":
				need(1)
				w.regions = append(w.regions, unquote(t, file, line, toks[k+1]))
				k++
			case "thread-local":
				w.threadLocal = true
			case "shared":
				w.shared = true
			case "read-only":
				w.readOnly = true
			case "collapsed":
				w.collapsed = true
			case "private":
				w.private = true
			case "not-private":
				w.notPrivate = true
			case "targets":
				need(1)
				s := unquote(t, file, line, toks[k+1])
				w.targets = &s
				k++
			case "arg":
				need(2)
				n, err := strconv.Atoi(toks[k+1])
				if err != nil {
					t.Fatalf("%s:%d: arg index %q", file, line, toks[k+1])
				}
				a := argWant{n: n}
				if toks[k+2] == "nil" {
					a.isNil = true
					k += 2
				} else {
					a.key = unquote(t, file, line, toks[k+2])
					k += 2
					if k+1 < len(toks) && (toks[k+1] == "exact" || toks[k+1] == "inexact") {
						e := toks[k+1] == "exact"
						a.exact = &e
						k++
					}
					if k+2 < len(toks) && toks[k+1] == "why" {
						w := unquote(t, file, line, toks[k+2])
						a.why = &w
						k += 2
					}
				}
				w.args = append(w.args, a)
			default:
				t.Fatalf("%s:%d: unknown expectation %q", file, line, toks[k])
			}
		}
		wants[line] = w
	}
	return wants
}

// load runs the front end up to the dead-function pass and then Analyze.
func load(t testing.TB, file string, opts regions.Options) *ir.Program {
	t.Helper()
	prog, err := frontend.LoadUntil(context.Background(), file, frontend.Config{}, "dead")
	if err != nil {
		t.Fatal(err)
	}
	if err := regions.Analyze(prog, opts); err != nil {
		t.Fatal(err)
	}
	if err := ir.Validate(prog); err != nil {
		t.Fatal(err)
	}
	return prog
}

func checkWants(t *testing.T, file string, prog *ir.Program, wants map[int]*lineWant) {
	type lineFacts struct {
		accesses []*ir.Access
		calls    []*ir.Call
	}
	facts := make(map[int]*lineFacts)
	at := func(p ir.Pos) *lineFacts {
		if p.File != prog.Path {
			return nil
		}
		lf := facts[p.Line]
		if lf == nil {
			lf = &lineFacts{}
			facts[p.Line] = lf
		}
		return lf
	}
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if a := ir.AccessOf(s); a != nil {
					if lf := at(a.P); lf != nil {
						lf.accesses = append(lf.accesses, a)
					}
				}
				if c, ok := s.(*ir.Call); ok {
					if lf := at(c.P); lf != nil {
						lf.calls = append(lf.calls, c)
					}
				}
			}
		}
	}
	lines := make([]int, 0, len(wants))
	for l := range wants {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	for _, line := range lines {
		w := wants[line]
		lf := facts[line]
		if lf == nil {
			lf = &lineFacts{}
		}
		where := fmt.Sprintf("%s:%d", file, line)
		if len(w.regions) > 0 {
			got := map[string]bool{}
			for _, a := range lf.accesses {
				got[a.Region.Name] = true
			}
			want := map[string]bool{}
			for _, r := range w.regions {
				want[r] = true
			}
			if !sameSet(got, want) {
				t.Errorf("%s: regions %s, want %s", where, setString(got), setString(want))
			}
		}
		for _, a := range lf.accesses {
			r := a.Region
			switch {
			case w.threadLocal && !r.ThreadLocal:
				t.Errorf("%s: %s in %q is shared, want thread-local", where, a.LValue, r.Name)
			case w.shared && r.ThreadLocal:
				t.Errorf("%s: %s in %q is thread-local, want shared", where, a.LValue, r.Name)
			}
			if w.readOnly && !r.ReadOnly {
				t.Errorf("%s: %s in %q is not read-only", where, a.LValue, r.Name)
			}
			if w.collapsed && !r.Collapsed {
				t.Errorf("%s: %s in %q is not collapsed", where, a.LValue, r.Name)
			}
			if w.private && !a.Private {
				t.Errorf("%s: %s in %q is not private", where, a.LValue, r.Name)
			}
			if w.notPrivate && a.Private {
				t.Errorf("%s: %s in %q is private", where, a.LValue, r.Name)
			}
		}
		if (w.threadLocal || w.shared || w.readOnly || w.collapsed || w.private || w.notPrivate) && len(lf.accesses) == 0 {
			t.Errorf("%s: no access on this line", where)
		}
		if w.targets != nil {
			found := false
			var seen []string
			for _, c := range lf.calls {
				if c.Callee != nil {
					continue
				}
				names := make([]string, len(c.Targets))
				for i, f := range c.Targets {
					names[i] = f.Name
				}
				got := strings.Join(names, ",")
				seen = append(seen, got)
				found = found || got == *w.targets
			}
			if !found {
				t.Errorf("%s: indirect call targets %q, want %q", where, seen, *w.targets)
			}
		}
		for _, aw := range w.args {
			var seen []string
			found := false
			for _, c := range lf.calls {
				if aw.n >= len(c.ArgTargets) {
					continue
				}
				tg := c.ArgTargets[aw.n]
				switch {
				case tg == nil:
					seen = append(seen, "nil")
					found = found || aw.isNil
				default:
					seen = append(seen, fmt.Sprintf("%q exact=%v why=%q", tg.Key, tg.Exact, tg.Why))
					found = found || (!aw.isNil && tg.Key == aw.key && (aw.exact == nil || *aw.exact == tg.Exact) &&
						(aw.why == nil || *aw.why == "" && tg.Why == "" || *aw.why != "" && strings.Contains(tg.Why, *aw.why)))
				}
			}
			if !found {
				t.Errorf("%s: argument %d targets %v, want %+v", where, aw.n, seen, aw)
			}
		}
	}
}

func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func setString(s map[string]bool) string {
	ks := make([]string, 0, len(s))
	for k := range s {
		ks = append(ks, strconv.Quote(k))
	}
	sort.Strings(ks)
	return "{" + strings.Join(ks, " ") + "}"
}

// TestTestdata checks every testdata/*.c program's expectations.
func TestTestdata(t *testing.T) {
	files, err := filepath.Glob("testdata/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".c"), func(t *testing.T) {
			wants := parseWants(t, file)
			if len(wants) == 0 {
				t.Fatalf("%s has no expectations", file)
			}
			prog := load(t, file, regions.Options{})
			checkWants(t, file, prog, wants)
			if again := load(t, file, regions.Options{}); again.String() != prog.String() {
				t.Errorf("two runs differ")
			}
		})
	}
}
