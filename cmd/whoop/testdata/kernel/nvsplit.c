// An exported ops table (as drivers/char/nvram.c's arch_nvram_ops): other
// modules call nv_read_bytes with their own buffers, and the driver's own
// read calls it through the table with the buffer it kmallocs for that
// call. The driver's call now reaches a copy of nv_read_bytes (the region
// pass's split entry points), so the kmalloc'd buffer stays private to the
// call: it used to be merged with the kernel's buffers (the parameter of
// an exported function), and the kfree raced with the exported function's
// writes. The unlocked counter still races.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct nv_ops {
	ssize_t (*read)(char *buf, size_t n, loff_t *ppos);
};

static DEFINE_SPINLOCK(nv_lock);
static unsigned char nv_data[64];
static int nv_reads;

static ssize_t nv_read_bytes(char *buf, size_t n, loff_t *ppos)
{
	size_t i;

	spin_lock(&nv_lock);
	for (i = 0; i < n && *ppos + i < sizeof(nv_data); i++)
		buf[i] = nv_data[*ppos + i];
	spin_unlock(&nv_lock);
	return i;
}

const struct nv_ops nv_ops = {
	.read = nv_read_bytes,
};
EXPORT_SYMBOL(nv_ops);

static ssize_t nv_misc_read(struct file *file, char __user *ubuf, size_t n, loff_t *ppos)
{
	char *tmp;
	ssize_t ret;

	if (n > sizeof(nv_data))
		n = sizeof(nv_data);
	tmp = kmalloc(n, GFP_KERNEL);
	if (!tmp)
		return -ENOMEM;
	ret = nv_ops.read(tmp, n, ppos);
	if (ret > 0 && copy_to_user(ubuf, tmp, ret))
		ret = -EFAULT;
	kfree(tmp);
	nv_reads++; // want "race"
	return ret;
}

static const struct file_operations nv_fops = {
	.owner = THIS_MODULE,
	.read = nv_misc_read,
};

static struct miscdevice nv_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "nvsplit",
	.fops = &nv_fops,
};
module_misc_device(nv_misc);
MODULE_LICENSE("GPL");
