// Positional initialisers: the lowering names the fields, so they match
// exactly as designated ones do.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static loff_t pos_llseek(struct file *file, loff_t off, int whence) // want entry "entry file_operations.llseek var=pos_fops"
{
	return off;
}

static ssize_t pos_read(struct file *file, char __user *buf, size_t n, loff_t *ppos) // want entry "entry file_operations.read var=pos_fops"
{
	return 0;
}

/* owner, llseek, read: in declaration order. */
static const struct file_operations pos_fops = { THIS_MODULE, pos_llseek, pos_read };

/* minor, name, fops: the fops entry points stay attributed to pos_fops. */
static struct miscdevice pos_dev = { 250, "pos", &pos_fops };

static int pos_init(void) // want entry "init module_init"
{
	return misc_register(&pos_dev);
}

static void pos_exit(void) // want entry "exit module_exit"
{
	misc_deregister(&pos_dev);
}

module_init(pos_init);
module_exit(pos_exit);
