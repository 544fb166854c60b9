/* ppdev's pp_write: a buffer allocated per call goes to parport_write and
 * to the port's epp_write_data, which keep no pointer to it (models:
 * parport rows, opsKeepNoPointer), and is freed. It used to escape to the
 * kernel, become "external char" and race with every read of kernel
 * chars (the port's name). A buffer handed to an ops member no row
 * describes still escapes, and its free still races. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct parport;
struct parport_operations {
	size_t (*epp_write_data)(struct parport *port, const void *buf, size_t len, int flags);
	void (*keep)(struct parport *port, void *buf);
};
struct parport {
	struct parport_operations *ops;
	const char *name;
};
ssize_t parport_write(struct parport *port, const void *buf, size_t len);

struct pb {
	struct parport *port;
};

static ssize_t pb_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct pb *p = file->private_data;
	char *kbuf = kmalloc(count, GFP_KERNEL);
	ssize_t n;

	if (!kbuf)
		return -ENOMEM;
	if (copy_from_user(kbuf, buf, count)) {
		kfree(kbuf);
		return -EFAULT;
	}
	n = p->port->ops->epp_write_data(p->port, kbuf, count, 0);
	n += parport_write(p->port, kbuf, count);
	kfree(kbuf);
	return n;
}

static long pb_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pb *p = file->private_data;
	char *kbuf;

	if (cmd == 1)
		return p->port->name[0]; // want "read .*name.* by pb_ioctl races with write kfree\(kbuf\) by pb_ioctl"
	kbuf = kmalloc(16, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;
	p->port->ops->keep(p->port, kbuf);
	kfree(kbuf); // want "write kfree\(kbuf\) by pb_ioctl races with read .*name.* by pb_ioctl"
	return 0;
}

static const struct file_operations pb_fops = {
	.owner = THIS_MODULE,
	.write = pb_write,
	.unlocked_ioctl = pb_ioctl,
};

static int __init pb_init(void)
{
	return register_chrdev(0, "pb", &pb_fops);
}
module_init(pb_init);
MODULE_LICENSE("GPL");
