package frontend

import "github.com/whoopverify/whoop/models"

// predefinedText returns the predefined macros of a translation unit: the
// compiler's (models.Predefined) and kbuild's KBUILD_MODNAME for the file,
// unless the user defines that one themselves.
func predefinedText(modname string, withModName bool) string {
	if !withModName {
		return models.Predefined
	}
	return models.Predefined + models.DefineModName(modname)
}
