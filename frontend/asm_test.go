package frontend

import "testing"

// lockedAsm reads asm templates as cc/v4 spells them (escapes undecoded).
func TestLockedAsm(t *testing.T) {
	for _, tc := range []struct {
		template string
		want     bool
	}{
		{`"xchgl %0, %1\n"`, true}, // __xchg_op, no prefix
		{`".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n.popsection\n671:\n\tlock cmpxchgl %2,%1"`, true}, // LOCK_PREFIX
		{`"lock; incl %0"`, true},
		{`"lock incq %0"`, true},
		{`"movl %1, %0"`, false},
		{`".pushsection .smp_locks,\"a\"\n.popsection"`, false}, // the section name is no prefix
		{`"rdtsc"`, false},
		{`"clock_gettime"`, false},
	} {
		if got := lockedAsm(tc.template); got != tc.want {
			t.Errorf("lockedAsm(%s) = %v, want %v", tc.template, got, tc.want)
		}
	}
}
