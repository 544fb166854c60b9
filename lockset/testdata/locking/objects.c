/* Lock fields: a double lock needs the same object; nested subclasses. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct obj {
	struct mutex lock;
	struct obj *peer;
	int v;
};

static void bump(struct obj *o)
{
	mutex_lock(&o->lock); // want "double-lock: mutex_lock: struct obj.lock is already held \(.* acquired here at line 23\)"
	o->v++;
	mutex_unlock(&o->lock);
}

static int same(struct obj *o)
{
	mutex_lock(&o->lock);
	bump(o);
	mutex_unlock(&o->lock);
	return 0;
}

/* Two objects, locked in turn: not a double lock of one object. */
static int pair(struct obj *o)
{
	struct obj *p = o->peer;
	mutex_lock(&o->lock);
	mutex_lock(&p->lock);
	o->v = p->v;
	mutex_unlock(&p->lock);
	mutex_unlock(&o->lock);
	return 0;
}

/* A nested subclass of the same lock field: lockdep's second class. */
static int nested(struct obj *o)
{
	mutex_lock(&o->lock);
	mutex_lock_nested(&o->peer->lock, 1);
	o->v = 1;
	mutex_unlock(&o->peer->lock);
	mutex_unlock(&o->lock);
	return 0;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct obj *o = file->private_data;
	switch (cmd) {
	case 0: return same(o);
	case 1: return pair(o);
	case 2: return nested(o);
	}
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "objects", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
