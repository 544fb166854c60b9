package main

import "testing"

func TestCause(t *testing.T) {
	for _, tc := range []struct{ stderr, stdout, want string }{
		{
			stderr: "a.c:3:1: warning: indirect call with unknown targets\nwhoop: a.c:7:2: error: no model for <linux/x.h>\n",
			want:   "whoop: a.c:7:2: error: no model for <linux/x.h>",
		},
		{
			// No entry points: exit 4, the reason is in the report.
			stderr: "a.c:156:14: warning: indirect call with unknown targets: their memory accesses are not checked\na.c:182:4: warning: indirect call\n",
			stdout: "a.c: warning: no entry points found: nothing was checked\na.c: 0 of 0 pairs race-free, 0 potential races\n",
			want:   "a.c: warning: no entry points found: nothing was checked",
		},
		{
			stderr: "whoop: a.c: inconclusive: memory use passed --max-memory 4G\n",
			want:   "whoop: a.c: inconclusive: memory use passed --max-memory 4G",
		},
		{stderr: "first\nsecond\n", want: "first"},
		{want: ""},
	} {
		if got := cause(tc.stderr, tc.stdout); got != tc.want {
			t.Errorf("cause(%q, %q) = %q, want %q", tc.stderr, tc.stdout, got, tc.want)
		}
	}
}
