/* A registration that fails (misc_register returning a negative errno)
 * made nothing callable: the error path's kfree of the buffer the file
 * operations read races with nothing, while the success path's write
 * after the registration races with the read. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

static char *fr_buf;
static int fr_ready;

static ssize_t fr_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	if (!fr_ready) // want "read fr_ready by fr_read races with write fr_ready by fr_init"
		return 0;
	return fr_buf[0];
}

static const struct file_operations fr_fops = { .owner = THIS_MODULE, .read = fr_read };
static struct miscdevice fr_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "fr", .fops = &fr_fops };

static int __init fr_init(void)
{
	int err;

	fr_buf = kzalloc(16, GFP_KERNEL);
	if (!fr_buf)
		return -ENOMEM;
	err = misc_register(&fr_misc);
	if (err) {
		kfree(fr_buf);
		fr_buf = NULL;
		return err;
	}
	fr_ready = 1; // want "write fr_ready by fr_init races with read fr_ready by fr_read"
	return 0;
}

static void __exit fr_exit(void)
{
	misc_deregister(&fr_misc);
}

module_init(fr_init);
module_exit(fr_exit);
MODULE_LICENSE("GPL");
