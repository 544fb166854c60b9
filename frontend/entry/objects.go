package entry

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// callObjects identifies what each call of a registration-table function
// registers, publishes or withdraws, with the keys the sites use
// (Site.Object): the lockset matches a withdrawal (del_timer_sync(&t1),
// free_irq(5, ...)) to the objects the driver registered, so that
// withdrawing one of two timers does not count as withdrawing both.
func (s *scanner) callObjects() map[*ir.Call]models.CallObject {
	out := make(map[*ir.Call]models.CallObject)
	for _, f := range s.prog.Funcs {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				c, ok := st.(*ir.Call)
				if !ok || c.Callee == nil || !c.Callee.External() {
					continue
				}
				api, ok := models.Registration(c.Callee.Name)
				if !ok {
					continue
				}
				var co models.CallObject
				if idx := instanceArg(api); idx >= 0 && idx < len(c.Args) {
					if len(api.Instance) > 0 {
						co.Object = s.numberKey(f, c.Args[idx])
					} else {
						want := pointee(c.Callee, idx)
						if len(api.Callbacks) > 0 {
							want = api.Callbacks[0].Struct
						}
						co.Object, _ = s.objectKey(f, c.Args[idx], want)
						if co.Object == "" && urbClass(api) {
							co.Object = s.urbKey(f, c.Args[idx])
						}
					}
				}
				if api.Queue && api.QueueArg < len(c.Args) {
					co.Queue = queueText(s.prog, f, c, api.QueueArg)
				}
				out[c] = co
			}
		}
	}
	return out
}

// queueText names the workqueue argument i of call c as written
// ("priv->wq", "my_wq"), or "" when the text cannot name one queue: a
// macro's expansion, or a local or parameter of f (another call's is
// another variable, perhaps another queue).
func queueText(prog *ir.Program, f *ir.Function, c *ir.Call, i int) string {
	t := strings.Join(strings.Fields(prog.CallArgText(c, i)), "")
	if t == "" || !isIdent(t) {
		return t
	}
	for _, vs := range [][]*ir.Var{f.Params, f.Locals} {
		for _, v := range vs {
			if v.Name == t {
				return ""
			}
		}
	}
	for _, o := range f.Frame {
		if o.Name == t {
			return ""
		}
	}
	return t
}

func isIdent(t string) bool {
	for i, r := range t {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return t != ""
}
