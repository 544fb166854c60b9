package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/beevik/etree"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/frontend/entry"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/models"
)

var listTestOpts = Options{Version: "0.1.0-test"}

// listNvram is the listing of the reference generic_nvram driver, through
// the real front end. The test fails if ../shared/drivers is missing.
func listNvram(t *testing.T, withPairs bool) *Listing {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "drivers", "char", "generic_nvram", "driver.c")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("reference driver missing: %v", err)
	}
	prog, err := frontend.LoadUntil(context.Background(), path, frontend.Config{}, "entry")
	if err != nil {
		t.Fatal(err)
	}
	return listingOf(prog, withPairs)
}

func listingOf(prog *ir.Program, withPairs bool) *Listing {
	facts := entry.FactsOf(prog, prog.EntryPoints)
	l := &Listing{Path: prog.Path, WithPairs: withPairs, Warnings: prog.Warnings}
	for _, ep := range prog.EntryPoints {
		l.EntryPoints = append(l.EntryPoints, ListedEntry{EP: ep, Class: models.EntryClass(ep), HeldLocks: models.HeldLocks(ep, facts)})
	}
	if withPairs {
		l.Pairs = lockset.Pairs(prog)
	}
	return l
}

func listWrite(t *testing.T, f Format, files []*Listing, opts Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteListings(&buf, f, files, opts); err != nil {
		t.Fatalf("WriteListings(%s): %v", f, err)
	}
	return buf.Bytes()
}

func listGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden(t, "pairs", name, got)
}

// TestListingsGolden keeps generic_nvram's listings in every format.
func TestListingsGolden(t *testing.T) {
	for _, withPairs := range []bool{false, true} {
		name := "generic_nvram.entrypoints"
		if withPairs {
			name = "generic_nvram.pairs"
		}
		l := listNvram(t, withPairs)
		for _, f := range []Format{Text, XML, JSON} {
			ext := map[Format]string{Text: ".txt", XML: ".xml", JSON: ".json"}[f]
			listGolden(t, name+ext, listWrite(t, f, []*Listing{l}, listTestOpts))
		}
		verbose := listTestOpts
		verbose.Verbose = true
		listGolden(t, name+".verbose.txt", listWrite(t, Text, []*Listing{l}, verbose))
	}
}

// TestListingXMLRoundTrip parses the XML back and compares it with the
// listing it was written from.
func TestListingXMLRoundTrip(t *testing.T) {
	l := listNvram(t, true)
	doc := etree.NewDocument()
	if err := doc.ReadFromBytes(listWrite(t, XML, []*Listing{l}, listTestOpts)); err != nil {
		t.Fatalf("output is not XML: %v", err)
	}
	root := doc.Root()
	if root == nil || root.Tag != "whoop" || root.SelectAttrValue("version", "") != listTestOpts.Version {
		t.Fatalf("root %v", root)
	}
	drivers := root.SelectElements("driver")
	if len(drivers) != 1 {
		t.Fatalf("%d drivers", len(drivers))
	}
	d := drivers[0]
	if d.SelectAttrValue("path", "") != l.Path || d.SelectAttrValue("entrypoints", "") != strconv.Itoa(len(l.EntryPoints)) ||
		d.SelectAttrValue("pairs", "") != strconv.Itoa(len(l.Pairs)) || d.SelectAttrValue("concurrent", "") != "14" {
		t.Errorf("driver attributes %v", d.Attr)
	}
	eps := d.SelectElements("entrypoint")
	if len(eps) != len(l.EntryPoints) {
		t.Fatalf("%d entrypoint elements", len(eps))
	}
	for i, e := range eps {
		ep := l.EntryPoints[i].EP
		if e.SelectAttrValue("name", "") != ep.Func.Name || e.SelectAttrValue("role", "") != string(ep.Role) ||
			e.SelectAttrValue("struct", "") != ep.Struct || e.SelectAttrValue("field", "") != ep.Field ||
			e.SelectAttrValue("var", "") != ep.Var || e.SelectAttrValue("line", "") != strconv.Itoa(ep.Pos.Line) ||
			e.SelectAttrValue("id", "") != strconv.Itoa(i+1) {
			t.Errorf("entrypoint %d: %v", i, e.Attr)
		}
	}
	pairs := d.SelectElements("pair")
	if len(pairs) != len(l.Pairs) || len(pairs) != 21 {
		t.Fatalf("%d pair elements, want %d", len(pairs), len(l.Pairs))
	}
	for i, e := range pairs {
		p := l.Pairs[i]
		if e.SelectAttrValue("first", "") != p.First.Func.Name || e.SelectAttrValue("second", "") != p.Second.Func.Name ||
			e.SelectAttrValue("concurrent", "") != strconv.FormatBool(p.Concurrent) {
			t.Errorf("pair %d: %v", i, e.Attr)
		}
		reason := e.SelectAttr("reason")
		if p.Concurrent != (reason == nil) || (reason != nil && reason.Value != p.Reason) {
			t.Errorf("pair %d: reason %v for concurrent=%v", i, reason, p.Concurrent)
		}
		first, _ := strconv.Atoi(e.SelectAttrValue("first-id", ""))
		if first < 1 || first > len(eps) || eps[first-1].SelectAttrValue("name", "") != p.First.Func.Name {
			t.Errorf("pair %d: first-id %d", i, first)
		}
	}
}

// TestListingJSONRoundTrip: the JSON carries the same content.
func TestListingJSONRoundTrip(t *testing.T) {
	l := listNvram(t, true)
	var doc struct {
		Version string `json:"version"`
		Files   []struct {
			Path        string `json:"path"`
			EntryPoints []struct {
				ID     int      `json:"id"`
				Name   string   `json:"name"`
				Role   string   `json:"role"`
				Params []string `json:"params"`
			} `json:"entryPoints"`
			Pairs []struct {
				First, Second string
				Concurrent    bool     `json:"concurrent"`
				Reason        string   `json:"reason"`
				Distinct      [][2]int `json:"distinct"`
			} `json:"pairs"`
			Summary struct {
				EntryPoints     int `json:"entryPoints"`
				Pairs           int `json:"pairs"`
				ConcurrentPairs int `json:"concurrentPairs"`
			} `json:"summary"`
		} `json:"files"`
	}
	if err := json.Unmarshal(listWrite(t, JSON, []*Listing{l}, listTestOpts), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != listTestOpts.Version || len(doc.Files) != 1 {
		t.Fatalf("doc %+v", doc)
	}
	f := doc.Files[0]
	if len(f.EntryPoints) != 6 || len(f.Pairs) != 21 || f.Summary.Pairs != 21 || f.Summary.ConcurrentPairs != 14 {
		t.Errorf("file %+v", f.Summary)
	}
	if ep := f.EntryPoints[1]; ep.Name != "read_nvram" || strings.Join(ep.Params, " ") != "shared user scalar fresh" {
		t.Errorf("read_nvram: %+v", ep)
	}
	for i, p := range f.Pairs {
		if p.Concurrent != l.Pairs[i].Concurrent || p.Reason != l.Pairs[i].Reason || p.First != l.Pairs[i].First.Func.Name {
			t.Errorf("pair %d: %+v", i, p)
		}
	}
}

// TestListingText: the text table of a hand-built listing, exactly.
func TestListingText(t *testing.T) {
	fn := func(name string) *ir.Function { return &ir.Function{Name: name} }
	rd := &ir.EntryPoint{Func: fn("rd"), Role: ir.RoleEntry, Struct: "file_operations", Var: "fops", Field: "read",
		Pos: ir.Pos{File: "d.c", Line: 3, Col: 2}, Params: []ir.ParamKind{ir.ParamShared}}
	rel := &ir.EntryPoint{Func: fn("rel"), Role: ir.RoleEntry, Struct: "file_operations", Var: "fops", Field: "release",
		Pos: ir.Pos{File: "d.c", Line: 4, Col: 2}}
	g := &ir.EntryPoint{Func: fn("rel"), Role: ir.RoleExit, Struct: "foo_ops", Field: "remove", Guessed: true,
		Note: "struct foo_ops is not in whoop's entry-point table", Pos: ir.Pos{File: "d.c", Line: 9, Col: 1}}
	l := &Listing{Path: "d.c", WithPairs: true,
		EntryPoints: []ListedEntry{{EP: rd, Class: "chardev"}, {EP: rel, Class: "chardev"}, {EP: g}},
		Pairs: []lockset.Pair{
			{First: rd, Second: rd, Concurrent: true},
			{First: rd, Second: rel, Concurrent: true, Rule: "file-release", Reason: "released", DistinctParams: [][2]int{{0, 1}}},
			{First: rel, Second: rel, Concurrent: true, Reason: "not kthread: two at once"},
			{First: rel, Second: g, Concurrent: false, Rule: "r", Reason: "never"},
		}}
	got := string(listWrite(t, Text, []*Listing{l}, listTestOpts))
	want := "d.c: 3 entry points, 4 pairs, 3 concurrent\n" +
		"FIRST                         SECOND                        CONCURRENT  WHY\n" +
		"rd                            rd                            yes\n" +
		"rd                            rel[file_operations.release]  yes         distinct params 0:1 (file-release)\n" +
		"rel[file_operations.release]  rel[file_operations.release]  yes         not kthread: two at once\n" +
		"rel[file_operations.release]  rel[foo_ops.remove]           no          r: never\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	l.WithPairs = false
	got = string(listWrite(t, Text, []*Listing{l}, Options{Verbose: true}))
	for _, s := range []string{
		"FUNCTION  ROLE   REGISTERED AS            VAR   POSITION\n",
		"rel       exit?  foo_ops.remove           -     d.c:9:1\n",
		"  rel[foo_ops.remove]: class -; params (); role guessed; struct foo_ops is not in whoop's entry-point table\n",
	} {
		if !strings.Contains(got, s) {
			t.Errorf("verbose listing lacks %q:\n%s", s, got)
		}
	}
}

func TestListingRejects(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteListings(&buf, SARIF, []*Listing{{Path: "x.c"}}, listTestOpts); err == nil {
		t.Error("SARIF listing accepted")
	}
	ep := &ir.EntryPoint{Func: &ir.Function{Name: "f"}}
	bad := &Listing{Path: "x.c", WithPairs: true, Pairs: []lockset.Pair{{First: ep, Second: ep}}}
	if err := WriteListings(&buf, Text, []*Listing{bad}, listTestOpts); err == nil || !strings.Contains(err.Error(), "not in the listing") {
		t.Errorf("err = %v", err)
	}
}
