package findings

import (
	"cmp"
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// Finding is one racy variable (region) of a file with everything that
// races on it.
type Finding struct {
	Region string
	Why    string // why the accesses share the region (lockset.Race.Why)
	LValue string // the variable as titles name it (name)
	Class  Class
	Also   []Class // the classes of its other races, worst first
	Rank   Rank
	// Confirmed: the explorer confirmed at least one of its races;
	// Confirmation is the first such race's verdict (its interleaving).
	Confirmed    bool
	Confirmation *lockset.Confirmation
	Reason       string // one line: why the class, naming lines
	Sites        []Site // by position
	Anchor       int    // the site the class is about, an index into Sites
	SitePairs    []SitePair
	Races        []Ref // every race on the region, in the report's race order
	New          int   // races not suppressed (baseline, comment)
	// Suppressed is the suppression of its first race when every race is
	// suppressed, else "".
	Suppressed string
}

// Site is one access site: a line that reads or writes the variable.
type Site struct {
	Pos    ir.Pos
	Kind   lockset.AccessKind
	Mode   ir.AccessMode
	LValue string
	Func   string
	Source string   // the source line, as in the file
	Shape  []string // what the code does there (Annotate)
	Holds  []Hold   // the locks held there, by the entry points reaching it
}

// Hold is the locks one or more entry points hold at a site.
type Hold struct {
	Locks       []string // sorted; empty: none
	EntryPoints []string // sorted
}

// EntryPoints returns every entry point that reaches the site, sorted.
func (s Site) EntryPoints() []string {
	var out []string
	for _, h := range s.Holds {
		out = append(out, h.EntryPoints...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// SitePair is two sites that race (A <= B, indexes into Sites) and the
// entry-point pairs that race through them, each (the one reaching A, the
// one reaching B).
type SitePair struct {
	A, B  int
	Pairs [][2]string // (first, second) as the pair check oriented them, sorted
}

// Ref is one race of the result: the pair it belongs to and the race.
type Ref struct {
	Pair *lockset.PairResult
	Race *lockset.Race
}

// Of returns the findings of file, worst first: confirmed, then by class,
// then by the anchor's position. Every race of file is in exactly one.
func Of(file *lockset.FileResult) []*Finding {
	byRegion := map[string]*Finding{}
	var out []*Finding
	for _, ref := range sortedRaces(file) {
		f := byRegion[ref.Race.Region]
		if f == nil {
			f = &Finding{Region: ref.Race.Region, Why: ref.Race.Why}
			byRegion[ref.Race.Region] = f
			out = append(out, f)
		}
		f.Races = append(f.Races, ref)
	}
	for _, f := range out {
		f.build()
	}
	slices.SortStableFunc(out, Compare)
	return out
}

// Compare orders findings worst first: confirmed, then by class, then by
// the anchor's position (file first), then by region.
func Compare(a, b *Finding) int {
	if a.Confirmed != b.Confirmed {
		if a.Confirmed {
			return -1
		}
		return 1
	}
	return cmp.Or(
		cmp.Compare(a.Class.order(), b.Class.order()),
		ir.ComparePos(a.Sites[a.Anchor].Pos, b.Sites[b.Anchor].Pos),
		cmp.Compare(a.Region, b.Region),
	)
}

// sortedRaces lists file's races by the position of their second access,
// then their first (the order of the per-race report).
func sortedRaces(file *lockset.FileResult) []Ref {
	var refs []Ref
	for i := range file.Pairs {
		p := &file.Pairs[i]
		for j := range p.Races {
			refs = append(refs, Ref{Pair: p, Race: &p.Races[j]})
		}
	}
	slices.SortStableFunc(refs, func(a, b Ref) int {
		x, y := a.Race.Accesses, b.Race.Accesses
		return cmp.Or(ir.ComparePos(x[1].Pos, y[1].Pos), ir.ComparePos(x[0].Pos, y[0].Pos),
			cmp.Compare(a.Race.Region, b.Race.Region), cmp.Compare(x[1].LValue, y[1].LValue), cmp.Compare(x[0].LValue, y[0].LValue))
	})
	return refs
}

// racePair is the two sites of a race, as oriented in it.
type racePair struct{ a, b siteID }

// siteID identifies a site within a finding.
type siteID struct {
	pos    ir.Pos
	kind   lockset.AccessKind
	mode   ir.AccessMode
	lvalue string
	fn     string
}

// build fills in the sites, pairs, class and reason from f.Races.
func (f *Finding) build() {
	index := map[siteID]int{}
	holds := map[int]map[string][]string{} // site -> locks key -> entry points
	site := func(a lockset.Access) siteID {
		id := siteID{a.Pos, a.Kind, a.Mode, a.LValue, a.Func}
		if _, ok := index[id]; !ok {
			index[id] = len(f.Sites)
			f.Sites = append(f.Sites, Site{Pos: a.Pos, Kind: a.Kind, Mode: a.Mode, LValue: a.LValue, Func: a.Func, Source: a.Source})
		}
		i := index[id]
		s := &f.Sites[i]
		for _, sh := range a.Shape {
			if !slices.Contains(s.Shape, sh) {
				s.Shape = append(s.Shape, sh)
			}
		}
		if holds[i] == nil {
			holds[i] = map[string][]string{}
		}
		key := strings.Join(a.Locks, "\x00")
		if !slices.Contains(holds[i][key], a.EntryPoint) {
			holds[i][key] = append(holds[i][key], a.EntryPoint)
		}
		return id
	}
	pairs := map[racePair][][2]string{}
	var pairOrder []racePair
	best := -1
	var bestCls classified
	bestCross := false
	for n, ref := range f.Races {
		r := ref.Race
		if r.Suppressed == "" {
			f.New++
		}
		if r.Confirmation != nil && r.Confirmation.Status == lockset.Confirmed && !f.Confirmed {
			f.Confirmed, f.Confirmation = true, r.Confirmation
		}
		a, b := site(r.Accesses[0]), site(r.Accesses[1])
		k := racePair{a, b}
		if pairs[k] == nil {
			pairs[k] = [][2]string{}
			pairOrder = append(pairOrder, k)
		}
		pairs[k] = append(pairs[k], [2]string{r.Accesses[0].EntryPoint, r.Accesses[1].EntryPoint})
		c, cross := classify(r.Accesses), a != b
		if !slices.Contains(f.Also, c.class) {
			f.Also = append(f.Also, c.class)
		}
		if best < 0 || c.better(cross, bestCls, bestCross) {
			best, bestCls, bestCross = n, c, cross
			f.Anchor = index[[]siteID{a, b}[c.primary]]
		}
	}
	f.Also = slices.DeleteFunc(f.Also, func(c Class) bool { return c == bestCls.class })
	slices.SortFunc(f.Also, func(x, y Class) int { return cmp.Compare(x.order(), y.order()) })
	if f.New == 0 && len(f.Races) > 0 {
		f.Suppressed = f.Races[0].Race.Suppressed
	}
	f.Class, f.Reason = bestCls.class, bestCls.reason
	f.Rank = f.Class.rank()
	if f.Confirmed {
		f.Rank = High
	}
	f.finishSites(holds, index)
	f.finishPairs(pairs, pairOrder, index)
	f.LValue = f.name()
}

// name is what titles call the variable: the anchor's lvalue, unless it
// is a helper's access ("memset(&st)", which may touch several
// variables): then the first site that names the variable itself, or the
// region.
func (f *Finding) name() string {
	if lv := f.Sites[f.Anchor].LValue; !strings.Contains(lv, "(") {
		return lv
	}
	for _, s := range f.Sites {
		if !strings.Contains(s.LValue, "(") {
			return s.LValue
		}
	}
	return f.Region
}

// finishSites sorts the sites by position, keeping Anchor on its site.
func (f *Finding) finishSites(holds map[int]map[string][]string, index map[siteID]int) {
	for i := range f.Sites {
		s := &f.Sites[i]
		slices.Sort(s.Shape)
		for key, eps := range holds[i] {
			var locks []string
			if key != "" {
				locks = strings.Split(key, "\x00")
			}
			slices.Sort(eps)
			s.Holds = append(s.Holds, Hold{Locks: locks, EntryPoints: eps})
		}
		slices.SortFunc(s.Holds, func(a, b Hold) int {
			return cmp.Compare(strings.Join(a.Locks, "\x00"), strings.Join(b.Locks, "\x00"))
		})
	}
	order := make([]int, len(f.Sites))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return compareSites(f.Sites[a], f.Sites[b]) })
	newIndex := make([]int, len(order))
	sites := make([]Site, len(order))
	for to, from := range order {
		newIndex[from] = to
		sites[to] = f.Sites[from]
	}
	f.Sites = sites
	f.Anchor = newIndex[f.Anchor]
	for id, i := range index {
		index[id] = newIndex[i]
	}
}

func compareSites(a, b Site) int {
	return cmp.Or(ir.ComparePos(a.Pos, b.Pos), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.LValue, b.LValue),
		cmp.Compare(a.Func, b.Func), cmp.Compare(a.Mode, b.Mode))
}

// finishPairs lists the racing site pairs by their sites, each with its
// entry-point pairs sorted and without repeats.
func (f *Finding) finishPairs(pairs map[racePair][][2]string, order []racePair, index map[siteID]int) {
	merged := map[[2]int][][2]string{}
	var keys [][2]int
	for _, k := range order {
		a, b := index[k.a], index[k.b]
		eps := pairs[k]
		if a > b {
			// The entry-point pairs follow the sites: the first of each
			// reaches site A.
			a, b = b, a
			eps = make([][2]string, len(pairs[k]))
			for i, p := range pairs[k] {
				eps[i] = [2]string{p[1], p[0]}
			}
		}
		key := [2]int{a, b}
		if _, ok := merged[key]; !ok {
			keys = append(keys, key)
		}
		merged[key] = append(merged[key], eps...)
	}
	slices.SortFunc(keys, func(x, y [2]int) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
	for _, k := range keys {
		ps := merged[k]
		slices.SortFunc(ps, func(x, y [2]string) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
		f.SitePairs = append(f.SitePairs, SitePair{A: k[0], B: k[1], Pairs: slices.Compact(ps)})
	}
}
