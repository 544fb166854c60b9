/* container_of and friends land on the canonical node of the container. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/workqueue.h>
#include <linux/timer.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

/* A stand-in for struct net_device and netdev_priv, with the kernel's shape. */
struct fake_netdev {
	int flags;
	long stats[4];
};
#define FAKE_NETDEV_ALIGN 32
static inline void *fake_netdev_priv(const struct fake_netdev *dev)
{
	return (char *)dev + ALIGN(sizeof(struct fake_netdev), FAKE_NETDEV_ALIGN);
}

struct fake_netdev_ops {
	int (*open)(struct fake_netdev *dev);
};

struct sub {
	int y;
	int z;
};

struct priv {
	int x;
	spinlock_t lock;
	struct work_struct work;
	struct timer_list timer;
	struct cdev cdev;
	int count;
	struct timer_list timer2;
	struct sub sub;
};

static void work_fn(struct work_struct *work)
{
	struct priv *p = container_of(work, struct priv, work);
	p->x = 1;                      // want region "struct priv.x"
	p->work.data.counter = 0;      // want region "struct priv.work.data.counter"
	work->data.counter = 1;        // want region "struct priv.work.data.counter"
}

static void timer_fn(unsigned long data)
{
	struct priv *p = (struct priv *)data;
	p->x = 2;                      // want region "struct priv.x"
}

/* The timer's data is a pointer into the middle of the driver's struct. */
static void timer2_fn(unsigned long data)
{
	struct sub *s = (struct sub *)data;
	s->z = 3;                      // want region "struct priv.sub.z"
}

static int dev_open(struct inode *inode, struct file *file)
{
	struct priv *p = container_of(inode->i_cdev, struct priv, cdev); // want region "struct inode.i_cdev"
	file->private_data = p;        // want region "struct file.private_data"
	p->count++;                    // want region "struct priv.count"
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct priv *p = file->private_data; // want region "struct file.private_data"
	return p->x;                   // want region "struct priv.x"
}

static int net_open(struct fake_netdev *dev)
{
	struct priv *p = fake_netdev_priv(dev);
	dev->flags = 1;                // want region "struct fake_netdev.flags"
	p->x = 4;                      // want region "struct priv.x"
	INIT_WORK(&p->work, work_fn);
	setup_timer(&p->timer, timer_fn, (unsigned long)p);
	setup_timer(&p->timer2, timer2_fn, (unsigned long)&p->sub);
	p->sub.z = 4;                  // want region "struct priv.sub.z"
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
};

static struct fake_netdev_ops nops = {
	.open = net_open,
};

static struct priv *the_priv;
static dev_t devno;

static int __init mod_init(void)
{
	struct priv *p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	cdev_init(&p->cdev, &fops);
	cdev_add(&p->cdev, devno, 1);
	the_priv = p;                  // want region "global the_priv"
	return 0;
}
module_init(mod_init);
