/*
 * ticket: a toy character device that hands out ticket numbers, with the
 * kind of mistakes real drivers make. whoop's bundled example:
 *
 *	make run
 *
 * Reads return the next ticket under the spinlock; writes set the counter
 * under the same lock; but the statistics are updated without it, the
 * "open" count is a plain global shared by every open, and init publishes
 * the device before it has finished setting it up.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct ticket_dev {
	spinlock_t lock;
	unsigned long next;	/* protected by lock */
	unsigned long served;	/* statistics: updated without the lock */
	unsigned int limit;
};

static struct ticket_dev tdev;
static int open_count;

static int ticket_open(struct inode *inode, struct file *file)
{
	open_count++;
	file->private_data = &tdev;
	return 0;
}

static int ticket_release(struct inode *inode, struct file *file)
{
	open_count--;
	return 0;
}

static ssize_t ticket_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct ticket_dev *t = file->private_data;
	unsigned long mine;

	if (len < sizeof(mine))
		return -EINVAL;
	spin_lock(&t->lock);
	mine = t->next++;
	spin_unlock(&t->lock);
	t->served++;
	if (copy_to_user(buf, &mine, sizeof(mine)))
		return -EFAULT;
	return sizeof(mine);
}

static ssize_t ticket_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	struct ticket_dev *t = file->private_data;
	unsigned long start;

	if (len != sizeof(start) || copy_from_user(&start, buf, sizeof(start)))
		return -EINVAL;
	if (start > t->limit)
		return -ERANGE;
	spin_lock(&t->lock);
	t->next = start;
	spin_unlock(&t->lock);
	return len;
}

static const struct file_operations ticket_fops = {
	.owner = THIS_MODULE,
	.open = ticket_open,
	.release = ticket_release,
	.read = ticket_read,
	.write = ticket_write,
};

static struct miscdevice ticket_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ticket",
	.fops = &ticket_fops,
};

static int __init ticket_init(void)
{
	int err;

	spin_lock_init(&tdev.lock);
	err = misc_register(&ticket_misc);
	if (err)
		return err;
	tdev.limit = 1000000;	/* too late: the device is already visible */
	return 0;
}

static void __exit ticket_exit(void)
{
	misc_deregister(&ticket_misc);
}

module_init(ticket_init);
module_exit(ticket_exit);
MODULE_LICENSE("GPL");
