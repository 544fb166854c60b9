// The local-types assumption: the kernel is compiled without the struct
// types a driver defines in its own source, so it cannot call a function
// through their members, even when the memory they sit in is the kernel's
// (netdev_priv) or escapes. Such functions are the driver's own: its
// indirect calls reach them. A struct type a kernel prototype mentions is
// the kernel's too, and a function the driver loads back from a private
// member and hands to the kernel escapes as before. escape.c has the
// assumption dropped.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>

struct l_priv;

/* Chip-specific operations, chosen at probe time (r8169's mdio_ops,
 * jumbo_ops, hw_start). */
struct l_chip {
	void (*start)(struct l_priv *tp);
};

struct l_priv {
	struct {
		void (*write)(struct l_priv *tp, int reg, int val);
		int (*read)(struct l_priv *tp, int reg);
	} mdio;
	void (*hw_start)(struct net_device *dev);
	const struct l_chip *chip;
	void (*notify)(int code);
	int regs[4];
};

static void a_write(struct l_priv *tp, int reg, int val)
{
	tp->regs[reg & 3] = val;
}

static int a_read(struct l_priv *tp, int reg)
{
	return tp->regs[reg & 3];
}

static void a_start(struct net_device *dev)
{
}

static void c_start(struct l_priv *tp)
{
}

static const struct l_chip l_chips[] = { { .start = c_start } };

/* Loaded back from a private member and passed to the kernel: it
 * escapes. */
static void n_notify(int code) // want entry "entry escape guessed"
{
}

extern void notifier_register(void (*cb)(int));

static int l_open(struct net_device *dev) // want entry "entry net_device_ops.ndo_open var=l_netdev_ops"
{
	struct l_priv *tp = netdev_priv(dev);

	tp->mdio.write(tp, 1, tp->mdio.read(tp, 2));
	tp->hw_start(dev);
	tp->chip->start(tp);
	notifier_register(tp->notify);
	return 0;
}

static const struct net_device_ops l_netdev_ops = { .ndo_open = l_open };

/* A private struct whose address goes to the kernel as an opaque pointer
 * (file->private_data): its members stay private. */
struct p_ops {
	void (*poke)(void);
};

static void p_poke(void)
{
}

static struct p_ops p_table = { .poke = p_poke };

static int p_open(struct inode *inode, struct file *file) // want entry "entry file_operations.open var=p_fops"
{
	file->private_data = &p_table;
	return 0;
}

static const struct file_operations p_fops = { .open = p_open };

/* A driver-defined struct a kernel prototype mentions is the kernel's:
 * stored through kernel memory, its function escapes. */
struct k_hooks {
	void (*fire)(void);
};

struct k_holder {
	struct k_hooks *hooks;
};

extern int k_attach(struct k_holder *h);

static struct k_holder k_h;

static void k_fire(void) // want entry "entry k_hooks.fire guessed"
{
}

static int l_init(void) // want entry "init module_init"
{
	struct net_device *dev = alloc_etherdev(sizeof(struct l_priv));
	struct l_priv *tp;

	if (!dev)
		return -ENOMEM;
	tp = netdev_priv(dev);
	tp->mdio.write = a_write;
	tp->mdio.read = a_read;
	tp->hw_start = a_start;
	tp->chip = &l_chips[0];
	tp->notify = n_notify;
	dev->netdev_ops = &l_netdev_ops;
	if (k_attach(&k_h) == 0)
		k_h.hooks->fire = k_fire;
	register_chrdev(0, "p", &p_fops);
	return register_netdev(dev);
}

module_init(l_init);
MODULE_LICENSE("GPL");
