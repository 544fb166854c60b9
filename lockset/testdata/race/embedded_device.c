/* The struct device embedded in struct pci_dev, handed to the kernel as
 * struct device *, is the memory the PM callbacks receive: a write through
 * the container races with one through the kernel's pointer, and the
 * private struct reached through driver_data keeps its fields and its
 * lock apart from the containers (they were one collapsed region). */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/pm.h>
#include <linux/device.h>
#include <linux/spinlock.h>

struct nic {
	spinlock_t lock;
	unsigned long tx_packets;
	struct pci_dev *pdev;
};

static int nic_suspend(struct device *d)
{
	struct nic *np = d->driver_data;
	d->platform_data = NULL; // want "write d->platform_data by nic_suspend races with write np->pdev->dev.platform_data by nic_start_xmit"
	spin_lock(&np->lock);
	np->tx_packets = 0;
	spin_unlock(&np->lock);
	return 0;
}

static const struct dev_pm_ops nic_pm = {
	.suspend = nic_suspend,
};

static netdev_tx_t nic_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct nic *np = netdev_priv(dev);
	np->pdev->dev.platform_data = skb; // want "write np->pdev->dev.platform_data by nic_start_xmit races with write d->platform_data by nic_suspend"
	spin_lock(&np->lock);
	np->tx_packets++;
	spin_unlock(&np->lock);
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops nic_ops = {
	.ndo_start_xmit = nic_start_xmit,
};

static int nic_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct nic));
	struct nic *np;
	if (!dev)
		return -ENOMEM;
	np = netdev_priv(dev);
	np->pdev = pdev;
	spin_lock_init(&np->lock);
	get_device(&pdev->dev);
	get_device(&dev->dev);
	pdev->dev.driver_data = np;
	dev->netdev_ops = &nic_ops;
	return register_netdev(dev);
}

static struct pci_driver nic_driver = {
	.driver = { .name = "nic", .pm = &nic_pm },
	.probe = nic_probe,
};

static int __init nic_init(void)
{
	return pci_register_driver(&nic_driver);
}
module_init(nic_init);
MODULE_LICENSE("GPL");
