/* A8 lent links: a stack local lent to a kernel function (A6) may hold the
 * kernel's pointers after the call, but the driver's own pointers in it to
 * its other stack objects (and a list head's to itself) lend those objects
 * too: they stay private to the call. spi_sync_transfer's on-stack
 * spi_message and spi_transfer (include/linux/spi/spi.h) are the case. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/miscdevice.h>

struct xfer {
	const void *buf;
	int len;
	struct list_head link;
};

struct msg {
	struct list_head xfers;
	struct xfer *first;
	int *result;                             /* the kernel fills it in */
	int status;
};

extern int kernel_sync(struct msg *m);

static ssize_t dev_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	char data[4];
	struct xfer x;
	struct msg m;
	int *r;

	x.buf = data;
	INIT_LIST_HEAD(&m.xfers);
	list_add_tail(&x.link, &m.xfers);
	m.first = &x;
	m.result = NULL;
	kernel_sync(&m);
	m.status = 1;                            // want region "local m in dev_write.status" thread-local
	x.len = 2;                               // want region "local x in dev_write.len" thread-local
	data[0] = 3;                             // want region "local data in dev_write[]" thread-local
	r = m.result;                            // want thread-local
	return *r;                               // want shared
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.write = dev_write,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "lent",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
