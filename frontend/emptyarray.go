package frontend

import (
	"bytes"
	"regexp"
)

// emptyArrayInit matches an array of unknown size with an empty initialiser,
// `T a[] = { }` (GNU C: a zero-length array; the kernel writes it where a
// config leaves a table empty, virtio_console.c's rproc_serial_features).
// cc/v4 keeps such an array's type incomplete, so sizeof and ARRAY_SIZE of
// it fail; gcc gives it length 0, which `[0]` states. The brackets are the
// only change: line breaks stay, so positions of later lines do not move.
var emptyArrayInit = regexp.MustCompile(`\[\](\s*=\s*\{\s*\})`)

// rewriteEmptyArrays gives arrays with an empty initialiser their length 0.
func rewriteEmptyArrays(src []byte) []byte {
	if !bytes.Contains(src, []byte("[]")) {
		return src
	}
	return emptyArrayInit.ReplaceAll(src, []byte("[0]$1"))
}
