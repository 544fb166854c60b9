/* A fresh allocation passed to a driver function that neither keeps nor
 * hands on the pointer stays the caller's own (i2c-tiny-usb.c: usb_xfer
 * passes its kmalloc'd status byte to usb_read, which only copies into
 * it); passed to one that stores it, returns it or hands it to a call
 * that may keep it, it escapes at the call. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/miscdevice.h>

struct buf {
	int len;
	char data[8];
};

extern void submit_buf(struct buf *b);
static struct buf *last;

static void fill(struct buf *b, int n)
{
	memset(b->data, 0, sizeof(b->data));
	b->len = n;                                  // want shared not-private
}

static void fill_twice(struct buf *b, int n)
{
	struct buf *c = b;

	fill(c, n);
	fill(b + 0, n);
}

static void count(struct buf *b, int n)
{
	if (n > 0)
		count(b, n - 1);                     /* only passed on to itself */
}

static void stash(struct buf *b)
{
	last = b;
}

static void hand_on(struct buf *b)
{
	submit_buf(b);
}

static struct buf *same(struct buf *b)
{
	return b;
}

static ssize_t dev_read(struct file *file, char __user *ubuf, size_t n, loff_t *ppos)
{
	struct buf *p = kmalloc(sizeof(*p), GFP_KERNEL);
	struct buf *q;

	if (!p)
		return -ENOMEM;
	fill(p, n);
	p->len = 1;                                  // want shared private
	fill_twice(p, n);
	count(p, 3);
	p->len = 2;                                  // want shared private
	stash(p);
	p->len = 3;                                  // want shared not-private
	q = kmalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	hand_on(q);
	q->len = 4;                                  // want shared not-private
	q = kmalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	same(q);
	q->len = 5;                                  // want shared not-private
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	return last->len;                            // want shared not-private
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "fresh_params",
	.fops = &dev_fops,
};
module_misc_device(dev_misc);
