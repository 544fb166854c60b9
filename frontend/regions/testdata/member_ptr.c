/* One pointer variable holding the addresses of two members (a helper's
 * u8 *buf called with different members) folds only those members when
 * both are arrays or structs; a scalar member, or an array holding both
 * places, lets the pointer walk the whole aggregate, as before. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/types.h>

struct regs {
	u8 lo;
	u8 hi;
};

struct blocks {
	struct mutex lock;
	int before;
	u8 a[6];
	struct regs b[3];
	int after;
};

struct scalars {
	struct mutex lock;
	int before;
	u8 a[6];
	u8 flag;
	int after;
};

union words {
	u8 bytes[8];
	u32 w[2];
};

struct withunion {
	int before;
	union words u;
	int after;
};

static void fill(u8 *buf)
{
	buf[0] = 1; // want region "struct blocks.{a..b}"
}

static void fill2(u8 *buf)
{
	buf[0] = 2; // want collapsed
}

static void fill3(u8 *buf)
{
	buf[0] = 3; // want region "fresh kzalloc in dev_ioctl.u.bytes"
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct blocks *b = file->private_data;
	struct scalars *s = kzalloc(sizeof(*s), GFP_KERNEL);
	struct withunion *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!s || !p)
		return -ENOMEM;
	file->f_pos = (loff_t)(unsigned long)s;
	file->f_version = (u64)(unsigned long)p;
	/* One call with either member (calls with different members go to
	 * copies of the helper: member_calls.c). */
	fill(cmd ? (u8 *)b->a : (u8 *)b->b);
	b->before = 1; // want region "struct blocks.before"
	b->after = 2; // want region "struct blocks.after"
	fill2(cmd ? (u8 *)s->a : &s->flag);
	s->before = 3; // want collapsed
	fill3(cmd ? (u8 *)p->u.bytes : (u8 *)p->u.w);
	p->after = 4; // want region "fresh kzalloc in dev_ioctl.after"
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "member_ptr", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
