/* netdev_priv reaches the driver's private data; ndo_start_xmit runs under
 * the transmit lock, the interrupt handler does not. */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/pci.h>
#include <linux/spinlock.h>

struct priv {
	spinlock_t lock;
	unsigned long tx_packets;
	unsigned long tx_bytes;
	int irq;
};

static irqreturn_t priv_interrupt(int irq, void *dev_id)
{
	struct net_device *dev = dev_id;
	struct priv *p = netdev_priv(dev);

	spin_lock(&p->lock);
	p->tx_packets = 0;
	spin_unlock(&p->lock);
	p->tx_bytes = 0; // want "write p->tx_bytes by priv_interrupt races with (read|write) p->tx_bytes by priv_start_xmit"
	return IRQ_HANDLED;
}

static netdev_tx_t priv_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct priv *p = netdev_priv(dev);

	spin_lock(&p->lock);
	p->tx_packets++;
	spin_unlock(&p->lock);
	p->tx_bytes += skb->len; // want "(read|write) p->tx_bytes by priv_start_xmit races with write p->tx_bytes by priv_interrupt"
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

static int priv_open(struct net_device *dev)
{
	struct priv *p = netdev_priv(dev);

	return request_irq(p->irq, priv_interrupt, IRQF_SHARED, dev->name, dev);
}

static int priv_stop(struct net_device *dev)
{
	struct priv *p = netdev_priv(dev);

	free_irq(p->irq, dev);
	return 0;
}

static const struct net_device_ops priv_ops = {
	.ndo_open = priv_open,
	.ndo_stop = priv_stop,
	.ndo_start_xmit = priv_start_xmit,
};

static int priv_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct priv));
	struct priv *p;

	if (!dev)
		return -ENOMEM;
	p = netdev_priv(dev);
	spin_lock_init(&p->lock);
	p->irq = pdev->irq;
	dev->netdev_ops = &priv_ops;
	pci_set_drvdata(pdev, dev);
	return register_netdev(dev);
}

static void priv_remove(struct pci_dev *pdev)
{
	struct net_device *dev = pci_get_drvdata(pdev);

	unregister_netdev(dev);
	free_netdev(dev);
}

static const struct pci_device_id priv_ids[] = { { PCI_DEVICE(0x10ec, 0x8139) }, { } };

static struct pci_driver priv_driver = {
	.name = "priv",
	.id_table = priv_ids,
	.probe = priv_probe,
	.remove = priv_remove,
};

module_pci_driver(priv_driver);
MODULE_LICENSE("GPL");
