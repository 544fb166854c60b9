/* Arrays fold; pointer arithmetic folds or collapses what it can reach. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/miscdevice.h>

struct desc {
	int status;
	int len;
};

struct wstats {
	long a;
	long b;
};

struct ring {
	int head;
	struct desc d[8];
	int tail;
	struct wstats ws;
	long after;
};

static char buf[64];
static int nums[4];
static struct ring gring;

struct blob {
	int a;
	int b;
	long c;
};

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ring *r = file->private_data;
	struct desc *d;
	struct blob *bl, *b2, *b3;
	int *ip;
	int i = cmd & 7;

	buf[0] = 1;                        // want region "global buf[]"
	buf[i] = 2;                        // want region "global buf[]"
	nums[1] = 3;                       // want region "global nums[]"
	gring.d[i].len = 4;                // want region "global gring.d[].len"
	gring.tail = 5;                    // want region "global gring.tail"
	r->d[2].status = 6;                // want region "struct ring.d[].status"
	r->head = 7;                       // want region "struct ring.head"
	d = &r->d[0];
	d[i].len = 8;                      // want region "struct ring.d[].len"

	/* Walking a member byte by byte folds that member only. */
	{
		unsigned char *q = (unsigned char *)&r->ws;
		int k;
		for (k = 0; k < sizeof(r->ws); k++)
			q[k] = 0;                  // want region "struct ring.ws" collapsed
		r->ws.b = 1;                       // want region "struct ring.ws" collapsed
		r->after = 2;                      // want region "struct ring.after"
		r->tail = 3;                       // want region "struct ring.tail"
	}

	bl = kzalloc(sizeof(*bl) * 4, GFP_KERNEL);
	bl[1].b = 1;                       // want region "fresh kzalloc in dev_ioctl.b"
	bl[i].a = 2;                       // want region "fresh kzalloc in dev_ioctl.a"
	bl->c = 3;                         // want region "fresh kzalloc in dev_ioctl.c"

	/* An int pointer moved by a variable amount inside a struct: the whole
	 * node folds modulo sizeof(int). */
	b2 = kzalloc(sizeof(*b2), GFP_KERNEL);
	b2->c = 1;                         // want region "fresh kzalloc in dev_ioctl" collapsed
	ip = &b2->a;
	ip[i] = 2;                         // want region "fresh kzalloc in dev_ioctl" collapsed

	/* A pointer masked and used: its node collapses. */
	b3 = kzalloc(sizeof(*b3), GFP_KERNEL);
	b3->b = 1;                         // want region "fresh kzalloc in dev_ioctl #2" collapsed
	b3 = (struct blob *)((unsigned long)b3 & ~7UL);
	b3->c = 2;                         // want region "fresh kzalloc in dev_ioctl #2" collapsed
	kfree(b3);
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "arrays",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);

