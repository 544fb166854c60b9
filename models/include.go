package models

import (
	"embed"
	"io/fs"
)

//go:embed all:include all:overlay
var includeFS embed.FS

// IncludeDir is the directory inside Include() that holds the headers; the
// front end adds it to the system include path.
const IncludeDir = "include"

// OverlayDir is the directory inside Include() that holds the tree-mode
// overlay: the few headers read in front of a real kernel tree's own (see
// doc.go, "Tree-mode overlay").
const OverlayDir = "overlay"

// Include returns the embedded model headers. Paths look like
// "include/linux/fs.h".
func Include() fs.FS { return includeFS }
