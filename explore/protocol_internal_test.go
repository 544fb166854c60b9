package explore

import (
	"math/big"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// A race check fails on the other thread's entry-point writes, never on an
// opener's alone (writeStep: they leave the version alone): the opener's race is its own pair's, and was
// reported under the entry point after it (6.12 watchdog_dev.c:
// watchdog_open's write of open_deadline, run before watchdog_write, was
// the write a check of watchdog_core_data_release saw).
func TestCheckIgnoresOpenerWrites(t *testing.T) {
	v := func(x int64) *big.Int { return big.NewInt(x) }
	ver := func(steps ...int64) *big.Int {
		n := int64(100)
		for _, s := range steps {
			n += s
		}
		return v(n)
	}
	plain, marked, opener := writeStep(ir.Plain, false), writeStep(ir.Marked, false), writeStep(ir.Plain, true)
	for _, tc := range []struct {
		name     string
		plain    bool
		now, val int64
		nowVer   *big.Int
		want     bool
	}{
		{"no write", true, 5, 5, ver(), false},
		{"plain write of the same value", true, 5, 5, ver(plain), true},
		{"opener write only", true, 7, 5, ver(opener), false},
		{"opener and plain writes", true, 7, 5, ver(opener, plain), true},
		{"marked access, marked write", false, 7, 5, ver(marked), false},
		{"marked access, plain write", false, 7, 5, ver(plain), true},
		{"marked access, opener write", false, 7, 5, ver(opener), false},
	} {
		if got := checkFails(tc.plain, true, v(tc.now), v(tc.val), tc.nowVer, ver()); got != tc.want {
			t.Errorf("%s: check fails %v, want %v", tc.name, got, tc.want)
		}
	}
}
