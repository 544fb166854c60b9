/*
 * breadth/net_napi.c - a PCI Ethernet driver with NAPI receive, a watchdog
 * timer, deferred reset work and ethtool statistics.
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/spinlock.h>
#include <linux/skbuff.h>
#include <linux/rtnetlink.h>
#include <linux/io.h>

#define NN_REG_ISR 0x00
#define NN_REG_IMR 0x04
#define NN_REG_TX 0x08
#define NN_REG_RX 0x0c
#define NN_INT_RX 0x01
#define NN_INT_TX 0x02
#define NN_NAPI_WEIGHT 64

struct nn_priv {
	struct net_device *dev;
	struct pci_dev *pdev;
	void __iomem *ioaddr;
	struct napi_struct napi;
	spinlock_t lock;
	struct timer_list watchdog;
	struct work_struct reset_task;
	u32 msg_enable;
	unsigned long tx_packets;
	unsigned long rx_packets;
	unsigned int link_checks;
};

static int nn_poll(struct napi_struct *napi, int budget)
{
	struct nn_priv *np = container_of(napi, struct nn_priv, napi);
	struct net_device *dev = np->dev;
	int work_done = 0;

	while (work_done < budget && (ioread32(np->ioaddr + NN_REG_ISR) & NN_INT_RX)) {
		struct sk_buff *skb = napi_alloc_skb(napi, ETH_FRAME_LEN);

		if (!skb)
			break;
		ioread32_rep(np->ioaddr + NN_REG_RX, skb_put(skb, 64), 16);
		skb->protocol = eth_type_trans(skb, dev);
		netif_receive_skb(skb);
		np->rx_packets++;
		work_done++;
	}
	if (work_done < budget) {
		napi_complete(napi);
		iowrite32(NN_INT_RX | NN_INT_TX, np->ioaddr + NN_REG_IMR);
	}
	return work_done;
}

static irqreturn_t nn_interrupt(int irq, void *dev_instance)
{
	struct net_device *dev = dev_instance;
	struct nn_priv *np = netdev_priv(dev);
	u32 status = ioread32(np->ioaddr + NN_REG_ISR);

	if (!status)
		return IRQ_NONE;
	if (status & NN_INT_RX) {
		iowrite32(NN_INT_TX, np->ioaddr + NN_REG_IMR);
		napi_schedule(&np->napi);
	}
	if (status & NN_INT_TX) {
		spin_lock(&np->lock);
		np->tx_packets++;
		netif_wake_queue(dev);
		spin_unlock(&np->lock);
	}
	return IRQ_HANDLED;
}

static void nn_watchdog(unsigned long data)
{
	struct net_device *dev = (struct net_device *)data;
	struct nn_priv *np = netdev_priv(dev);

	np->link_checks++;
	if (!netif_carrier_ok(dev))
		schedule_work(&np->reset_task);
	mod_timer(&np->watchdog, round_jiffies(jiffies + 2 * HZ));
}

static void nn_reset_task(struct work_struct *work)
{
	struct nn_priv *np = container_of(work, struct nn_priv, reset_task);

	rtnl_lock();
	netif_carrier_on(np->dev);
	rtnl_unlock();
}

static int nn_open(struct net_device *dev)
{
	struct nn_priv *np = netdev_priv(dev);
	int ret;

	ret = request_irq(np->pdev->irq, nn_interrupt, IRQF_SHARED, dev->name, dev);
	if (ret)
		return ret;
	napi_enable(&np->napi);
	setup_timer(&np->watchdog, nn_watchdog, (unsigned long)dev);
	mod_timer(&np->watchdog, jiffies + HZ);
	netif_start_queue(dev);
	return 0;
}

static int nn_stop(struct net_device *dev)
{
	struct nn_priv *np = netdev_priv(dev);

	netif_stop_queue(dev);
	del_timer_sync(&np->watchdog);
	cancel_work_sync(&np->reset_task);
	napi_disable(&np->napi);
	free_irq(np->pdev->irq, dev);
	return 0;
}

static netdev_tx_t nn_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct nn_priv *np = netdev_priv(dev);
	unsigned long flags;

	spin_lock_irqsave(&np->lock, flags);
	iowrite32_rep(np->ioaddr + NN_REG_TX, skb->data, skb->len / 4);
	dev->stats.tx_bytes += skb->len;
	netif_stop_queue(dev);
	spin_unlock_irqrestore(&np->lock, flags);
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

static void nn_tx_timeout(struct net_device *dev)
{
	struct nn_priv *np = netdev_priv(dev);

	netif_err(np, tx_err, dev, "transmit timed out\n");
	schedule_work(&np->reset_task);
}

static struct net_device_stats *nn_get_stats(struct net_device *dev)
{
	struct nn_priv *np = netdev_priv(dev);

	dev->stats.rx_packets = np->rx_packets;
	dev->stats.tx_packets = np->tx_packets;
	return &dev->stats;
}

static const struct net_device_ops nn_netdev_ops = {
	.ndo_open = nn_open,
	.ndo_stop = nn_stop,
	.ndo_start_xmit = nn_start_xmit,
	.ndo_tx_timeout = nn_tx_timeout,
	.ndo_get_stats = nn_get_stats,
	.ndo_validate_addr = eth_validate_addr,
	.ndo_set_mac_address = eth_mac_addr,
	.ndo_change_mtu = eth_change_mtu,
};

static u32 nn_get_msglevel(struct net_device *dev)
{
	struct nn_priv *np = netdev_priv(dev);

	return np->msg_enable;
}

static void nn_set_msglevel(struct net_device *dev, u32 value)
{
	struct nn_priv *np = netdev_priv(dev);

	np->msg_enable = value;
}

static const struct ethtool_ops nn_ethtool_ops = {
	.get_msglevel = nn_get_msglevel,
	.set_msglevel = nn_set_msglevel,
	.get_link = ethtool_op_get_link,
};

static int nn_probe(struct pci_dev *pdev, const struct pci_device_id *ent)
{
	struct net_device *dev;
	struct nn_priv *np;
	int ret;

	ret = pci_enable_device(pdev);
	if (ret)
		return ret;
	dev = alloc_etherdev(sizeof(*np));
	if (!dev)
		return -ENOMEM;
	SET_NETDEV_DEV(dev, &pdev->dev);
	np = netdev_priv(dev);
	np->dev = dev;
	np->pdev = pdev;
	np->msg_enable = netif_msg_init(-1, NETIF_MSG_DRV | NETIF_MSG_LINK);
	spin_lock_init(&np->lock);
	INIT_WORK(&np->reset_task, nn_reset_task);
	np->ioaddr = pci_iomap(pdev, 0, 0);
	dev->netdev_ops = &nn_netdev_ops;
	dev->ethtool_ops = &nn_ethtool_ops;
	dev->watchdog_timeo = 5 * HZ;
	netif_napi_add(dev, &np->napi, nn_poll, NN_NAPI_WEIGHT);
	eth_hw_addr_random(dev);
	pci_set_drvdata(pdev, dev);
	ret = register_netdev(dev);
	if (ret) {
		netif_napi_del(&np->napi);
		free_netdev(dev);
	}
	return ret;
}

static void nn_remove(struct pci_dev *pdev)
{
	struct net_device *dev = pci_get_drvdata(pdev);
	struct nn_priv *np = netdev_priv(dev);

	unregister_netdev(dev);
	netif_napi_del(&np->napi);
	pci_iounmap(pdev, np->ioaddr);
	free_netdev(dev);
	pci_disable_device(pdev);
}

static const struct pci_device_id nn_pci_tbl[] = {
	{ PCI_DEVICE(0x1af4, 0x10ff) },
	{ }
};
MODULE_DEVICE_TABLE(pci, nn_pci_tbl);

static struct pci_driver nn_driver = {
	.name = "net_napi",
	.id_table = nn_pci_tbl,
	.probe = nn_probe,
	.remove = nn_remove,
};

module_pci_driver(nn_driver);

MODULE_LICENSE("GPL");
