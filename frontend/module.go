package frontend

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/whoopverify/whoop/frontend/ktree"
	"github.com/whoopverify/whoop/ir"
	"modernc.org/cc/v4"
)

// Multi-file modules: each file is its own translation unit, parsed on its
// own as kbuild compiles it, and the lower pass builds one program from all
// of them, as the linker would: a name with external linkage is one
// function or object whatever unit declares or defines it; struct types are
// one type per tag (the units share their headers); an internal-linkage
// name that two units' own files define is renamed in each
// ("foo@foo_leds.c") so the two stay apart.

// moduleParts returns the source files of the composite module a .ko path
// names, from its directory's Makefile (tree mode only).
func moduleParts(path string, l *ktree.Layout) ([]string, error) {
	pos := ir.Pos{File: path}
	if l == nil {
		return nil, inputErrorf(pos, "a module (.ko) is read from its directory's Makefile inside a kernel tree; outside one, name its files with --module")
	}
	name := strings.TrimSuffix(filepath.Base(path), ".ko")
	parts, err := l.Parts(filepath.Dir(path), name)
	if err != nil {
		return nil, inputErrorf(pos, "%v", err)
	}
	return parts, nil
}

// linkRenames fills each unit's renames: the internal-linkage names its own
// file defines (functions and objects, not the shared headers') that some
// other unit's file defines as well.
func linkRenames(units []*unit) {
	if len(units) < 2 {
		return
	}
	type def struct {
		unit   int
		static bool
	}
	defs := map[string][]def{}
	for i, u := range units {
		for l := u.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
			ed := l.ExternalDeclaration
			if ed == nil {
				continue
			}
			var ds []*cc.Declarator
			switch ed.Case {
			case cc.ExternalDeclarationFuncDef:
				ds = append(ds, ed.FunctionDefinition.Declarator)
			case cc.ExternalDeclarationDecl:
				for _, id := range namedDeclarators(ed.Declaration) {
					if d := id.Declarator; !d.IsExtern() && d.Type().Kind() != cc.Function {
						ds = append(ds, d)
					}
				}
			}
			for _, d := range ds {
				if d.Position().Filename != u.path {
					continue
				}
				static := d.IsStatic() || d.Linkage() == cc.Internal
				if prev := defs[d.Name()]; len(prev) == 0 || prev[len(prev)-1].unit != i {
					defs[d.Name()] = append(prev, def{i, static})
				}
			}
		}
	}
	for name, ds := range defs {
		if len(ds) < 2 {
			continue
		}
		for _, d := range ds {
			if !d.static {
				continue
			}
			u := units[d.unit]
			if u.renames == nil {
				u.renames = map[string]string{}
			}
			u.renames[name] = fmt.Sprintf("%s@%s", name, filepath.Base(u.path))
		}
	}
}
