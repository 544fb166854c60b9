package frontend

import "testing"

func TestRewriteElvis(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"g = (5 ?: 1);", "g = (5 ? 5 : 1);"},
		{"#define ADDR(addr) ((addr) ? : ZERO)", "#define ADDR(addr) ((addr) ? (addr) : ZERO)"},
		{"return 0 ?: y;", "return 0 ? 0 : y;"},
		{"return x ?: y;", "return x ?: y;"},
		{"f(a, (p->n[2] + 1) ?: 0)", "f(a, (p->n[2] + 1) ? (p->n[2] + 1) : 0)"},
		// Left alone: side effects, a call, an operand of a tighter operator.
		{"(i++) ?: 0", "(i++) ?: 0"},
		{"(f(x)) ?: 0", "(f(x)) ?: 0"},
		{"v = g(x) ?: 0;", "v = g(x) ?: 0;"},
		{"v = a + (x) ?: 0;", "v = a + (x) ?: 0;"},
		{"v = a == b ?: 0;", "v = a == b ?: 0;"},
		{"v = a ? b : c;", "v = a ? b : c;"},
	} {
		if got := string(rewriteElvis([]byte(tc.in))); got != tc.want {
			t.Errorf("rewriteElvis(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
