// Whether count races depends on putting 8 pigeons into 7 holes, one
// to a hole (p<i>_<j>: pigeon i sits in hole j), which cannot be done: Z3
// proves that only after a search that grows exponentially with the holes
// (a few hundred thousand of its resource units here). The lock check of
// lock_if_fits needs the same proof: it returns holding the lock only if
// the pigeons fit. budget_test.go stops both with a smaller budget.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(lock);
static DEFINE_MUTEX(other);
static int count;
static int p0_0, p0_1, p0_2, p0_3, p0_4, p0_5, p0_6;
static int p1_0, p1_1, p1_2, p1_3, p1_4, p1_5, p1_6;
static int p2_0, p2_1, p2_2, p2_3, p2_4, p2_5, p2_6;
static int p3_0, p3_1, p3_2, p3_3, p3_4, p3_5, p3_6;
static int p4_0, p4_1, p4_2, p4_3, p4_4, p4_5, p4_6;
static int p5_0, p5_1, p5_2, p5_3, p5_4, p5_5, p5_6;
static int p6_0, p6_1, p6_2, p6_3, p6_4, p6_5, p6_6;
static int p7_0, p7_1, p7_2, p7_3, p7_4, p7_5, p7_6;

/* fits: every pigeon sits in some hole, no two in the same one. Each
 * global is read once: two reads of shared memory may differ. */
static int fits(void)
{
	int a0_0 = p0_0, a0_1 = p0_1, a0_2 = p0_2, a0_3 = p0_3, a0_4 = p0_4, a0_5 = p0_5, a0_6 = p0_6;
	int a1_0 = p1_0, a1_1 = p1_1, a1_2 = p1_2, a1_3 = p1_3, a1_4 = p1_4, a1_5 = p1_5, a1_6 = p1_6;
	int a2_0 = p2_0, a2_1 = p2_1, a2_2 = p2_2, a2_3 = p2_3, a2_4 = p2_4, a2_5 = p2_5, a2_6 = p2_6;
	int a3_0 = p3_0, a3_1 = p3_1, a3_2 = p3_2, a3_3 = p3_3, a3_4 = p3_4, a3_5 = p3_5, a3_6 = p3_6;
	int a4_0 = p4_0, a4_1 = p4_1, a4_2 = p4_2, a4_3 = p4_3, a4_4 = p4_4, a4_5 = p4_5, a4_6 = p4_6;
	int a5_0 = p5_0, a5_1 = p5_1, a5_2 = p5_2, a5_3 = p5_3, a5_4 = p5_4, a5_5 = p5_5, a5_6 = p5_6;
	int a6_0 = p6_0, a6_1 = p6_1, a6_2 = p6_2, a6_3 = p6_3, a6_4 = p6_4, a6_5 = p6_5, a6_6 = p6_6;
	int a7_0 = p7_0, a7_1 = p7_1, a7_2 = p7_2, a7_3 = p7_3, a7_4 = p7_4, a7_5 = p7_5, a7_6 = p7_6;

	if (!(a0_0 || a0_1 || a0_2 || a0_3 || a0_4 || a0_5 || a0_6))
		return 0;
	if (!(a1_0 || a1_1 || a1_2 || a1_3 || a1_4 || a1_5 || a1_6))
		return 0;
	if (!(a2_0 || a2_1 || a2_2 || a2_3 || a2_4 || a2_5 || a2_6))
		return 0;
	if (!(a3_0 || a3_1 || a3_2 || a3_3 || a3_4 || a3_5 || a3_6))
		return 0;
	if (!(a4_0 || a4_1 || a4_2 || a4_3 || a4_4 || a4_5 || a4_6))
		return 0;
	if (!(a5_0 || a5_1 || a5_2 || a5_3 || a5_4 || a5_5 || a5_6))
		return 0;
	if (!(a6_0 || a6_1 || a6_2 || a6_3 || a6_4 || a6_5 || a6_6))
		return 0;
	if (!(a7_0 || a7_1 || a7_2 || a7_3 || a7_4 || a7_5 || a7_6))
		return 0;
	if (a0_0 && a1_0)
		return 0;
	if (a0_0 && a2_0)
		return 0;
	if (a0_0 && a3_0)
		return 0;
	if (a0_0 && a4_0)
		return 0;
	if (a0_0 && a5_0)
		return 0;
	if (a0_0 && a6_0)
		return 0;
	if (a0_0 && a7_0)
		return 0;
	if (a1_0 && a2_0)
		return 0;
	if (a1_0 && a3_0)
		return 0;
	if (a1_0 && a4_0)
		return 0;
	if (a1_0 && a5_0)
		return 0;
	if (a1_0 && a6_0)
		return 0;
	if (a1_0 && a7_0)
		return 0;
	if (a2_0 && a3_0)
		return 0;
	if (a2_0 && a4_0)
		return 0;
	if (a2_0 && a5_0)
		return 0;
	if (a2_0 && a6_0)
		return 0;
	if (a2_0 && a7_0)
		return 0;
	if (a3_0 && a4_0)
		return 0;
	if (a3_0 && a5_0)
		return 0;
	if (a3_0 && a6_0)
		return 0;
	if (a3_0 && a7_0)
		return 0;
	if (a4_0 && a5_0)
		return 0;
	if (a4_0 && a6_0)
		return 0;
	if (a4_0 && a7_0)
		return 0;
	if (a5_0 && a6_0)
		return 0;
	if (a5_0 && a7_0)
		return 0;
	if (a6_0 && a7_0)
		return 0;
	if (a0_1 && a1_1)
		return 0;
	if (a0_1 && a2_1)
		return 0;
	if (a0_1 && a3_1)
		return 0;
	if (a0_1 && a4_1)
		return 0;
	if (a0_1 && a5_1)
		return 0;
	if (a0_1 && a6_1)
		return 0;
	if (a0_1 && a7_1)
		return 0;
	if (a1_1 && a2_1)
		return 0;
	if (a1_1 && a3_1)
		return 0;
	if (a1_1 && a4_1)
		return 0;
	if (a1_1 && a5_1)
		return 0;
	if (a1_1 && a6_1)
		return 0;
	if (a1_1 && a7_1)
		return 0;
	if (a2_1 && a3_1)
		return 0;
	if (a2_1 && a4_1)
		return 0;
	if (a2_1 && a5_1)
		return 0;
	if (a2_1 && a6_1)
		return 0;
	if (a2_1 && a7_1)
		return 0;
	if (a3_1 && a4_1)
		return 0;
	if (a3_1 && a5_1)
		return 0;
	if (a3_1 && a6_1)
		return 0;
	if (a3_1 && a7_1)
		return 0;
	if (a4_1 && a5_1)
		return 0;
	if (a4_1 && a6_1)
		return 0;
	if (a4_1 && a7_1)
		return 0;
	if (a5_1 && a6_1)
		return 0;
	if (a5_1 && a7_1)
		return 0;
	if (a6_1 && a7_1)
		return 0;
	if (a0_2 && a1_2)
		return 0;
	if (a0_2 && a2_2)
		return 0;
	if (a0_2 && a3_2)
		return 0;
	if (a0_2 && a4_2)
		return 0;
	if (a0_2 && a5_2)
		return 0;
	if (a0_2 && a6_2)
		return 0;
	if (a0_2 && a7_2)
		return 0;
	if (a1_2 && a2_2)
		return 0;
	if (a1_2 && a3_2)
		return 0;
	if (a1_2 && a4_2)
		return 0;
	if (a1_2 && a5_2)
		return 0;
	if (a1_2 && a6_2)
		return 0;
	if (a1_2 && a7_2)
		return 0;
	if (a2_2 && a3_2)
		return 0;
	if (a2_2 && a4_2)
		return 0;
	if (a2_2 && a5_2)
		return 0;
	if (a2_2 && a6_2)
		return 0;
	if (a2_2 && a7_2)
		return 0;
	if (a3_2 && a4_2)
		return 0;
	if (a3_2 && a5_2)
		return 0;
	if (a3_2 && a6_2)
		return 0;
	if (a3_2 && a7_2)
		return 0;
	if (a4_2 && a5_2)
		return 0;
	if (a4_2 && a6_2)
		return 0;
	if (a4_2 && a7_2)
		return 0;
	if (a5_2 && a6_2)
		return 0;
	if (a5_2 && a7_2)
		return 0;
	if (a6_2 && a7_2)
		return 0;
	if (a0_3 && a1_3)
		return 0;
	if (a0_3 && a2_3)
		return 0;
	if (a0_3 && a3_3)
		return 0;
	if (a0_3 && a4_3)
		return 0;
	if (a0_3 && a5_3)
		return 0;
	if (a0_3 && a6_3)
		return 0;
	if (a0_3 && a7_3)
		return 0;
	if (a1_3 && a2_3)
		return 0;
	if (a1_3 && a3_3)
		return 0;
	if (a1_3 && a4_3)
		return 0;
	if (a1_3 && a5_3)
		return 0;
	if (a1_3 && a6_3)
		return 0;
	if (a1_3 && a7_3)
		return 0;
	if (a2_3 && a3_3)
		return 0;
	if (a2_3 && a4_3)
		return 0;
	if (a2_3 && a5_3)
		return 0;
	if (a2_3 && a6_3)
		return 0;
	if (a2_3 && a7_3)
		return 0;
	if (a3_3 && a4_3)
		return 0;
	if (a3_3 && a5_3)
		return 0;
	if (a3_3 && a6_3)
		return 0;
	if (a3_3 && a7_3)
		return 0;
	if (a4_3 && a5_3)
		return 0;
	if (a4_3 && a6_3)
		return 0;
	if (a4_3 && a7_3)
		return 0;
	if (a5_3 && a6_3)
		return 0;
	if (a5_3 && a7_3)
		return 0;
	if (a6_3 && a7_3)
		return 0;
	if (a0_4 && a1_4)
		return 0;
	if (a0_4 && a2_4)
		return 0;
	if (a0_4 && a3_4)
		return 0;
	if (a0_4 && a4_4)
		return 0;
	if (a0_4 && a5_4)
		return 0;
	if (a0_4 && a6_4)
		return 0;
	if (a0_4 && a7_4)
		return 0;
	if (a1_4 && a2_4)
		return 0;
	if (a1_4 && a3_4)
		return 0;
	if (a1_4 && a4_4)
		return 0;
	if (a1_4 && a5_4)
		return 0;
	if (a1_4 && a6_4)
		return 0;
	if (a1_4 && a7_4)
		return 0;
	if (a2_4 && a3_4)
		return 0;
	if (a2_4 && a4_4)
		return 0;
	if (a2_4 && a5_4)
		return 0;
	if (a2_4 && a6_4)
		return 0;
	if (a2_4 && a7_4)
		return 0;
	if (a3_4 && a4_4)
		return 0;
	if (a3_4 && a5_4)
		return 0;
	if (a3_4 && a6_4)
		return 0;
	if (a3_4 && a7_4)
		return 0;
	if (a4_4 && a5_4)
		return 0;
	if (a4_4 && a6_4)
		return 0;
	if (a4_4 && a7_4)
		return 0;
	if (a5_4 && a6_4)
		return 0;
	if (a5_4 && a7_4)
		return 0;
	if (a6_4 && a7_4)
		return 0;
	if (a0_5 && a1_5)
		return 0;
	if (a0_5 && a2_5)
		return 0;
	if (a0_5 && a3_5)
		return 0;
	if (a0_5 && a4_5)
		return 0;
	if (a0_5 && a5_5)
		return 0;
	if (a0_5 && a6_5)
		return 0;
	if (a0_5 && a7_5)
		return 0;
	if (a1_5 && a2_5)
		return 0;
	if (a1_5 && a3_5)
		return 0;
	if (a1_5 && a4_5)
		return 0;
	if (a1_5 && a5_5)
		return 0;
	if (a1_5 && a6_5)
		return 0;
	if (a1_5 && a7_5)
		return 0;
	if (a2_5 && a3_5)
		return 0;
	if (a2_5 && a4_5)
		return 0;
	if (a2_5 && a5_5)
		return 0;
	if (a2_5 && a6_5)
		return 0;
	if (a2_5 && a7_5)
		return 0;
	if (a3_5 && a4_5)
		return 0;
	if (a3_5 && a5_5)
		return 0;
	if (a3_5 && a6_5)
		return 0;
	if (a3_5 && a7_5)
		return 0;
	if (a4_5 && a5_5)
		return 0;
	if (a4_5 && a6_5)
		return 0;
	if (a4_5 && a7_5)
		return 0;
	if (a5_5 && a6_5)
		return 0;
	if (a5_5 && a7_5)
		return 0;
	if (a6_5 && a7_5)
		return 0;
	if (a0_6 && a1_6)
		return 0;
	if (a0_6 && a2_6)
		return 0;
	if (a0_6 && a3_6)
		return 0;
	if (a0_6 && a4_6)
		return 0;
	if (a0_6 && a5_6)
		return 0;
	if (a0_6 && a6_6)
		return 0;
	if (a0_6 && a7_6)
		return 0;
	if (a1_6 && a2_6)
		return 0;
	if (a1_6 && a3_6)
		return 0;
	if (a1_6 && a4_6)
		return 0;
	if (a1_6 && a5_6)
		return 0;
	if (a1_6 && a6_6)
		return 0;
	if (a1_6 && a7_6)
		return 0;
	if (a2_6 && a3_6)
		return 0;
	if (a2_6 && a4_6)
		return 0;
	if (a2_6 && a5_6)
		return 0;
	if (a2_6 && a6_6)
		return 0;
	if (a2_6 && a7_6)
		return 0;
	if (a3_6 && a4_6)
		return 0;
	if (a3_6 && a5_6)
		return 0;
	if (a3_6 && a6_6)
		return 0;
	if (a3_6 && a7_6)
		return 0;
	if (a4_6 && a5_6)
		return 0;
	if (a4_6 && a6_6)
		return 0;
	if (a4_6 && a7_6)
		return 0;
	if (a5_6 && a6_6)
		return 0;
	if (a5_6 && a7_6)
		return 0;
	if (a6_6 && a7_6)
		return 0;
	return 1;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	if (fits())
		count = n;
	else {
		mutex_lock(&lock);
		count = n;
		mutex_unlock(&lock);
	}
	return n;
}

static ssize_t lock_if_fits(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	mutex_lock(&other);
	if (fits())
		return n;
	mutex_unlock(&other);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE, .write = dev_write, .read = lock_if_fits,
};
static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "pigeons", &dev_fops };
module_misc_device(dev_misc);
MODULE_LICENSE("GPL");
