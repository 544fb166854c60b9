//go:build cgo && linux && amd64

package z3

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"unsafe"
)

// saOnStack is SA_ONSTACK: the Go runtime's handlers need it, and the
// runtime dies ("non-Go code set up signal handler without SA_ONSTACK
// flag") when a signal runs a handler without it on a goroutine's stack.
const saOnStack = 0x08000000

// sigintAction returns the SIGINT handler and flags (struct sigaction on
// linux/amd64: handler, flags, restorer, mask).
func sigintAction(t *testing.T) (handler, flags uint64) {
	t.Helper()
	var sa [4]uint64
	if _, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(syscall.SIGINT), 0,
		uintptr(unsafe.Pointer(&sa)), 8, 0, 0); e != 0 {
		t.Fatal(e)
	}
	return sa[0], sa[1]
}

// A check leaves the Go runtime's SIGINT handler as it was. Z3 by default
// installs its own for each check and restores the old one with signal(2),
// without SA_ONSTACK; every solver is made with ctrl_c=false instead.
func TestCheckKeepsSignalHandler(t *testing.T) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT) // the Go handler, even if SIGINT was ignored
	defer signal.Stop(ch)
	h0, f0 := sigintAction(t)
	if f0&saOnStack == 0 {
		t.Fatalf("Go's SIGINT handler lacks SA_ONSTACK before any check: flags %#x", f0)
	}
	c, err := NewContext(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, s := range []*Solver{c.NewSolver(), c.NewSimpleSolver()} {
		x := c.Const("x", c.IntSort())
		if err := s.Assert(c.Gt(x, c.Int(1))); err != nil {
			t.Fatal(err)
		}
		if r, err := s.Check(context.Background()); r != Sat || err != nil {
			t.Fatalf("Check = %v, %v", r, err)
		}
		if r, err := s.CheckAssumptions(context.Background(), c.Gt(x, c.Int(5))); r != Sat || err != nil {
			t.Fatalf("CheckAssumptions = %v, %v", r, err)
		}
		s.SetTimeout(1e9) // new parameters keep ctrl_c off
		if r, err := s.Check(context.Background()); r != Sat || err != nil {
			t.Fatalf("Check = %v, %v", r, err)
		}
		if h, f := sigintAction(t); h != h0 || f != f0 {
			t.Fatalf("after a check SIGINT's handler is %#x flags %#x, was %#x flags %#x", h, f, h0, f0)
		}
	}
}
