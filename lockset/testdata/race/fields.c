/* Two fields of one struct under two different locks; array elements. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>

struct stats {
	spinlock_t rx_lock;
	struct mutex tx_lock;
	unsigned long rx;
	unsigned long tx;
	int slots[4];
};

static struct stats st;

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	unsigned long v;

	spin_lock(&st.rx_lock);
	v = st.rx;
	spin_unlock(&st.rx_lock);
	mutex_lock(&st.tx_lock);
	v += st.tx;
	mutex_unlock(&st.tx_lock);
	st.slots[0] = v; // want "write st.slots\[0\] by dev_read races with write st.slots\[0\] by dev_read"
	return st.slots[2]; // want "read st.slots\[2\] by dev_read races with write st.slots\[2\] by dev_write"
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	spin_lock(&st.rx_lock);
	st.rx = n;
	spin_unlock(&st.rx_lock);
	mutex_lock(&st.tx_lock);
	st.tx = n;
	mutex_unlock(&st.tx_lock);
	st.slots[2] = n; // want "write st.slots\[2\] by dev_write races with read st.slots\[2\] by dev_read" "write st.slots\[2\] by dev_write races with write st.slots\[2\] by dev_write"
	return n;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.read = dev_read,
	.write = dev_write,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "fields", &dev_fops };

static int __init dev_init(void)
{
	spin_lock_init(&st.rx_lock);
	mutex_init(&st.tx_lock);
	return misc_register(&dev_misc);
}
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
