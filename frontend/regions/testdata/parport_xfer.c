/* parport_write and parport_read (drivers/parport/ieee1284.c) and the
 * data transfers of struct parport_operations (epp_write_data, ...) move
 * the bytes before they return and keep no pointer to the buffer: a
 * buffer allocated per call stays the call's own (ppdev's pp_write and
 * pp_read). An ops member no row describes still takes the buffer, and
 * the driver's own buffer stays shared. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct parport;
struct parport_operations {
	size_t (*epp_write_data)(struct parport *port, const void *buf, size_t len, int flags);
	size_t (*epp_write_addr)(struct parport *port, const void *buf, size_t len, int flags);
	void (*keep)(struct parport *port, void *buf);
};
struct parport {
	struct parport_operations *ops;
	int mode;
};
ssize_t parport_write(struct parport *port, const void *buf, size_t len);
ssize_t parport_read(struct parport *port, void *buf, size_t len);

struct px {
	struct parport *port;
	char *shared;
};

static ssize_t px_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct px *p = file->private_data;
	struct parport *port = p->port;
	char *kbuf = kmalloc(count, GFP_KERNEL);
	size_t (*fn)(struct parport *, const void *, size_t, int);
	ssize_t n;

	if (!kbuf)
		return -ENOMEM;
	if (copy_from_user(kbuf, buf, count)) {
		kfree(kbuf);
		return -EFAULT;
	}
	if (port->mode)
		fn = port->ops->epp_write_addr;
	else
		fn = port->ops->epp_write_data;
	n = fn(port, kbuf, count, 0);
	n += parport_write(port, kbuf, count);
	kfree(kbuf);                                 // want thread-local
	return n;
}

static ssize_t px_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct px *p = file->private_data;
	char *kbuf = kmalloc(count, GFP_KERNEL);
	ssize_t n;

	if (!kbuf)
		return -ENOMEM;
	n = parport_read(p->port, kbuf, count);
	if (n > 0 && copy_to_user(buf, kbuf, n))
		n = -EFAULT;
	kfree(kbuf);                                 // want thread-local
	return n;
}

/* An ops member no row describes: the kernel may keep the buffer. */
static long px_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct px *p = file->private_data;
	char *kbuf = kmalloc(16, GFP_KERNEL);

	if (!kbuf)
		return -ENOMEM;
	p->port->ops->keep(p->port, kbuf);
	kfree(kbuf);                                 // want shared
	return 0;
}

/* The driver's own buffer, reused by every call: shared. */
static int px_flush(struct file *file, fl_owner_t id)
{
	struct px *p = file->private_data;

	p->port->ops->epp_write_data(p->port, p->shared, 4, 0);
	p->shared[0] = 0;                            // want shared
	return 0;
}

static const struct file_operations px_fops = {
	.owner = THIS_MODULE,
	.write = px_write,
	.read = px_read,
	.unlocked_ioctl = px_ioctl,
	.flush = px_flush,
};

static int __init px_init(void)
{
	return register_chrdev(0, "px", &px_fops);
}
module_init(px_init);
MODULE_LICENSE("GPL");
