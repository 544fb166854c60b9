/* Why a lock argument names no single lock: Target.Why, which the lock
 * warnings quote. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/miscdevice.h>

struct tagged {
	int n;
	spinlock_t lock;
};

struct blob {
	int hdr;
	spinlock_t lock;
	struct tagged *tp; /* low bits used as flags */
};

extern spinlock_t *pick_lock(int which);

static struct tagged gt;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct blob *b = file->private_data;
	struct tagged *t = (struct tagged *)((unsigned long)b->tp & ~3UL);
	char *bytes = (char *)b;
	spinlock_t *l = (spinlock_t *)((char *)pick_lock(0) + cmd);

	/* A byte offset the driver computes: where in the struct the lock
	 * is, the analysis no longer knows. */
	bytes[cmd] = 0;
	spin_lock(&b->lock);               // want arg 0 "struct blob" inexact why "pointer arithmetic leaves its place within struct blob unknown"
	b->hdr = 1;
	spin_unlock(&b->lock);

	/* A pointer with flags in its low bits: masking them off moves it
	 * down by up to 3 bytes (an alignment, align.go), somewhere within
	 * struct tagged. */
	spin_lock(&t->lock);               // want arg 0 "struct tagged" inexact why "pointer arithmetic leaves its place within struct tagged unknown"
	t->n = 1;
	spin_unlock(&t->lock);

	/* A constant offset into a global that starts no member. */
	spin_lock((spinlock_t *)((char *)&gt + 1)); // want arg 0 "global gt.n" inexact why "its offset within global gt is not one member's"
	spin_unlock((spinlock_t *)((char *)&gt + 1));

	spin_lock(l);                      // want arg 0 "struct spinlock" inexact why "pointer arithmetic leaves its place within struct spinlock unknown"
	spin_unlock(l);
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "lockwhy",
	.fops = &fops,
};

static int __init lockwhy_init(void)
{
	return misc_register(&misc);
}

static void __exit lockwhy_exit(void)
{
	misc_deregister(&misc);
}

module_init(lockwhy_init);
module_exit(lockwhy_exit);
MODULE_LICENSE("GPL");
