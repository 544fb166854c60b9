package models

import (
	"embed"
	"io/fs"
)

//go:embed all:include
var includeFS embed.FS

// IncludeDir is the directory inside Include() that holds the headers; the
// front end adds it to the system include path.
const IncludeDir = "include"

// Include returns the embedded model headers. Paths look like
// "include/linux/fs.h".
func Include() fs.FS { return includeFS }
