/* A stack local is private to its call until the function first uses its
 * address other than to access it (assumption unpublished-locals): the
 * request is filled in field by field, then handed to the kernel with a
 * callback that may run on another thread. Before the hand-over no other
 * thread can reach it; after it, the callback can. In a loop, an address
 * handed over in one iteration is shared in the next. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/string.h>

struct req {
	int id;
	int len;
	void (*done)(struct req *r);
};

extern int submit_req(struct req *r);

static void req_done(struct req *r)
{
	r->len = 0; // want "write r->len by req_done races with (read|write) (r->len|a.len) by (req_done|dev_read)"
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct req a = { .id = 1, .done = req_done };

	a.len = n;
	submit_req(&a);
	return a.len; // want "read a.len by dev_read races with write r->len by req_done"
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct req w;
	int i;

	memset(&w, 0, sizeof(w));
	w.done = req_done;
	for (i = 0; i < 2; i++) {
		w.id = i; // want "write w.id by dev_write races with write w.id by dev_write"
		submit_req(&w);
	}
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "unpub", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
