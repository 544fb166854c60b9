package explore

import (
	"math/big"

	"github.com/whoopverify/whoop/ir"
)

// The network core's protocol for a net_device's operations (checked in
// the kernel's 6.12 sources):
//
//   - ndo_start_xmit runs only on a device that is up: __dev_open
//     (net/core/dev.c) calls ndo_open and only when it returned 0 sets
//     IFF_UP and calls dev_activate (net/sched/sch_generic.c), which
//     gives the transmit queues their qdisc; before, a transmit meets
//     noop_qdisc and never reaches the driver. The watchdog that calls
//     ndo_tx_timeout (dev_watchdog) is armed by dev_activate too
//     (netdev_watchdog_up), and fires only on a queue whose qdisc is not
//     the noop one.
//   - __dev_close_many clears __LINK_STATE_START and calls
//     dev_deactivate_many before ndo_stop: it puts back noop_qdisc, waits
//     for the transmits in flight (synchronize_net, then
//     some_qdisc_is_busy), so no ndo_start_xmit runs when ndo_stop begins
//     nor starts after it.
//   - dev_open calls __dev_open only for a device that is not IFF_UP,
//     and ndo_open and ndo_stop both run under RTNL (ASSERT_RTNL in
//     __dev_open and __dev_close_many): ndo_open does not run on a device
//     that is up or being opened, nor while its ndo_stop runs, and
//     ndo_stop not while its ndo_open runs. (A transmit's thread runs
//     ndo_open before it, protocol.go, outside the lockset check's pairs.)
//
// NAPI polls need nothing here: a poll's publication is napi_enable (or a
// napi_schedule, which succeeds only on an enabled context:
// napi_schedule_prep), and napi_disable, which waits for a running poll,
// withdraws it (strictproto.go's published and call). netif_napi_add
// leaves the context with NAPI_STATE_SCHED set, so nothing schedules it
// before napi_enable (net/core/dev.c netif_napi_add_weight, napi_enable).

// netdevState is one net_device in the trace, by ops variable and address.
type netdevState struct {
	up      bool         // an ndo_open returned 0, and no ndo_stop began since
	stopped bool         // an ndo_stop began (and no ndo_open returned 0 since)
	opening int          // the thread running its ndo_open, or 0
	closing int          // the thread running its ndo_stop, or 0
	xmits   map[int]bool // threads running its ndo_start_xmit
}

// txField reports whether ep is an operation the core calls only on a
// device that is up (after ndo_open returned 0).
func txField(ep *ir.EntryPoint) bool {
	return ep.Struct == "net_device_ops" && (isField(ep, "ndo_start_xmit") || isField(ep, "ndo_tx_timeout"))
}

// netdevArg is the address of the struct net_device an operation runs on.
func netdevArg(ep *ir.EntryPoint, args []*big.Int) (string, bool) {
	for i, v := range ep.Func.Params {
		if s := ir.PointeeStruct(v.CType); s != nil && s.Tag == "net_device" && i < len(args) {
			return args[i].String(), true
		}
	}
	return "", false
}

// netdev returns the state of the device ep runs on, or nil when ep is no
// net_device_ops operation of a device whose ops have an ndo_open.
func (p *protocol) netdev(ep *ir.EntryPoint, args []*big.Int) *netdevState {
	if ep.Struct != "net_device_ops" || ep.Var == "" || !p.hasEntry(ep, "ndo_open") {
		return nil
	}
	dev, ok := netdevArg(ep, args)
	if !ok {
		return nil
	}
	key := ep.Var + " " + dev
	st := p.netdevs[key]
	if st == nil {
		st = &netdevState{xmits: make(map[int]bool)}
		p.netdevs[key] = st
	}
	return st
}

// netdevStart checks that ep may begin in thread th on its device.
func (p *protocol) netdevStart(c *checker, th *sThread, ep *ir.EntryPoint, args []*big.Int) error {
	st := p.netdev(ep, args)
	switch {
	case st == nil:
		return nil
	case isField(ep, "ndo_open"):
		if st.up || st.opening != 0 {
			return rejectf(ep.Pos, "%s runs on a device that is up or being opened (dev_open calls ndo_open only on a device that is down, under RTNL)", ep.Name())
		}
		if st.closing != 0 && st.closing != th.id {
			return rejectf(ep.Pos, "%s runs while the device's ndo_stop runs (both run under RTNL)", ep.Name())
		}
		st.opening = th.id
	case isField(ep, "ndo_stop"):
		if st.opening != 0 && st.opening != th.id {
			return rejectf(ep.Pos, "%s runs while the device's ndo_open runs (both run under RTNL)", ep.Name())
		}
		st.closing = th.id
		for t := range st.xmits {
			if t != th.id {
				return rejectf(ep.Pos, "%s begins while %s runs (__dev_close_many waits for the transmits in flight, dev_deactivate_many, before ndo_stop)", ep.Name(), c.threads[t].ep.Name())
			}
		}
		st.up, st.stopped = false, true
	case txField(ep):
		switch {
		case st.stopped:
			return rejectf(ep.Pos, "%s runs after ndo_stop began (dev_deactivate_many stops the transmit queues before ndo_stop)", ep.Name())
		case !st.up:
			return rejectf(ep.Pos, "%s runs before ndo_open returned 0 (the core starts the transmit queues after ndo_open returns: __dev_open, dev_activate)", ep.Name())
		}
		if isField(ep, "ndo_start_xmit") {
			st.xmits[th.id] = true
		}
	}
	return nil
}

// netdevFinish records the end of ep in thread th, which returned ok.
func (p *protocol) netdevFinish(th *sThread, ep *ir.EntryPoint, args []*big.Int, ok bool) {
	st := p.netdev(ep, args)
	if st == nil {
		return
	}
	delete(st.xmits, th.id)
	if st.closing == th.id {
		st.closing = 0
	}
	if isField(ep, "ndo_open") && st.opening == th.id {
		st.opening = 0
		if ok {
			st.up, st.stopped = true, false
		}
	}
}
