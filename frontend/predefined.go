package frontend

import (
	"strings"

	"github.com/whoopverify/whoop/models"
)

// predefinedText returns the predefined macros of a translation unit: the
// compiler's (models.Predefined) and kbuild's KBUILD_MODNAME for the file,
// unless the user defines that one themselves.
func predefinedText(modname string, withModName bool) string {
	if !withModName {
		return models.Predefined
	}
	return models.Predefined + models.DefineModName(modname)
}

// treePredefined drops MODULE from the predefined macros of a tree-mode
// unit: there kbuild's per-object defines (ktree.Layout.Defines) say whether
// the object is part of a module, and a built-in object such as random.c
// uses what the headers declare only without MODULE (early_param,
// random_fops).
func treePredefined(predefined string) string {
	return strings.Replace(predefined, "\n#define MODULE 1\n", "\n", 1)
}
