package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/beevik/etree"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// Listing is what "whoop entrypoints" and "whoop pairs" print for one
// driver: its entry points and, with WithPairs, every pair of them.
type Listing struct {
	Path        string
	EntryPoints []ListedEntry
	WithPairs   bool
	Pairs       []lockset.Pair // First and Second are among EntryPoints
	Warnings    []ir.Diagnostic
}

// ListedEntry is an entry point with what the models say about it.
type ListedEntry struct {
	EP        *ir.EntryPoint
	Class     string   // publication class (models.EntryClass)
	HeldLocks []string // kernel locks held around it (models.HeldLocks)
}

// WriteListings writes entry-point (and pair) listings in format f: text,
// xml or json. XML: <whoop version><driver path entrypoints [pairs
// concurrent]> with one <entrypoint> per entry point, one <pair> per pair
// and one <warning> per warning. JSON: {"version", "files": [{"path",
// "entryPoints", "pairs", "warnings", "summary"}]}.
func WriteListings(w io.Writer, f Format, files []*Listing, opts Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("report: write %s: internal error: %v", f, r)
		}
	}()
	if err := listCheck(files); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	bw := bufio.NewWriter(w)
	switch f {
	case Text, "":
		err = listWriteText(bw, files, opts)
	case XML:
		err = listWriteXML(bw, files, opts)
	case JSON:
		err = listWriteJSON(bw, files, opts)
	default:
		return fmt.Errorf("report: entry-point listings are text, xml or json, not %s", f)
	}
	if err != nil {
		return fmt.Errorf("report: write %s: %w", f, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("report: write %s: %w", f, err)
	}
	return nil
}

// listCheck rejects listings the writers cannot name.
func listCheck(files []*Listing) error {
	for i, l := range files {
		if l == nil {
			return fmt.Errorf("listing %d: missing", i)
		}
		ids := listIDs(l)
		for j, e := range l.EntryPoints {
			if e.EP == nil || e.EP.Func == nil {
				return fmt.Errorf("%s: entry point %d has no function", l.Path, j)
			}
		}
		for j, p := range l.Pairs {
			if ids[p.First] == 0 || ids[p.Second] == 0 {
				return fmt.Errorf("%s: pair %d names an entry point not in the listing", l.Path, j)
			}
		}
	}
	return nil
}

// listIDs numbers the entry points from 1 in listing order.
func listIDs(l *Listing) map[*ir.EntryPoint]int {
	ids := make(map[*ir.EntryPoint]int, len(l.EntryPoints))
	for i, e := range l.EntryPoints {
		ids[e.EP] = i + 1
	}
	return ids
}

// listNames gives each entry point a display name: its function, or, when
// the function is several entry points, the function and its registration.
func listNames(l *Listing) map[*ir.EntryPoint]string {
	count := map[string]int{}
	for _, e := range l.EntryPoints {
		count[e.EP.Func.Name]++
	}
	names := make(map[*ir.EntryPoint]string, len(l.EntryPoints))
	for _, e := range l.EntryPoints {
		n := e.EP.Func.Name
		if count[n] > 1 {
			n += "[" + listRegistration(e.EP) + "]"
		}
		names[e.EP] = n
	}
	return names
}

// listRegistration is "struct.field", or the struct (or API) alone.
func listRegistration(ep *ir.EntryPoint) string {
	if ep.Field == "" {
		return ep.Struct
	}
	return ep.Struct + "." + ep.Field
}

func listDistinct(p lockset.Pair) string {
	parts := make([]string, len(p.DistinctParams))
	for i, d := range p.DistinctParams {
		parts[i] = strconv.Itoa(d[0]) + ":" + strconv.Itoa(d[1])
	}
	return strings.Join(parts, " ")
}

func listConcurrent(l *Listing) int {
	n := 0
	for _, p := range l.Pairs {
		if p.Concurrent {
			n++
		}
	}
	return n
}

func listParams(ep *ir.EntryPoint) string {
	ks := make([]string, len(ep.Params))
	for i, k := range ep.Params {
		ks[i] = k.String()
	}
	return strings.Join(ks, " ")
}

// listWriteText writes a table per driver. Verbose adds, per entry point,
// its class, parameters, held locks and note (the reason of a guessed
// role), each pair's full reason, and the warnings.
func listWriteText(w io.Writer, files []*Listing, opts Options) error {
	for i, l := range files {
		if i > 0 {
			fmt.Fprintln(w)
		}
		names := listNames(l)
		if l.WithPairs {
			fmt.Fprintf(w, "%s: %d entry points, %d pairs, %d concurrent\n", l.Path, len(l.EntryPoints), len(l.Pairs), listConcurrent(l))
		} else {
			fmt.Fprintf(w, "%s: %d entry points\n", l.Path, len(l.EntryPoints))
		}
		var table bytes.Buffer
		tw := tabwriter.NewWriter(&table, 0, 0, 2, ' ', 0)
		if !l.WithPairs {
			fmt.Fprintln(tw, "FUNCTION\tROLE\tREGISTERED AS\tVAR\tPOSITION")
			for _, e := range l.EntryPoints {
				role := string(e.EP.Role)
				if e.EP.Guessed {
					role += "?"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", e.EP.Func.Name, role, listRegistration(e.EP), listDash(e.EP.Var), e.EP.Pos)
			}
		} else {
			fmt.Fprintln(tw, "FIRST\tSECOND\tCONCURRENT\tWHY")
			for _, p := range l.Pairs {
				conc, why := "yes", ""
				switch {
				case !p.Concurrent:
					conc, why = "no", p.Rule+": "+p.Reason
				case len(p.DistinctParams) > 0:
					why = "distinct params " + listDistinct(p) + " (" + p.Rule + ")"
				default:
					why = p.Reason // a rule about one instance does not apply
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", names[p.First], names[p.Second], conc, why)
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		// Empty last cells would leave trailing blanks.
		for _, line := range strings.SplitAfter(table.String(), "\n") {
			if line != "" {
				fmt.Fprintln(w, strings.TrimRight(line, " \n"))
			}
		}
		if opts.Verbose {
			listTextNotes(w, l, names)
		}
	}
	return nil
}

func listDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func listTextNotes(w io.Writer, l *Listing, names map[*ir.EntryPoint]string) {
	fmt.Fprintln(w, "entry points:")
	for _, e := range l.EntryPoints {
		fmt.Fprintf(w, "  %s: class %s; params (%s)", names[e.EP], listDash(e.Class), listParams(e.EP))
		if len(e.HeldLocks) > 0 {
			fmt.Fprintf(w, "; holds %s", strings.Join(e.HeldLocks, ", "))
		}
		if e.EP.Guessed {
			fmt.Fprint(w, "; role guessed")
		}
		if e.EP.Note != "" {
			fmt.Fprintf(w, "; %s", e.EP.Note)
		}
		fmt.Fprintln(w)
	}
	if l.WithPairs {
		var lines []string
		for _, p := range l.Pairs {
			if p.Concurrent && len(p.DistinctParams) > 0 {
				lines = append(lines, fmt.Sprintf("  %s, %s: distinct params %s: %s", names[p.First], names[p.Second], listDistinct(p), p.Reason))
			}
		}
		if len(lines) > 0 {
			fmt.Fprintln(w, "distinct parameters:")
			for _, s := range lines {
				fmt.Fprintln(w, s)
			}
		}
	}
	if len(l.Warnings) > 0 {
		fmt.Fprintln(w, "warnings:")
		for _, d := range l.Warnings {
			fmt.Fprintf(w, "  %s\n", d)
		}
	}
}

// listWriteXML writes <whoop><driver>... with etree, indented two spaces.
func listWriteXML(w io.Writer, files []*Listing, opts Options) error {
	doc := etree.NewDocument()
	doc.WriteSettings.CanonicalText = true
	doc.CreateProcInst("xml", `version="1.0" encoding="UTF-8"`)
	root := doc.CreateElement("whoop")
	raceXMLAttr(root, "version", opts.Version)
	for _, l := range files {
		ids := listIDs(l)
		d := root.CreateElement("driver")
		raceXMLAttr(d, "path", l.Path)
		raceXMLAttr(d, "entrypoints", strconv.Itoa(len(l.EntryPoints)))
		if l.WithPairs {
			raceXMLAttr(d, "pairs", strconv.Itoa(len(l.Pairs)))
			raceXMLAttr(d, "concurrent", strconv.Itoa(listConcurrent(l)))
		}
		for _, le := range l.EntryPoints {
			ep := le.EP
			e := d.CreateElement("entrypoint")
			raceXMLAttr(e, "id", strconv.Itoa(ids[ep]))
			raceXMLAttr(e, "name", ep.Func.Name)
			raceXMLAttr(e, "role", string(ep.Role))
			raceXMLOptAttr(e, "struct", ep.Struct)
			raceXMLOptAttr(e, "var", ep.Var)
			raceXMLOptAttr(e, "field", ep.Field)
			raceXMLOptAttr(e, "class", le.Class)
			raceXMLAttr(e, "params", listParams(ep))
			raceXMLOptAttr(e, "locks", strings.Join(le.HeldLocks, ","))
			raceXMLPos(e, ep.Pos)
			if ep.Guessed {
				raceXMLAttr(e, "guessed", "true")
			}
			raceXMLOptAttr(e, "note", ep.Note)
		}
		if l.WithPairs {
			for _, p := range l.Pairs {
				e := d.CreateElement("pair")
				raceXMLAttr(e, "first", p.First.Func.Name)
				raceXMLAttr(e, "second", p.Second.Func.Name)
				raceXMLAttr(e, "first-id", strconv.Itoa(ids[p.First]))
				raceXMLAttr(e, "second-id", strconv.Itoa(ids[p.Second]))
				raceXMLAttr(e, "concurrent", strconv.FormatBool(p.Concurrent))
				raceXMLOptAttr(e, "rule", p.Rule)
				if !p.Concurrent {
					raceXMLAttr(e, "reason", p.Reason)
				} else {
					if len(p.DistinctParams) > 0 {
						raceXMLAttr(e, "distinct", listDistinct(p))
					}
					raceXMLOptAttr(e, "note", p.Reason)
				}
			}
		}
		for _, diag := range l.Warnings {
			e := d.CreateElement("warning")
			raceXMLPos(e, diag.Pos)
			e.SetText(diag.Msg)
		}
	}
	doc.Indent(2)
	_, err := doc.WriteTo(w)
	return err
}

// The JSON document of a listing. Slices are never nil.
type (
	listJSONDoc struct {
		Version string         `json:"version"`
		Files   []listJSONFile `json:"files"`
	}
	listJSONFile struct {
		Path        string               `json:"path"`
		EntryPoints []listJSONEntryPoint `json:"entryPoints"`
		Pairs       *[]listJSONPair      `json:"pairs,omitempty"` // "whoop pairs" only
		Warnings    []raceJSONWarning    `json:"warnings"`
		Summary     listJSONSummary      `json:"summary"`
	}
	listJSONEntryPoint struct {
		ID      int      `json:"id"`
		Name    string   `json:"name"`
		Role    string   `json:"role"`
		Struct  string   `json:"struct"`
		Var     string   `json:"var"`
		Field   string   `json:"field"`
		Class   string   `json:"class"`
		Params  []string `json:"params"`
		Locks   []string `json:"locks"`
		File    string   `json:"file"`
		Line    int      `json:"line"`
		Column  int      `json:"column"`
		Guessed bool     `json:"guessed"`
		Note    string   `json:"note,omitempty"`
	}
	listJSONPair struct {
		First      string   `json:"first"`
		Second     string   `json:"second"`
		FirstID    int      `json:"firstId"`
		SecondID   int      `json:"secondId"`
		Concurrent bool     `json:"concurrent"`
		Rule       string   `json:"rule,omitempty"`
		Reason     string   `json:"reason,omitempty"`
		Distinct   [][2]int `json:"distinct"`
	}
	listJSONSummary struct {
		EntryPoints     int  `json:"entryPoints"`
		Pairs           *int `json:"pairs,omitempty"`           // "whoop pairs" only
		ConcurrentPairs *int `json:"concurrentPairs,omitempty"` // "whoop pairs" only
	}
)

func listWriteJSON(w io.Writer, files []*Listing, opts Options) error {
	doc := listJSONDoc{Version: opts.Version, Files: []listJSONFile{}}
	for _, l := range files {
		ids := listIDs(l)
		f := listJSONFile{Path: l.Path, EntryPoints: []listJSONEntryPoint{}, Warnings: []raceJSONWarning{},
			Summary: listJSONSummary{EntryPoints: len(l.EntryPoints)}}
		for _, le := range l.EntryPoints {
			ep := le.EP
			file, line, col := raceJSONPos(ep.Pos)
			params := make([]string, len(ep.Params))
			for i, k := range ep.Params {
				params[i] = k.String()
			}
			locks := append([]string{}, le.HeldLocks...)
			f.EntryPoints = append(f.EntryPoints, listJSONEntryPoint{ID: ids[ep], Name: ep.Func.Name, Role: string(ep.Role),
				Struct: ep.Struct, Var: ep.Var, Field: ep.Field, Class: le.Class, Params: params, Locks: locks,
				File: file, Line: line, Column: col, Guessed: ep.Guessed, Note: ep.Note})
		}
		if l.WithPairs {
			pairs := []listJSONPair{}
			for _, p := range l.Pairs {
				distinct := append([][2]int{}, p.DistinctParams...)
				pairs = append(pairs, listJSONPair{First: p.First.Func.Name, Second: p.Second.Func.Name,
					FirstID: ids[p.First], SecondID: ids[p.Second], Concurrent: p.Concurrent, Rule: p.Rule,
					Reason: p.Reason, Distinct: distinct})
			}
			f.Pairs = &pairs
			n, c := len(l.Pairs), listConcurrent(l)
			f.Summary.Pairs, f.Summary.ConcurrentPairs = &n, &c
		}
		for _, d := range l.Warnings {
			file, line, col := raceJSONPos(d.Pos)
			f.Warnings = append(f.Warnings, raceJSONWarning{File: file, Line: line, Column: col, Message: d.Msg})
		}
		doc.Files = append(doc.Files, f)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
