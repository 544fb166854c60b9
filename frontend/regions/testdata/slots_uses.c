/* A kernel slot loaded into void * and only passed to a driver function's
 * struct b * parameter (gpiolib-cdev's linehandle_free(file->private_data))
 * is a typed load of struct b *, as `struct b *p = file->private_data` is:
 * the struct a one file's open stores there and the struct b another's
 * stores stay apart. Loaded for any other use (kfree), the slot keeps one
 * link for everything (slots_untyped.c). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

struct a {
	int count;
	char name[8];
};

struct b {
	long flags;
	int *data;
	int len;
};

static int a_open(struct inode *inode, struct file *file)
{
	struct a *a = kzalloc(sizeof(*a), GFP_KERNEL);

	file->private_data = a;
	return 0;
}

static ssize_t a_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	struct a *a = file->private_data;

	a->count++;                              // want region "struct a.count"
	return a->name[0];                       // want region "struct a.name[]"
}

static int b_open(struct inode *inode, struct file *file)
{
	struct b *b = kzalloc(sizeof(*b), GFP_KERNEL);

	file->private_data = b;
	return 0;
}

static void b_free(struct b *b)
{
	b->len = 0;                              // want region "struct b.len"
	kfree(b);
}

static int b_release(struct inode *inode, struct file *file)
{
	b_free(file->private_data);
	return 0;
}

static const struct file_operations a_fops = {
	.owner = THIS_MODULE,
	.open = a_open,
	.read = a_read,
};

static const struct file_operations b_fops = {
	.owner = THIS_MODULE,
	.open = b_open,
	.release = b_release,
};

static struct miscdevice a_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "a", .fops = &a_fops };
static struct miscdevice b_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "b", .fops = &b_fops };

static int __init mod_init(void)
{
	misc_register(&a_misc);
	return misc_register(&b_misc);
}
module_init(mod_init);
