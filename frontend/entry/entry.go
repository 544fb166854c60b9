package entry

import "github.com/whoopverify/whoop/ir"

// Find returns the entry points of prog, in a deterministic order.
func Find(prog *ir.Program) []*ir.EntryPoint {
	return nil
}
