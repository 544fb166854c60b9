/* A copy of unknown length stays inside the arrays it starts in (A4): it
 * moves no pointers between the other members of the structs around them.
 * The pattern is r8169's (Linux 4.0): the MAC address helper takes both
 * dev->dev_addr and dev->perm_addr, so the dev_addr buffer and net_device
 * are one node, and memcpy(dev->dev_addr, sa_data, dev->addr_len) copied
 * "everything" before: every pointer in net_device, the private struct and
 * the ops tables became one collapsed region. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/spinlock.h>
#include <linux/string.h>

struct nic {
	spinlock_t lock;
	unsigned long rx_packets;
	struct net_device *dev;
	u32 mac_lo;
};

static void nic_rar_set(struct nic *np, const u8 *addr)
{
	np->mac_lo = addr[0] | (addr[1] << 8);     // want region "struct net_device.perm_addr[]" region "struct nic.mac_lo"
}

static int nic_set_mac(struct net_device *dev, void *p)
{
	struct nic *np = netdev_priv(dev);
	struct sockaddr *sa = p;

	memcpy(dev->dev_addr, sa->sa_data, dev->addr_len);
	nic_rar_set(np, dev->dev_addr);
	return 0;
}

/* Inside the extent a copy of unknown length still moves pointers. */
struct table {
	int *slots[4];
	int *other;
};
static int target, other_target;
static struct table src_table = { .slots = { &target }, .other = &other_target };
static struct table dst_table;

static int nic_open(struct net_device *dev)
{
	struct nic *np = netdev_priv(dev);
	memcpy(dst_table.slots, src_table.slots, dev->addr_len);
	*dst_table.slots[1] = 1;                   // want region "global dst_table.slots[]" region "global target"
	*src_table.other = 2;                      // want region "global src_table.other" region "global other_target"
	np->rx_packets = 0;                        // want region "struct nic.rx_packets"
	np->dev->mtu = 1500;                       // want region "struct nic.dev" region "struct net_device.mtu"
	return 0;
}

static int nic_stop(struct net_device *dev)
{
	struct nic *np = netdev_priv(dev);
	nic_rar_set(np, dev->perm_addr);
	return 0;
}

static const struct net_device_ops nic_ops = {
	.ndo_open = nic_open,
	.ndo_stop = nic_stop,
	.ndo_set_mac_address = nic_set_mac,
};

static int __init nic_init(void)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct nic));
	struct nic *np;
	if (!dev)
		return -ENOMEM;
	np = netdev_priv(dev);
	np->dev = dev;                             // want region "struct nic.dev"
	dev->netdev_ops = &nic_ops;                // want region "struct net_device.netdev_ops"
	return register_netdev(dev);
}
module_init(nic_init);
MODULE_LICENSE("GPL");
