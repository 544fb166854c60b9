/* A struct device embedded in two driver-visible containers (struct
 * pci_dev, struct net_device) and handed to the kernel as struct device *
 * is the canonical struct device's memory, but the containers stay apart:
 * unifying each with the canonical node at its embedded offset put both
 * containers on one node at shifted offsets, folded it and collapsed the
 * driver's private struct with them (r8169 in Linux 6.12). The embedded
 * bytes and the kernel-handed struct device are one region, so accesses
 * through either are checked against each other. */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/pm.h>
#include <linux/device.h>

struct nic {
	unsigned long rx_packets;
	struct net_device *dev;
	struct pci_dev *pdev;
	u32 flags;
};

static int nic_suspend(struct device *d)
{
	struct nic *np = d->driver_data;           // want region "struct device.driver_data"
	np->flags = 1;                             // want region "struct nic.flags"
	d->platform_data = NULL;                   // want region "struct device.platform_data"
	return 0;
}

static int nic_resume(struct device *d)
{
	struct nic *np = d->driver_data;           // want region "struct device.driver_data"
	np->pdev->dev.platform_data = np;          // want region "struct nic.pdev" region "struct device.platform_data"
	np->dev->dev.init_name = "nic";            // want region "struct nic.dev" region "struct device.init_name"
	np->rx_packets = 0;                        // want region "struct nic.rx_packets"
	return 0;
}

static const struct dev_pm_ops nic_pm = {
	.suspend = nic_suspend,
	.resume = nic_resume,
};

static int nic_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct nic));
	struct nic *np;
	if (!dev)
		return -ENOMEM;
	np = netdev_priv(dev);
	np->pdev = pdev;                           // want region "struct nic.pdev"
	np->dev = dev;                             // want region "struct nic.dev"
	get_device(&pdev->dev);
	get_device(&dev->dev);
	pdev->dev.driver_data = np;                // want region "struct device.driver_data"
	pdev->vendor = 0;                          // want region "struct pci_dev.vendor"
	dev->mtu = 1500;                           // want region "struct net_device.mtu"
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
