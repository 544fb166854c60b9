package frontend

import (
	"bytes"
	"regexp"
)

// mustBeArray matches compiler.h's definition of __must_be_array, the
// compile-time check in ARRAY_SIZE that its argument is an array:
// BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0])). cc/v4 gives typeof of an
// indexed array element (typeof(m[i]) for `u32 m[2][7]`) the decayed pointer
// type, so the check fails on a row of a 2-D array, which is an array
// (rtc-isl12022.c: ARRAY_SIZE(trip_levels[i]), "value out of range: -1").
// The check only rejects programs gcc already compiled; ARRAY_SIZE's value,
// sizeof(a) / sizeof((a)[0]), is unchanged (the check adds 0).
var mustBeArray = regexp.MustCompile(`(#define\s+__must_be_array\(a\)\s+)BUILD_BUG_ON_ZERO\(__same_type\(\(a\), &\(a\)\[0\]\)\)`)

// rewriteMustBeArray makes __must_be_array 0 (see mustBeArray).
func rewriteMustBeArray(src []byte) []byte {
	if !bytes.Contains(src, []byte("__must_be_array(a)")) {
		return src
	}
	return mustBeArray.ReplaceAll(src, []byte("${1}0"))
}
