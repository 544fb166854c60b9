/* A fresh allocation is private to the call that made it until its
 * pointer first escapes (assumption unpublished-allocations): the object
 * is filled in field by field, then published with file->private_data
 * or handed to the kernel. Before that no other thread can reach it; after
 * it, every other call's object of the type is the same region. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

struct obj {
	int mode;
	int len;
	struct obj *child;
};

extern int submit_obj(struct obj *o);
static struct obj spare;

static int dev_open(struct inode *inode, struct file *file)
{
	struct obj *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct obj *c;

	if (!p)
		return -ENOMEM;
	p->mode = 1;
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	p->child = c; /* c escapes here, p later */
	c->len = 2; // want "write c->len by dev_open races with (read|write) (p->len|p->child->len|c->len|e->len) by dev_(open|read|write)"
	file->private_data = p;
	p->len = 3; // want "write p->len by dev_open races with (read|write) (p->len|p->child->len|c->len|e->len) by dev_(open|read|write)"
	return 0;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct obj *p = file->private_data;

	return p->mode + p->len + p->child->len; // want "read (p->len|p->child->len) by dev_read races with write (p->len|c->len|e->len) by dev_(open|write)"
}

/* A call that may keep the pointer publishes it; a join with a pointer
 * that is not fresh too; in a loop, an object allocated in the loop is new
 * in every iteration. */
static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct obj *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct obj *e;
	int i;

	if (!p)
		return -ENOMEM;
	p->mode = n;
	submit_obj(p);
	for (i = 0; i < 4; i++) {
		e = kzalloc(sizeof(*e), GFP_KERNEL);
		if (!e)
			break;
		e->mode = i;
		submit_obj(e);
	}
	if (n > 4) {
		e = kzalloc(sizeof(*e), GFP_KERNEL);
		if (!e)
			return -ENOMEM;
	} else {
		e = &spare;
	}
	e->len = 5; // want "write e->len by dev_write races with (read|write) (p->len|p->child->len|c->len|e->len) by dev_(open|read|write)"
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "unpub", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
