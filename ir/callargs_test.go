package ir

import "testing"

// CallArgText gives the argument as written, across lines and around
// nested calls, literals and comments, and nothing where the source at the
// call's position is not a call of its callee by name.
func TestCallArgText(t *testing.T) {
	src := "void f(void)\n" +
		"{\n" +
		"\tspin_unlock_irqrestore(&rhbeat->sp->lock, flags);\n" +
		"\tspin_lock(&(devs[idx(\"a,b\", ')')]->lock) /* x, y */,\n" +
		"\t\t  extra);\n" +
		"\tLOCK_IT(p);\n" +
		"\tnoargs();\n" +
		"}\n"
	p := &Program{Sources: map[string]string{"d.c": src}}
	call := func(name string, line, col int) *Call {
		return &Call{Callee: &Function{Name: name}, P: Pos{File: "d.c", Line: line, Col: col}}
	}
	for _, tc := range []struct {
		c    *Call
		i    int
		want string
	}{
		{call("spin_unlock_irqrestore", 3, 2), 0, "&rhbeat->sp->lock"},
		{call("spin_unlock_irqrestore", 3, 2), 1, "flags"},
		{call("spin_unlock_irqrestore", 3, 2), 2, ""},
		{call("spin_lock", 4, 2), 0, "&(devs[idx(\"a,b\", ')')]->lock) /* x, y */"},
		{call("spin_lock", 4, 2), 1, "extra"},
		{call("spin_lock", 6, 2), 0, ""}, // a macro expands to the call
		{call("noargs", 7, 2), 0, ""},
		{call("spin_lock", 99, 2), 0, ""},
		{&Call{Callee: &Function{Name: "f"}, P: Pos{File: "other.c", Line: 1, Col: 1}}, 0, ""},
	} {
		if got := p.CallArgText(tc.c, tc.i); got != tc.want {
			t.Errorf("%s at %d:%d arg %d = %q, want %q", tc.c.Callee.Name, tc.c.P.Line, tc.c.P.Col, tc.i, got, tc.want)
		}
	}
}
