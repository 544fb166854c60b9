/* Kernel-held locks: net_device_ops run under RTNL, so a work item that
 * takes rtnl_lock() is serialised with them; one that does not, is not. */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>
#include <linux/workqueue.h>
#include <linux/pci.h>

struct priv {
	struct net_device *dev;
	struct work_struct reset_work;
	int mtu_changes;
	int resets;
	int phc;
};

static void priv_reset(struct work_struct *work)
{
	struct priv *p = container_of(work, struct priv, reset_work);

	rtnl_lock();
	p->mtu_changes = 0;
	rtnl_unlock();
	p->resets++; // want "(read|write) p->resets by priv_reset races with (read|write) p->resets by priv_change_mtu"
}

static int priv_change_mtu(struct net_device *dev, int mtu)
{
	struct priv *p = netdev_priv(dev);

	p->mtu_changes++;
	p->resets = 0; // want "write p->resets by priv_change_mtu races with (read|write) p->resets by priv_reset"
	dev->mtu = mtu;
	p->phc = mtu; // want "write p->phc by priv_change_mtu races with read p->phc by priv_get_ts_info"
	schedule_work(&p->reset_work);
	return 0;
}

static netdev_tx_t priv_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

/* ethtool's callers hold RTNL, but since Linux 5.14 setsockopt's
 * SO_TIMESTAMPING bind_phc reaches get_ts_info without it
 * (sock_timestamping_bind_phc, ethtool_get_phc_vclocks). */
static void priv_get_drvinfo(struct net_device *dev, struct ethtool_drvinfo *info)
{
	struct priv *p = netdev_priv(dev);

	info->n_stats = p->phc;
}

static int priv_get_ts_info(struct net_device *dev, struct ethtool_ts_info *info)
{
	struct priv *p = netdev_priv(dev);

	info->phc_index = p->phc; // want "read p->phc by priv_get_ts_info races with write p->phc by priv_change_mtu"
	return 0;
}

static const struct ethtool_ops priv_ethtool_ops = {
	.get_drvinfo = priv_get_drvinfo,
	.get_ts_info = priv_get_ts_info,
};

static const struct net_device_ops priv_ops = {
	.ndo_change_mtu = priv_change_mtu,
	.ndo_start_xmit = priv_start_xmit,
};

static int priv_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct priv));
	struct priv *p;

	if (!dev)
		return -ENOMEM;
	p = netdev_priv(dev);
	p->dev = dev;
	INIT_WORK(&p->reset_work, priv_reset);
	dev->netdev_ops = &priv_ops;
	dev->ethtool_ops = &priv_ethtool_ops;
	pci_set_drvdata(pdev, dev);
	return register_netdev(dev);
}

static void priv_remove(struct pci_dev *pdev)
{
	struct net_device *dev = pci_get_drvdata(pdev);
	struct priv *p = netdev_priv(dev);

	unregister_netdev(dev);
	cancel_work_sync(&p->reset_work);
	free_netdev(dev);
}

static const struct pci_device_id priv_ids[] = { { PCI_DEVICE(0x10ec, 0x8139) }, { } };

static struct pci_driver priv_driver = {
	.name = "rtnlprobe",
	.id_table = priv_ids,
	.probe = priv_probe,
	.remove = priv_remove,
};

module_pci_driver(priv_driver);
MODULE_LICENSE("GPL");
