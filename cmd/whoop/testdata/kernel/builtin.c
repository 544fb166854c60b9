// A built-in object (Makefile: obj-y), compiled as kbuild compiles it, without
// MODULE: early_param and random_fops exist only then (linux/init.h,
// linux/random.h), as in drivers/char/random.c and mem.c.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/random.h>

static int b_trust, b_count;

static int __init b_parse(char *arg)
{
	return kstrtobool(arg, &b_trust);
}
early_param("b.trust", b_parse);

static const struct file_operations *b_other = &random_fops;

static ssize_t b_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	b_count++; // want "race"
	return b_other != NULL;
}

static const struct file_operations b_fops = { .read = b_read };
static struct miscdevice b_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "b", .fops = &b_fops };
static int __init b_init(void)
{
	return misc_register(&b_misc);
}
device_initcall(b_init);
// Built in, MODULE_LICENSE also records the object's file (KBUILD_MODFILE,
// relative to the tree, whatever path whoop was given).
MODULE_LICENSE("GPL");
