/* A mutex_lock_interruptible held across a loop (lp.c's lp_write): the
 * lock is held on the branch where the call returned 0, and every access
 * of the loop runs there. The must-held analysis follows the branch on
 * the call's result; before, it knew the lock only where the path
 * mattered to Z3, and the loop's cut lost the lock bit recorded at an
 * access inside it ("holding no lock"). Where the call failed, or the
 * result is not tested before the access, the lock is not held. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct port {
	struct mutex lock;
	char buf[64];
	int mode, errors;
};

static struct port ports[4];

static int port_ready(struct port *p)
{
	return p->mode != 0;
}

static ssize_t port_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	struct port *p = &ports[iminor(file_inode(file)) & 3];
	size_t done = 0;
	ssize_t ret = 0;

	if (mutex_lock_interruptible(&p->lock)) {
		p->errors++; // want "write p->errors by port_write races with (read|write) p->errors by port_(write|ioctl)" "read p->errors by port_write races with write p->errors by port_(write|ioctl)"
		return -EINTR;
	}
	if (copy_from_user(p->buf, ubuf, 1)) {
		ret = -EFAULT;
		goto out;
	}
	do {
		if (!port_ready(p))
			break;
		if (copy_from_user(p->buf, ubuf + done, 1))
			break;
		p->mode = 1;
		done++;
	} while (done < n);
	ret = done;
out:
	mutex_unlock(&p->lock);
	return ret;
}

static ssize_t port_read(struct file *file, char __user *ubuf, size_t n, loff_t *ppos)
{
	struct port *p = &ports[iminor(file_inode(file)) & 3];
	int ret;

	ret = mutex_lock_interruptible(&p->lock);
	if (ret)
		return ret;
	if (copy_to_user(ubuf, p->buf, 1))
		ret = -EFAULT;
	p->mode = 0;
	mutex_unlock(&p->lock);
	return ret ? ret : 1;
}

static long port_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct port *p = &ports[iminor(file_inode(file)) & 3];
	int ret = mutex_lock_interruptible(&p->lock);

	p->errors = 0; // want "write p->errors by port_ioctl races with (read|write) p->errors by port_(write|ioctl)"
	if (ret)
		return ret;
	p->mode = arg;
	mutex_unlock(&p->lock);
	return 0;
}

static const struct file_operations port_fops = {
	.owner = THIS_MODULE,
	.read = port_read,
	.write = port_write,
	.unlocked_ioctl = port_ioctl,
};

static struct miscdevice port_misc = { MISC_DYNAMIC_MINOR, "ports", &port_fops };

static int __init port_init(void) { return misc_register(&port_misc); }
static void __exit port_exit(void) { misc_deregister(&port_misc); }
module_init(port_init);
module_exit(port_exit);
MODULE_LICENSE("GPL");
