/*
 * A helper called with pointers to two scalar members of one struct
 * (apds990x's read_word(chip, reg, &chip->lux_clear) and
 * (chip, reg, &chip->lux_ir)) merges only those members: the struct's
 * mutex stays identified and protects the rest. A constant moved from such
 * a pointer, or an access through it wider than the members, folds the
 * struct as before, so the races it makes are still reported.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct chip {
	int id;
	struct mutex mutex;
	unsigned short lux_clear;
	unsigned short lux_ir;
	unsigned short prox;
	unsigned char revision;
	int count;
};

struct walker {
	struct mutex mutex;
	unsigned short a;
	unsigned short b;
	unsigned short c;
	int count;
};

struct wide {
	struct mutex mutex;
	unsigned short a;
	unsigned short b;
	unsigned short c;
	int count;
};

static struct chip *the_chip;
static struct walker *the_walker;
static struct wide *the_wide;

static void read_word(unsigned short *data)
{
	*data = 5;
}

static void next_word(unsigned short *data)
{
	data[1] = 7; // want "write data\[1\] by dev_write races with read w->c by dev_read" "write data\[1\] by dev_write races with write data\[1\] by dev_write"
}

static void read_long(unsigned short *data)
{
	*(unsigned int *)data = 9; // want "write \*\(unsigned int \*\)data by dev_write races with read x->c by dev_read" "write \*\(unsigned int \*\)data by dev_write races with write \*\(unsigned int \*\)data by dev_write"
}

static ssize_t dev_read(struct file *f, char __user *b, size_t n, loff_t *o)
{
	struct chip *chip = the_chip;
	struct walker *w = the_walker;
	struct wide *x = the_wide;
	unsigned short clr;
	int v;

	mutex_lock(&chip->mutex);
	read_word(&chip->lux_clear);
	read_word(&chip->lux_ir);
	read_word(&clr);
	chip->count++;
	mutex_unlock(&chip->mutex);
	v = w->c; // want "read w->c by dev_read races with write data\[1\] by dev_write"
	v += x->c; // want "read x->c by dev_read races with write \*\(unsigned int \*\)data by dev_write"
	return v;
}

static ssize_t dev_write(struct file *f, const char __user *b, size_t n, loff_t *o)
{
	struct chip *chip = the_chip;
	struct walker *w = the_walker;
	struct wide *x = the_wide;

	mutex_lock(&chip->mutex);
	chip->count--;
	read_word(&chip->prox);
	mutex_unlock(&chip->mutex);
	mutex_lock(&w->mutex);
	/* One call with either member: calls with different members go to
	 * copies of the helper (frontend/regions/members.go). */
	next_word(n ? &w->a : &w->b);
	mutex_unlock(&w->mutex);
	mutex_lock(&x->mutex);
	read_long(n ? &x->a : &x->b);
	mutex_unlock(&x->mutex);
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "member_pointers", &dev_fops };

static int __init dev_init(void)
{
	the_chip = kzalloc(sizeof(*the_chip), GFP_KERNEL);
	the_walker = kzalloc(sizeof(*the_walker), GFP_KERNEL);
	the_wide = kzalloc(sizeof(*the_wide), GFP_KERNEL);
	if (!the_chip || !the_walker || !the_wide)
		return -ENOMEM;
	mutex_init(&the_chip->mutex);
	mutex_init(&the_walker->mutex);
	mutex_init(&the_wide->mutex);
	return misc_register(&dev_misc);
}

static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
