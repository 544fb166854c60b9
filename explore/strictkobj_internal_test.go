package explore

import (
	"context"
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/ir"
)

// The strict check ties the kernel's objects to the setup's on its own,
// whatever the search does: in disk_private.c, dp_ioctl's read of
// bdev->bd_disk->private_data where nothing in the trace wrote it must
// give the pointer dp_init stored there, or NULL before it stored one;
// dp_init's own reads are free.
func TestStrictKernelObjectLinks(t *testing.T) {
	prog, err := frontend.Load(context.Background(), filepath.Join("testdata", "protocol", "disk_private.c"), frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var setup, ioctl *ir.EntryPoint
	for _, ep := range prog.EntryPoints {
		switch ep.Name() {
		case "dp_init":
			setup = ep
		case "dp_ioctl":
			ioctl = ep
		}
	}
	if setup == nil || ioctl == nil {
		t.Fatalf("entry points dp_init, dp_ioctl not found")
	}
	var link *ir.Store
	forStmts(setup.Func, func(s ir.Stmt) {
		if st, ok := s.(*ir.Store); ok && st.Field == ".private_data" {
			link = st
		}
	})
	var read *ir.Load
	forStmts(ioctl.Func, func(s ir.Stmt) {
		if ld, ok := s.(*ir.Load); ok && ld.Field == ".private_data" {
			read = ld
		}
	})
	if link == nil || read == nil {
		t.Fatalf("no store or load of private_data: %v %v", link, read)
	}
	c := &checker{links: newSetupLinks(prog)}
	init := &sThread{id: initThread, ep: setup}
	th := &sThread{id: 1, ep: ioctl}
	if err := c.linkHolds(th, read, big.NewInt(0)); err != nil {
		t.Errorf("NULL before the setup stored a link: %v", err)
	}
	err = c.linkHolds(th, read, big.NewInt(4096))
	if err == nil || !strings.Contains(err.Error(), "reads 4096 from an object the kernel handed in, where the setup stored no pointer") {
		t.Errorf("a pointer before the setup stored one: %v", err)
	}
	c.noteStore(init, link, big.NewInt(1<<20))
	if err := c.linkHolds(th, read, big.NewInt(1<<20)); err != nil {
		t.Errorf("the setup's pointer: %v", err)
	}
	err = c.linkHolds(th, read, big.NewInt(4096))
	if err == nil || !strings.Contains(err.Error(), "reads 4096 from an object the kernel handed in, where the setup stored only 1048576") {
		t.Errorf("another pointer: %v", err)
	}
	if err := c.linkHolds(init, read, big.NewInt(4096)); err != nil {
		t.Errorf("the setup's own read: %v", err)
	}
	if (&checker{}).linkHolds(th, read, big.NewInt(4096)) != nil {
		t.Errorf("without the publication assumption (no links), any pointer")
	}
}
