/* misc_open (drivers/char/misc.c) calls a misc device's ->open with the
 * misc core's global misc_mtx held, so two opens of file_operations that
 * reach the kernel only through misc_register never run at once: open
 * against open is race-free. Open still races with the file's other
 * operations and with release, which the misc core calls without the
 * mutex, and a file_operations also handed to cdev_init (other_fops) gets
 * no lock: its opens still race with each other. Nor does a miscdevice
 * with external linkage (ext_misc): another file may name it. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/miscdevice.h>

static int opens;
static int alive;
static int other_opens;
static int generation;
static struct cdev other_cdev;

static int m_open(struct inode *inode, struct file *file)
{
	if (alive) // want "read alive by m_open races with write alive by m_release"
		return -EBUSY;
	opens++; // want "(read|write) opens by m_open races with (read|write) opens by m_write"
	generation++; /* only open touches it: opens run one at a time */
	alive = 1; /* after the previous release's store of 0 (the check read it) */
	return 0;
}

static ssize_t m_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	opens = 0; // want "write opens by m_write races with (read|write) opens by (m_open|m_write)"
	return n;
}

static int m_release(struct inode *inode, struct file *file)
{
	alive = 0; // want "write alive by m_release races with (read|write) alive by (m_open|m_release)"
	return 0;
}

static const struct file_operations m_fops = {
	.owner = THIS_MODULE,
	.open = m_open,
	.write = m_write,
	.release = m_release,
};

static struct miscdevice m_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "misc_open",
	.fops = &m_fops,
};

static int o_open(struct inode *inode, struct file *file)
{
	other_opens++; // want "(read|write) other_opens by o_open races with (read|write) other_opens by o_open"
	return 0;
}

static const struct file_operations other_fops = {
	.owner = THIS_MODULE,
	.open = o_open,
};

static struct miscdevice other_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "misc_open_other",
	.fops = &other_fops,
};

static int ext_opens;

static int e_open(struct inode *inode, struct file *file)
{
	ext_opens++; // want "(read|write) ext_opens by e_open races with (read|write) ext_opens by e_open"
	return 0;
}

static const struct file_operations ext_fops = {
	.owner = THIS_MODULE,
	.open = e_open,
};

struct miscdevice ext_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "misc_open_ext",
	.fops = &ext_fops,
};

static int __init m_init(void)
{
	int err;

	pr_info("minor %d\n", m_misc.minor);
	cdev_init(&other_cdev, &other_fops);
	err = misc_register(&other_misc);
	if (err)
		return err;
	err = misc_register(&ext_misc);
	if (err)
		return err;
	return misc_register(&m_misc);
}

static void __exit m_exit(void)
{
	misc_deregister(&m_misc);
	misc_deregister(&other_misc);
	misc_deregister(&ext_misc);
}
module_init(m_init);
module_exit(m_exit);
MODULE_LICENSE("GPL");
