package yieldinst

import (
	"fmt"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/models"
)

// Mode selects which yields are inserted.
type Mode string

const (
	All Mode = "all" // every access and lock operation, every pair
	EPP Mode = "epp" // accesses only in pairs not proved race-free
	MR  Mode = "mr"  // accesses only to the regions reported racy in the pair
)

// ParseMode reads a --mode value.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case All, EPP, MR:
		return m, nil
	}
	return "", fmt.Errorf("unknown yield mode %q (all, epp, mr)", s)
}

// Kind says why a yield is there.
type Kind string

const (
	AccessYield Kind = "access" // after a shared access, followed by a race check
	LockYield   Kind = "lock"   // before a lock operation
)

// Yield is one program point where the explorer may switch threads.
type Yield struct {
	Kind       Kind    `json:"kind" xml:"kind,attr"`
	EntryPoint string  `json:"entry_point" xml:"entry_point,attr"`
	Func       string  `json:"function" xml:"function,attr"`
	Pos        string  `json:"pos" xml:"pos,attr"` // file:line:col
	Region     string  `json:"region,omitempty" xml:"region,attr,omitempty"`
	Access     string  `json:"access,omitempty" xml:"access,attr,omitempty"` // read or write
	LValue     string  `json:"lvalue,omitempty" xml:"lvalue,attr,omitempty"`
	Lock       string  `json:"lock,omitempty" xml:"lock,attr,omitempty"` // the lock API called
	RaceCheck  bool    `json:"race_check" xml:"race_check,attr"`
	Site       int     `json:"-" xml:"-"` // ir access site, 0 for lock yields
	Stmt       ir.Stmt `json:"-" xml:"-"`
}

// PairYields is the yield set of one concurrent pair.
type PairYields struct {
	First   string          `json:"first" xml:"first,attr"`
	Second  string          `json:"second" xml:"second,attr"`
	Verdict lockset.Verdict `json:"verdict" xml:"verdict,attr"`
	Yields  []Yield         `json:"yields" xml:"yield"`
}

// Set is the yield set of one file.
type Set struct {
	Path  string       `json:"file" xml:"file,attr"`
	Mode  Mode         `json:"mode" xml:"mode,attr"`
	Pairs []PairYields `json:"pairs" xml:"pair"`
}

// Total is the number of yields over all pairs.
func (s *Set) Total() int {
	n := 0
	for _, p := range s.Pairs {
		n += len(p.Yields)
	}
	return n
}

// Compute returns the yield set of every concurrent pair of res, whose
// program is prog, in mode m. Pairs come in res order; yields of a pair in
// entry-point order (First, then Second unless it is the same), each entry
// point's in depth-first call order and block order, so the output is
// deterministic.
func Compute(prog *ir.Program, res *lockset.FileResult, m Mode) *Set {
	set := &Set{Path: res.Path, Mode: m, Pairs: []PairYields{}}
	for _, pr := range res.Pairs {
		if !pr.Pair.Concurrent {
			continue
		}
		py := PairYields{First: pr.Pair.First.Name(), Second: pr.Pair.Second.Name(), Verdict: pr.Verdict, Yields: []Yield{}}
		accesses, racy := accessFilter(pr, m)
		eps := []*ir.EntryPoint{pr.Pair.First}
		if pr.Pair.Second.Func != pr.Pair.First.Func {
			eps = append(eps, pr.Pair.Second)
		}
		for _, ep := range eps {
			py.Yields = append(py.Yields, entryYields(ep, accesses, racy)...)
		}
		set.Pairs = append(set.Pairs, py)
	}
	return set
}

// accessFilter says whether the pair gets access yields, and if only for
// some regions, which (nil: all regions).
func accessFilter(pr lockset.PairResult, m Mode) (bool, map[string]bool) {
	switch m {
	case All:
		return true, nil
	case EPP:
		return pr.Verdict != lockset.RaceFree, nil
	}
	// MR: an inconclusive pair proved nothing, so every region stays.
	if pr.Verdict == lockset.Inconclusive {
		return true, nil
	}
	racy := map[string]bool{}
	for _, r := range pr.Races {
		racy[r.Region] = true
	}
	return len(racy) > 0, racy
}

// entryYields walks ep's function and every defined callee once.
func entryYields(ep *ir.EntryPoint, accesses bool, racy map[string]bool) []Yield {
	var out []Yield
	seen := map[*ir.Function]bool{}
	var walk func(f *ir.Function)
	walk = func(f *ir.Function) {
		if f == nil || seen[f] || f.Blocks == nil {
			return
		}
		seen[f] = true
		var callees []*ir.Function
		for _, b := range f.Blocks {
			for _, s := range b.Stmts {
				if y, ok := yieldAt(ep, f, s, accesses, racy); ok {
					out = append(out, y)
				}
				if c, ok := s.(*ir.Call); ok {
					if c.Callee != nil {
						callees = append(callees, c.Callee)
					}
					callees = append(callees, c.Targets...)
				}
			}
		}
		for _, c := range callees {
			walk(c)
		}
	}
	walk(ep.Func)
	return out
}

func yieldAt(ep *ir.EntryPoint, f *ir.Function, s ir.Stmt, accesses bool, racy map[string]bool) (Yield, bool) {
	y := Yield{EntryPoint: ep.Name(), Func: f.Name, Pos: s.Pos().String(), Stmt: s}
	var a *ir.Access
	switch s := s.(type) {
	case *ir.Call:
		if s.Callee == nil {
			return y, false
		}
		if _, ok := models.Lock(s.Callee.Name); !ok {
			return y, false
		}
		y.Kind, y.Lock = LockYield, s.Callee.Name
		return y, true
	case *ir.Load:
		a, y.Access = &s.Access, string(lockset.Read)
	case *ir.Store:
		a, y.Access = &s.Access, string(lockset.Write)
	case *ir.Touch:
		a, y.Access = &s.Access, string(lockset.Read)
		if s.Write {
			y.Access = string(lockset.Write)
		}
	default:
		return y, false
	}
	if !accesses || a.Region == nil || a.Region.ThreadLocal || a.Region.ReadOnly || a.Private {
		return y, false
	}
	if racy != nil && !racy[a.Region.Name] {
		return y, false
	}
	y.Kind, y.Region, y.LValue, y.Site, y.RaceCheck = AccessYield, a.Region.Name, a.LValue, a.Site, true
	return y, true
}
