package explore

import (
	"math/big"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/ir"
)

// The strict check holds a net_device's operations to the network core's
// protocol (strictnet.go): a transmit only after ndo_open returned 0 and
// before ndo_stop began, ndo_stop not while a transmit runs, ndo_open not
// on a device up nor beside ndo_stop. Each step's rejection says why.
func TestStrictNetdev(t *testing.T) {
	ptr := func(tag string) ir.Type { return &ir.Pointer{Elem: &ir.Struct{Tag: tag}} }
	ep := func(name, field string, params ...string) *ir.EntryPoint {
		f := ir.NewFunction(name, nil, ir.Pos{})
		for _, p := range params {
			f.Params = append(f.Params, &ir.Var{Name: p, CType: ptr(p), Func: f, Param: true})
		}
		return &ir.EntryPoint{Func: f, Struct: "net_device_ops", Var: "d_ops", Field: field}
	}
	open, stop := ep("d_open", "ndo_open", "net_device"), ep("d_stop", "ndo_stop", "net_device")
	xmit := ep("d_xmit", "ndo_start_xmit", "sk_buff", "net_device")
	p := &protocol{prog: &ir.Program{EntryPoints: []*ir.EntryPoint{open, stop, xmit}}, netdevs: map[string]*netdevState{}}
	th1, th2 := &sThread{id: 1, ep: open}, &sThread{id: 2, ep: xmit}
	c := &checker{proto: p, threads: map[int]*sThread{1: th1, 2: th2}}
	dev := []*big.Int{big.NewInt(4096)}
	skbDev := []*big.Int{big.NewInt(8192), big.NewInt(4096)}
	step := func(th *sThread, e *ir.EntryPoint, args []*big.Int, want string) {
		t.Helper()
		err := p.netdevStart(c, th, e, args)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s in thread %d: rejected: %v", e.Func.Name, th.id, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s in thread %d: %v, want a rejection saying %q", e.Func.Name, th.id, err, want)
		}
	}
	step(th2, xmit, skbDev, "d_xmit runs before ndo_open returned 0")
	step(th1, open, dev, "")
	step(th2, open, dev, "d_open runs on a device that is up or being opened")
	step(th2, stop, dev, "d_stop runs while the device's ndo_open runs")
	step(th2, xmit, skbDev, "d_xmit runs before ndo_open returned 0")
	p.netdevFinish(th1, open, dev, true)
	step(th2, xmit, skbDev, "")
	step(th1, stop, dev, "d_stop begins while d_xmit runs")
	p.netdevFinish(th2, xmit, skbDev, true)
	step(th1, stop, dev, "")
	step(th2, xmit, skbDev, "d_xmit runs after ndo_stop began")
	step(th2, open, dev, "d_open runs while the device's ndo_stop runs")
	p.netdevFinish(th1, stop, dev, true)
	step(th2, open, dev, "")
	p.netdevFinish(th2, open, dev, false) // failed: the device stays down
	step(th1, xmit, skbDev, "d_xmit runs after ndo_stop began")
}
