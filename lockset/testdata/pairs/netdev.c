// A network driver: net_device_ops and ethtool_ops installed by stores in
// init, a NAPI poll. RTNL serialises most callbacks, the transmit lock
// ndo_start_xmit and ndo_tx_timeout, netif_addr_lock ndo_set_rx_mode;
// ethtool get_link runs without RTNL (bonding's MII monitor). Rules: rtnl,
// tx-lock, addr-lock, napi.
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/ethtool.h>

struct n_priv {
	struct napi_struct napi;
	int state;
};

static struct net_device *n_dev;

static int n_open(struct net_device *dev) { return 0; }
static netdev_tx_t n_xmit(struct sk_buff *skb, struct net_device *dev) { return NETDEV_TX_OK; }
static void n_timeout(struct net_device *dev) { }
static void n_rx_mode(struct net_device *dev) { }
static void n_drvinfo(struct net_device *dev, struct ethtool_drvinfo *info) { }
static u32 n_get_link(struct net_device *dev) { return 1; }
static int n_poll(struct napi_struct *napi, int budget) { return 0; }

static const struct net_device_ops n_ops = {
	.ndo_open = n_open,
	.ndo_start_xmit = n_xmit,
	.ndo_tx_timeout = n_timeout,
	.ndo_set_rx_mode = n_rx_mode,
};

static const struct ethtool_ops n_eops = {
	.get_drvinfo = n_drvinfo,
	.get_link = n_get_link,
};

static int n_init(void)
{
	struct n_priv *priv;

	n_dev = alloc_netdev(sizeof(struct n_priv), "n%d", NET_NAME_UNKNOWN, ether_setup);
	if (!n_dev)
		return -ENOMEM;
	priv = netdev_priv(n_dev);
	n_dev->netdev_ops = &n_ops;
	n_dev->ethtool_ops = &n_eops;
	netif_napi_add(n_dev, &priv->napi, n_poll, 64);
	return register_netdev(n_dev);
}

module_init(n_init);

// want pair "n_open n_open not-concurrent: rtnl_mutex"
// want pair "n_open n_xmit concurrent"
// want pair "n_open n_timeout concurrent"
// want pair "n_open n_rx_mode concurrent"
// want pair "n_open n_drvinfo not-concurrent: rtnl_mutex"
// want pair "n_open n_get_link concurrent"
// want pair "n_open n_poll concurrent"
// want pair "n_open n_init concurrent"
// want pair "n_xmit n_xmit not-concurrent: HARD_TX_LOCK"
// want pair "n_xmit n_timeout not-concurrent: netif_tx_lock"
// want pair "n_xmit n_rx_mode concurrent"
// want pair "n_xmit n_drvinfo concurrent"
// want pair "n_xmit n_get_link concurrent"
// want pair "n_xmit n_poll concurrent"
// want pair "n_xmit n_init concurrent"
// want pair "n_timeout n_timeout not-concurrent: netif_tx_lock"
// want pair "n_timeout n_rx_mode concurrent"
// want pair "n_timeout n_drvinfo concurrent"
// want pair "n_timeout n_get_link concurrent"
// want pair "n_timeout n_poll concurrent"
// want pair "n_timeout n_init concurrent"
// want pair "n_rx_mode n_rx_mode not-concurrent: netif_addr_lock_bh"
// want pair "n_rx_mode n_drvinfo concurrent"
// want pair "n_rx_mode n_get_link concurrent"
// want pair "n_rx_mode n_poll concurrent"
// want pair "n_rx_mode n_init concurrent"
// want pair "n_drvinfo n_drvinfo not-concurrent: rtnl_mutex"
// want pair "n_drvinfo n_get_link concurrent"
// want pair "n_drvinfo n_poll concurrent"
// want pair "n_drvinfo n_init concurrent"
// want pair "n_get_link n_get_link concurrent"
// want pair "n_get_link n_poll concurrent"
// want pair "n_get_link n_init concurrent"
// want pair "n_poll n_poll not-concurrent: NAPI_STATE_SCHED"
// want pair "n_poll n_init concurrent"
// want pair "n_init n_init not-concurrent: runs once and alone"
