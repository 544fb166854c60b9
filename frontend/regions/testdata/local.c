/* Thread-locality: frame objects, fresh allocations, fresh parameters. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/miscdevice.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

struct req {
	int len;
	char data[32];
};

static loff_t *saved_pos;
static char *shared_buf;
extern void kernel_keeps(void *p);
extern struct stamp *kernel_find(struct stamp *key);
extern long kernel_stamp(struct stamp *t);

static void fill(struct req *r, int n)
{
	r->len = n;                              // want region "local r in dev_read.len" thread-local
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct req r;
	char tmp[16];
	char *kbuf = kmalloc(64, GFP_KERNEL);
	int i = 0;

	fill(&r, 3);
	tmp[i] = 1;                              // want region "local tmp in dev_read[]" thread-local
	memset(tmp, 0, sizeof(tmp));             // want region "local tmp in dev_read[]" thread-local
	kbuf[i] = 2;                             // want region "fresh kmalloc in dev_read" thread-local
	if (copy_to_user(buf, kbuf, 64))         // want region "fresh kmalloc in dev_read" thread-local
		return -EFAULT;
	kfree(kbuf);                             // want region "fresh kmalloc in dev_read" thread-local
	*ppos += r.len;                          // want region "fresh *ppos in dev_read" region "local r in dev_read.len" thread-local
	return n;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	char *kbuf = kmalloc(64, GFP_KERNEL);
	char local[8];

	saved_pos = ppos;                        // want region "global saved_pos" shared
	*ppos = 0;                               // want region "fresh *ppos in dev_write" shared
	kbuf[0] = 1;                             // want region "fresh kmalloc in dev_write" shared
	shared_buf = kbuf;                       // want region "global shared_buf"
	local[0] = 1;                            // want region "local local in dev_write[]" thread-local
	kernel_keeps(local);
	return n;
}

/* A6 no-retained-locals: a kernel function only borrows a stack local. */
struct stamp {
	int sec;
	int nsec;
};

struct fw_services {
	int (*get_time)(struct stamp *t);
};

extern struct fw_services fw;
static struct stamp *published;

static void on_cpu(void *info)
{
	struct stamp *s = info;

	s->nsec = 0;
}

static int dev_register_local(int n);
static int n_misc(unsigned int cmd);
static const struct file_operations fops;

static void dev_work(struct work_struct *work)
{
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct stamp now, mine, cb, key;
	struct work_struct w;
	struct stamp *p;
	long status;

	fw.get_time(&now);
	fw.get_time(&mine);
	now.sec = 1;                             // want region "local now in dev_ioctl.sec" thread-local
	status = kernel_stamp(&now);
	now.nsec = status;                       // want region "local now in dev_ioctl.nsec" thread-local
	p = kernel_find(&key);
	key.sec = 1;                             // want shared
	p->nsec = 2;                             // want shared
	published = &mine;
	mine.sec = 1;                            // want shared
	on_each_cpu(on_cpu, &cb, 1);
	cb.sec = 3;                              // want shared
	INIT_WORK_ONSTACK(&w, dev_work);
	schedule_work(&w);
	w.entry.next = NULL;                     // want shared
	return dev_register_local(n_misc(cmd));
}

/* Registered objects are kept, and so is a local pointing to driver code. */
struct ops_ref {
	const struct file_operations *fops;
	int flags;
};

extern void kernel_uses(struct ops_ref *r);

static int dev_register_local(int n)
{
	struct miscdevice m;
	struct ops_ref ref;

	m.minor = n;                             // want shared
	misc_register(&m);
	ref.fops = &fops;
	ref.flags = n;                           // want shared
	kernel_uses(&ref);
	return 0;
}

static int n_misc(unsigned int cmd)
{
	return cmd;
}

static const char banner[] = "hello";

static int dev_open(struct inode *inode, struct file *file)
{
	return banner[1];                        // want region "global banner[]" read-only shared
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.open = dev_open,
	.read = dev_read,
	.write = dev_write,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "local",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
