package lockset

import "github.com/whoopverify/whoop/ir"

// kernelEnv is the kernel knowledge the check needs beyond the locking
// table: which kernel locks an entry point runs under, which publication
// class makes an entry point callable, and which calls publish or withdraw
// a class. It comes from the models tables.
type kernelEnv struct {
	heldLocks    func(ep *ir.EntryPoint) []string
	entryClass   func(ep *ir.EntryPoint) string
	registration func(name string) (class string, unregister bool, ok bool)
}

// defaultEnv reads the models tables.
func defaultEnv() kernelEnv {
	return kernelEnv{
		heldLocks:    func(*ir.EntryPoint) []string { return nil },
		entryClass:   func(*ir.EntryPoint) string { return "" },
		registration: func(string) (string, bool, bool) { return "", false, false },
	}
}
