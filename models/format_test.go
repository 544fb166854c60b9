package models

import (
	"reflect"
	"testing"
)

func TestFormatUses(t *testing.T) {
	none := FormatUse{}
	str := FormatUse{Access: true, Len: LenUnknown}
	wrPointee := FormatUse{Access: true, Write: true, Len: LenPointee}
	wrString := FormatUse{Access: true, Write: true, Len: LenUnknown}
	for _, tc := range []struct {
		kind   FormatKind
		format string
		want   []FormatUse
		ok     bool
	}{
		{PrintfFormat, "no conversion", nil, true},
		{PrintfFormat, "%d %s\n", []FormatUse{none, str}, true},
		{PrintfFormat, "\0013%s: %-10.4s|%%|%lu", []FormatUse{str, str, none}, true},
		// * takes an int argument for the width and the precision.
		{PrintfFormat, "%*.*s", []FormatUse{none, none, str}, true},
		// A plain %p prints an address; %pM, %pI4, %ph read the object.
		{PrintfFormat, "%p %pM %pI4 %ph.", []FormatUse{none, str, str, str}, true},
		{PrintfFormat, "%zu %llx %hhd %c", []FormatUse{none, none, none, none}, true},
		{PrintfFormat, "%d %", []FormatUse{none}, false},
		{PrintfFormat, "%d %!", []FormatUse{none}, false},
		{ScanfFormat, "%d %u", []FormatUse{wrPointee, wrPointee}, true},
		{ScanfFormat, "%*d %15s %c %n", []FormatUse{wrString, wrString, wrPointee}, true},
		{ScanfFormat, "%[^]a] %[a-z]%hx", []FormatUse{wrString, wrString, wrPointee}, true},
		{ScanfFormat, "%[abc", nil, false},
	} {
		got, ok := FormatUses(tc.kind, tc.format)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("FormatUses(%d, %q) = %v, %v; want %v, %v", tc.kind, tc.format, got, ok, tc.want, tc.ok)
		}
	}
}
