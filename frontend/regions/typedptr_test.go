package regions_test

import (
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend/regions"
)

// TestTypedPointerMemoryOff checks the switch of A11: off, kernel memory
// of struct foo * is the one external pointer node again, whose pointees
// merge struct foo with the char memory of a char * array (one collapsed
// region).
func TestTypedPointerMemoryOff(t *testing.T) {
	const file = "testdata/typed_pointers.c"
	cases := []struct {
		opts regions.Options
		want string
	}{
		{regions.Options{}, "struct foo.count"},
		{regions.Options{NoTypedPointerMemory: true}, "struct foo"},
	}
	for _, c := range cases {
		prog := load(t, file, c.opts)
		if got := strings.Join(regionsOf(prog, "f[*part & 1]->count"), "|"); got != c.want {
			t.Errorf("%+v: regions %q, want %q", c.opts, got, c.want)
		}
	}
}
