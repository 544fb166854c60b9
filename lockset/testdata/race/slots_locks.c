/* One function in two slots that run under different kernel locks:
 * .ndo_uninit under RTNL, .ndo_tx_timeout under the transmit lock. A work
 * item that takes rtnl_lock() is serialised with the first slot and races
 * with the second: the two pairs' programs differ in the locks held on
 * entry, so neither takes the other's result (a key without the locks
 * gives both pairs the first one's verdict). */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>
#include <linux/workqueue.h>

struct nic {
	struct net_device *dev;
	struct work_struct work;
	int mode;
};

static void nic_reset(struct net_device *dev)
{
	struct nic *np = netdev_priv(dev);
	np->mode = 0; // want "write np->mode by nic_reset races with write np->mode by (nic_work|nic_reset)"
	schedule_work(&np->work);
}

static void nic_work(struct work_struct *work)
{
	struct nic *np = container_of(work, struct nic, work);
	int up = np->dev != NULL;

	/* Locked only where it writes: the lockset fast path, which does not
	 * follow the correlation, leaves both slots' pairs to the solver. */
	if (up)
		rtnl_lock();
	if (up)
		np->mode = 2; // want "write np->mode by nic_work races with write np->mode by nic_reset"
	if (up)
		rtnl_unlock();
}

static netdev_tx_t nic_xmit(struct sk_buff *skb, struct net_device *dev)
{
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops nic_ops = {
	.ndo_uninit = nic_reset,
	.ndo_start_xmit = nic_xmit,
	.ndo_tx_timeout = nic_reset,
};

static struct net_device *the_dev;

static int __init nic_init(void)
{
	struct nic *np;
	the_dev = alloc_etherdev(sizeof(struct nic));
	if (!the_dev)
		return -ENOMEM;
	np = netdev_priv(the_dev);
	np->dev = the_dev;
	INIT_WORK(&np->work, nic_work);
	the_dev->netdev_ops = &nic_ops;
	return register_netdev(the_dev);
}

static void __exit nic_exit(void)
{
	unregister_netdev(the_dev);
	free_netdev(the_dev);
}
module_init(nic_init);
module_exit(nic_exit);
MODULE_LICENSE("GPL");
