// A NAPI poll runs only while its context is enabled: netif_napi_add
// leaves it with NAPI_STATE_SCHED set, so nothing schedules it before
// napi_enable, and napi_disable waits for a running poll (net/core/dev.c).
// open writes before before napi_enable: no poll runs then, and that race
// is not confirmed. It writes after once the context is enabled: an
// interrupt on a shared line may schedule the poll while open still runs
// (netif_running is true during ndo_open: __dev_open sets
// __LINK_STATE_START first), so that race is confirmed.
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/pci.h>

struct np_priv {
	struct napi_struct napi;
	unsigned int before;
	unsigned int after;
};

static int np_poll(struct napi_struct *napi, int budget)
{
	struct np_priv *p = container_of(napi, struct np_priv, napi);

	p->before++; // want "^not-confirmed struct np_priv.before np_(open|poll).np_(open|poll)"
	p->after++; // want "^confirmed struct np_priv.after np_(open|poll).np_(open|poll)"
	napi_complete(napi);
	return 0;
}

static int np_open(struct net_device *dev)
{
	struct np_priv *p = netdev_priv(dev);

	p->before = 0; // want "^not-confirmed struct np_priv.before np_(open|poll).np_(open|poll)"
	napi_enable(&p->napi);
	p->after = 0; // want "^confirmed struct np_priv.after np_(open|poll).np_(open|poll)"
	return 0;
}

static netdev_tx_t np_xmit(struct sk_buff *skb, struct net_device *dev)
{
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops np_ops = {
	.ndo_open = np_open,
	.ndo_start_xmit = np_xmit,
};

static int np_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct np_priv));
	struct np_priv *p;

	if (!dev)
		return -ENOMEM;
	p = netdev_priv(dev);
	dev->netdev_ops = &np_ops;
	netif_napi_add(dev, &p->napi, np_poll, 64);
	pci_set_drvdata(pdev, dev);
	return register_netdev(dev);
}

static const struct pci_device_id np_ids[] = { { PCI_DEVICE(0x10ec, 0x8139) }, { } };

static struct pci_driver np_driver = {
	.name = "np",
	.id_table = np_ids,
	.probe = np_probe,
};

module_pci_driver(np_driver);
MODULE_LICENSE("GPL");
