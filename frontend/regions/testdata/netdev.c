/* netdev_priv: the private struct lives after the canonical net_device. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

struct nic {
	spinlock_t lock;
	unsigned long rx_packets;
	struct delayed_work poll;
	struct net_device *dev;
};

static void nic_poll(struct work_struct *work)
{
	struct nic *np = container_of(work, struct nic, poll.work);
	spin_lock(&np->lock);                      // want arg 0 "struct nic.lock" exact
	np->rx_packets++;                          // want region "struct nic.rx_packets" shared
	np->dev->stats.rx_packets++;               // want region "struct nic.dev" region "struct net_device.stats.rx_packets"
	spin_unlock(&np->lock);
}

static int nic_open(struct net_device *dev)
{
	struct nic *np = netdev_priv(dev);
	np->rx_packets = 0;                        // want region "struct nic.rx_packets"
	INIT_DELAYED_WORK(&np->poll, nic_poll);
	schedule_delayed_work(&np->poll, 1);
	return 0;
}

static netdev_tx_t nic_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct nic *np = netdev_priv(dev);
	unsigned long flags;
	spin_lock_irqsave(&np->lock, flags);       // want arg 0 "struct nic.lock" exact
	dev->stats.tx_packets++;                   // want region "struct net_device.stats.tx_packets"
	spin_unlock_irqrestore(&np->lock, flags);
	return NETDEV_TX_OK;
}

static const struct net_device_ops nic_ops = {
	.ndo_open = nic_open,
	.ndo_start_xmit = nic_xmit,
};

static struct net_device *the_dev;

static int __init nic_init(void)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct nic));
	struct nic *np;
	if (!dev)
		return -ENOMEM;
	np = netdev_priv(dev);
	np->dev = dev;                             // want region "struct nic.dev"
	spin_lock_init(&np->lock);                 // want arg 0 "struct nic.lock" exact
	dev->netdev_ops = &nic_ops;                // want region "struct net_device.netdev_ops"
	the_dev = dev;
	return register_netdev(dev);               // want arg 0 "struct net_device" exact
}
module_init(nic_init);
