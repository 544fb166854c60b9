/* Unpublished allocations (A9): the accesses through a fresh allocation's
 * pointer made before the pointer first escapes (stored, passed to a call
 * that may keep it, merged with another pointer) are private to the call,
 * even though the object is shared later. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/list.h>
#include <linux/miscdevice.h>

struct item {
	int id;
	int len;
	int data[4];
	struct mutex lock;
	struct item *child;
	struct list_head node;
};

extern int submit_item(struct item *it);
static LIST_HEAD(items);
static struct item *last;
static struct item spare;

static int dev_open(struct inode *inode, struct file *file)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct item *q;
	int *d;
	int i = file->f_flags & 3;

	if (!p)                                      /* a NULL test lets nothing go */
		return -ENOMEM;
	p->id = 1;                                   // want shared private
	p->data[i] = 2;                              // want private
	d = &p->data[1];
	*d = 3;                                      // want private
	memset(p->data, 0, sizeof(p->data));         // want private
	mutex_init(&p->lock);
	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	q->id = 4;                                   // want shared private
	/* A store into another fresh object lets the stored pointer go. */
	p->child = q;                                // want private
	q->len = 5;                                  // want shared not-private
	p->len = 6;                                  // want private
	file->private_data = p;
	p->len = 7;                                  // want shared not-private
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct item *p = file->private_data;

	return p->len + p->id + p->child->len;       // want shared not-private
}

/* A call that may keep the pointer lets it go; so does a comparison with
 * another pointer. */
static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct item *p = kmalloc(sizeof(*p), GFP_KERNEL);
	struct item *r = kmalloc(sizeof(*r), GFP_KERNEL);

	if (!p || !r)
		return -ENOMEM;
	p->len = n;                                  // want shared private
	submit_item(p);
	p->id = 1;                                   // want shared not-private
	r->len = n;                                  // want shared private
	if (r == last)
		return 0;
	r->id = 2;                                   // want shared not-private
	last = r;
	/* IS_ERR compares with a constant: no escape. */
	r = memdup_user(buf, sizeof(*r));
	if (IS_ERR(r))
		return PTR_ERR(r);
	r->id = 3;                                   // want shared private
	last = r;
	return 0;
}

/* An allocation before a loop escapes in its first iteration; an
 * allocation in the loop is a new object each time. */
static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct item *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct item *e;
	int i;

	if (!p)
		return -ENOMEM;
	p->id = 0;                                   // want shared private
	for (i = 0; i < 4; i++) {
		p->len = i;                              // want shared not-private
		last = p;
	}
	for (i = 0; i < 4; i++) {
		e = kzalloc(sizeof(*e), GFP_KERNEL);
		if (!e)
			break;
		e->id = i;                               // want shared private
		list_add(&e->node, &items);
		e->len = i;                              // want shared not-private
	}
	return 0;
}

/* A join with a pointer that is not fresh lets the fresh one go. */
static int dev_release(struct inode *inode, struct file *file)
{
	struct item *p;

	if (file->f_flags) {
		p = kzalloc(sizeof(*p), GFP_KERNEL);
		if (!p)
			return -ENOMEM;
		p->id = 1;                               // want shared private
	} else {
		p = &spare;
	}
	p->len = 2;                                  // want shared not-private
	last = p;
	return 0;
}

/* devres_alloc returns a new devres data area, the caller's until
 * devres_add links it to the device (gpiolib-legacy.c's
 * devm_gpio_request); its release function is kept by the kernel. */
static void num_release(struct device *dev, void *res)
{
	unsigned *n = res;

	*n = 0;                                      // want shared not-private
}

static int dev_flush(struct file *file, fl_owner_t id)
{
	unsigned *dr = devres_alloc(num_release, sizeof(unsigned), GFP_KERNEL);

	if (!dr)
		return -ENOMEM;
	*dr = 5;                                     // want shared private
	devres_add(file->private_data, dr);
	*dr = 6;                                     // want shared not-private
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
	.release = dev_release,
	.flush = dev_flush,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "fresh", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
