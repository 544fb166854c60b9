/* A semaphore initialised to 0 signals: one thread's up() lets another's
 * down() through (ipmi_ipmb's got_rsp). Neither is a lock operation, so
 * there is no "unlock of an unheld lock" and no "returns holding it". A
 * binary semaphore (count 1) is still a lock. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/semaphore.h>

static struct semaphore done;
static DEFINE_SEMAPHORE(bin);
static int result;

static ssize_t dev_read(struct file *f, char __user *buf, size_t len, loff_t *off)
{
	down(&done); /* waits for dev_write's up */
	return result;
}

static ssize_t dev_write(struct file *f, const char __user *buf, size_t len, loff_t *off)
{
	up(&done);
	up(&bin); // want "unlock-unheld"
	return len;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "signal", &dev_fops };

static int __init dev_init(void)
{
	sema_init(&done, 0);
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
