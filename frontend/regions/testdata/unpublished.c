/* Unpublished locals (A7): a stack local's accesses made before its
 * function first uses its address other than to access it are private to
 * the call, even though the local is shared later (passed to the kernel
 * with a callback, stored where other threads can reach it). */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/miscdevice.h>
#include <linux/wait.h>
#include <linux/sched.h>

struct req {
	int id;
	int len;
	int data[4];
	void (*done)(struct req *r);
};

extern int submit_req(struct req *r);
static struct req *last;
static DECLARE_WAIT_QUEUE_HEAD(wq);
static wait_queue_t *waiter;

static void req_done(struct req *r)
{
	r->len = 0;                                  // want shared not-private
}

static void fill(struct req *r, int n)
{
	r->id = n;                                   // want shared not-private
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct req a = { .id = 1, .done = req_done }; // want shared private
	struct req b;
	int i = n & 3;

	a.len = n;                                   // want private
	a.data[i] = 1;                               // want private
	/* Fortified string functions ask for the size: no use of the address. */
	if (__builtin_dynamic_object_size(&b, 0) < sizeof(b))
		return 0;
	memset(&b, 0, sizeof(b));                    // want shared private
	b.done = req_done;                           // want private
	/* The touch of a call that keeps the address is made during the call. */
	__atomic_store_n(&a.len, 2, __ATOMIC_RELAXED); // want not-private
	submit_req(&a);
	a.id = 2;                                    // want shared not-private
	if (n > 4) {
		b.len = 3;                               // want private
		submit_req(&b);
	} else {
		b.id = 4;                                // want private
	}
	b.len = 5;                                   // want not-private
	return a.len;                                // want not-private
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct req w;
	struct req s;
	struct req *p;
	int i;

	w.len = n;                                   // want shared private
	w.done = req_done;                           // want private
	for (i = 0; i < 2; i++) {
		w.id = i;                                // want not-private
		submit_req(&w);
	}
	s.done = req_done;                           // want shared private
	p = &s;
	s.len = 1;                                   // want not-private
	last = p;
	fill(&s, 2);
	return w.id + s.id;                          // want not-private
}

/* A queued wait entry is reachable by the waker: add_wait_queue keeps it. */
static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	DECLARE_WAITQUEUE(wait, current);            // want shared private
	add_wait_queue(&wq, &wait);
	wait.flags = 0;                              // want not-private
	waiter = &wait;
	remove_wait_queue(&wq, &wait);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "unpub", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
