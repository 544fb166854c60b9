package z3

import (
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoCgoAPIMatches checks that the !cgo stub declares exactly the
// exported API of the cgo binding, so code written against one builds
// against the other.
func TestNoCgoAPIMatches(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	withCgo, withoutCgo := map[string]bool{}, map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		inCgo, inNoCgo := true, true
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if expr, err := constraint.Parse(c.Text); err == nil {
					inCgo = expr.Eval(func(tag string) bool { return tag == "cgo" })
					inNoCgo = expr.Eval(func(tag string) bool { return false })
				}
			}
		}
		for _, d := range exportedDecls(t, fset, f) {
			if inCgo {
				withCgo[d] = true
			}
			if inNoCgo {
				withoutCgo[d] = true
			}
		}
	}
	for d := range withCgo {
		if !withoutCgo[d] {
			t.Errorf("missing from the !cgo stub: %s", d)
		}
	}
	for d := range withoutCgo {
		if !withCgo[d] {
			t.Errorf("only in the !cgo stub: %s", d)
		}
	}
	if len(withCgo) < 100 {
		t.Errorf("found only %d exported declarations", len(withCgo))
	}
}

// exportedDecls lists exported functions, methods and types as text.
func exportedDecls(t *testing.T, fset *token.FileSet, f *ast.File) []string {
	var out []string
	print := func(n any) string {
		var b strings.Builder
		if err := printer.Fprint(&b, fset, n); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			recv := ""
			if d.Recv != nil {
				recv = print(d.Recv.List[0].Type) + "."
			}
			out = append(out, "func "+recv+d.Name.Name+strings.TrimPrefix(print(d.Type), "func"))
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.IsExported() {
					out = append(out, "type "+ts.Name.Name)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}
