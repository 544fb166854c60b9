/* A semaphore excludes only from a count of 1. bin (DEFINE_SEMAPHORE) and
 * dev.sem (sema_init to 1) are locks; pool starts at 2 and lets two holders
 * in at once; sig is set to 0 and only signals; zero is static storage no
 * initialiser or sema_init sets, so it starts at 0. A semaphore in the
 * struct behind private_data is set up outside the file: a lock under the
 * assumption binary-semaphores (TestSemaphoresUnseen drops it). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/semaphore.h>

struct sdev {
	struct semaphore sem;
	int guarded;
};

static DEFINE_SEMAPHORE(bin);
static struct semaphore pool = __SEMAPHORE_INITIALIZER(pool, 2);
static struct semaphore sig;
static struct semaphore zero;
static struct sdev dev;
static int by_bin, by_pool, by_sig, by_zero;

struct opened {
	struct semaphore sem;
	int count;
};

static ssize_t dev_read(struct file *f, char __user *buf, size_t len, loff_t *off)
{
	struct opened *o = f->private_data;

	down(&bin);
	by_bin++;
	up(&bin);
	down(&pool);
	by_pool++; // want "by_pool by dev_read races with (read|write) by_pool by dev_read"
	up(&pool);
	down(&sig);
	by_sig++; // want "by_sig by dev_read races with (read|write) by_sig by dev_(read|write)"
	down(&zero);
	by_zero++; // want "by_zero by dev_read races with (read|write) by_zero by dev_read"
	up(&zero);
	down(&dev.sem);
	dev.guarded++;
	up(&dev.sem);
	down(&o->sem);
	o->count++;
	up(&o->sem);
	return 0;
}

static ssize_t dev_write(struct file *f, const char __user *buf, size_t len, loff_t *off)
{
	up(&sig);
	by_sig = 0; // want "by_sig by dev_write races with (read|write) by_sig by dev_(read|write)"
	return len;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "semaphores", &dev_fops };

static int __init dev_init(void)
{
	sema_init(&sig, 0);
	sema_init(&dev.sem, 1);
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
