// The network core transmits only on a device that is up: ndo_start_xmit
// runs after ndo_open returned 0 (__dev_open, then dev_activate gives the
// queues their qdisc) and never once ndo_stop began (__dev_close_many's
// dev_deactivate_many waits for the transmits in flight first). open and
// stop write cur without the transmit lock, but neither overlaps a
// transmit: those races are not confirmed (before, a transmit ran while
// open or stop did, and both were confirmed). An ethtool operation runs
// whether the device is up or not, so its race with a transmit, on a
// device its ndo_open opened first, stays confirmed; that open clears a
// ring in a loop, which the opener runs to its end (its loops get the
// setup's bound: cut at --unroll 1, no transmit would run).
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/pci.h>

struct nx_priv {
	unsigned int cur;
	unsigned int msg;
	unsigned int ring[4];
};

static netdev_tx_t nx_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct nx_priv *p = netdev_priv(dev);

	if (p->msg) // want "^confirmed struct nx_priv.msg nx_(xmit|set_msglevel).nx_(xmit|set_msglevel)"
		p->cur++; // want "^not-confirmed struct nx_priv.cur nx_(xmit|open).nx_(xmit|open)" "^not-confirmed struct nx_priv.cur nx_(xmit|stop).nx_(xmit|stop)"
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

static int nx_open(struct net_device *dev)
{
	struct nx_priv *p = netdev_priv(dev);
	int i;

	for (i = 0; i < 4; i++)
		p->ring[i] = 0;
	p->cur = 0; // want "^not-confirmed struct nx_priv.cur nx_(xmit|open).nx_(xmit|open)"
	return 0;
}

static int nx_stop(struct net_device *dev)
{
	struct nx_priv *p = netdev_priv(dev);

	p->cur = 0; // want "^not-confirmed struct nx_priv.cur nx_(xmit|stop).nx_(xmit|stop)"
	return 0;
}

static void nx_set_msglevel(struct net_device *dev, u32 v)
{
	struct nx_priv *p = netdev_priv(dev);

	p->msg = v; // want "^confirmed struct nx_priv.msg nx_(xmit|set_msglevel).nx_(xmit|set_msglevel)"
}

static const struct net_device_ops nx_ops = {
	.ndo_open = nx_open,
	.ndo_stop = nx_stop,
	.ndo_start_xmit = nx_xmit,
};

static const struct ethtool_ops nx_ethtool_ops = {
	.set_msglevel = nx_set_msglevel,
};

static int nx_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct nx_priv));

	if (!dev)
		return -ENOMEM;
	dev->netdev_ops = &nx_ops;
	dev->ethtool_ops = &nx_ethtool_ops;
	pci_set_drvdata(pdev, dev);
	return register_netdev(dev);
}

static void nx_remove(struct pci_dev *pdev)
{
	struct net_device *dev = pci_get_drvdata(pdev);

	unregister_netdev(dev);
	free_netdev(dev);
}

static const struct pci_device_id nx_ids[] = { { PCI_DEVICE(0x10ec, 0x8139) }, { } };

static struct pci_driver nx_driver = {
	.name = "nx",
	.id_table = nx_ids,
	.probe = nx_probe,
	.remove = nx_remove,
};

module_pci_driver(nx_driver);
MODULE_LICENSE("GPL");
