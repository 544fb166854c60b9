// A handler whose only request_irq is in ndo_open runs once an ndo_open
// requested it: with the transmit, whose thread runs ndo_open first, the
// handler waits for that request in the pair, as the strict check wants
// it (a publication in the trace). Before, the harness let the handler
// start any time (an earlier ndo_open, outside the pair, could have
// requested it), the solver's first trace started it before the request,
// the strict check rejected that trace, and its rejection took the
// race's check site out of the pair's later queries: not confirmed.
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/pci.h>

struct ip_priv {
	unsigned long tx_bytes;
	int irq;
};

static irqreturn_t ip_interrupt(int irq, void *dev_id)
{
	struct net_device *dev = dev_id;
	struct ip_priv *p = netdev_priv(dev);

	p->tx_bytes = 0; // want "^confirmed struct ip_priv.tx_bytes ip_interrupt.ip_start_xmit"
	return IRQ_HANDLED;
}

static netdev_tx_t ip_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct ip_priv *p = netdev_priv(dev);

	p->tx_bytes += skb->len; // want "^confirmed struct ip_priv.tx_bytes ip_interrupt.ip_start_xmit"
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

static int ip_open(struct net_device *dev)
{
	struct ip_priv *p = netdev_priv(dev);

	return request_irq(p->irq, ip_interrupt, IRQF_SHARED, dev->name, dev);
}

static int ip_stop(struct net_device *dev)
{
	struct ip_priv *p = netdev_priv(dev);

	free_irq(p->irq, dev);
	return 0;
}

static int ip_change_mtu(struct net_device *dev, int mtu)
{
	struct ip_priv *p = netdev_priv(dev);

	p->tx_bytes = mtu; // want "^not-confirmed struct ip_priv.tx_bytes ip_interrupt.ip_change_mtu" "^confirmed struct ip_priv.tx_bytes ip_change_mtu.ip_start_xmit"
	dev->mtu = mtu;
	return 0;
}

static const struct net_device_ops ip_ops = {
	.ndo_open = ip_open,
	.ndo_change_mtu = ip_change_mtu,
	.ndo_stop = ip_stop,
	.ndo_start_xmit = ip_start_xmit,
};

static int ip_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct ip_priv));
	struct ip_priv *p;

	if (!dev)
		return -ENOMEM;
	p = netdev_priv(dev);
	p->irq = pdev->irq;
	dev->netdev_ops = &ip_ops;
	pci_set_drvdata(pdev, dev);
	return register_netdev(dev);
}

static const struct pci_device_id ip_ids[] = { { PCI_DEVICE(0x1234, 0x5678) }, { } };

static struct pci_driver ip_driver = {
	.name = "ip",
	.id_table = ip_ids,
	.probe = ip_probe,
};
module_pci_driver(ip_driver);
MODULE_LICENSE("GPL");
