// A compound literal copied into a driver struct member by member
// (nsm.c's nsm->hwrng = (struct hwrng){ .read = nsm_rng_read }): each
// member's store holds what the literal put in that member only. Before,
// the literal was one cell holding both functions, so each was an entry
// point of every function member of the struct.
#include <linux/module.h>
#include <linux/pm.h>
#include <linux/string.h>

struct cl_dev {
	struct dev_pm_ops pm;
};

static struct cl_dev cl, cl2;

static int cl_suspend(struct device *dev) // want entry "entry dev_pm_ops.suspend"
{
	return 0;
}

static int cl_resume(struct device *dev) // want entry "entry dev_pm_ops.resume"
{
	return 0;
}

static int cl_thaw(struct device *dev) // want entry "entry dev_pm_ops.thaw"
{
	return 0;
}

static int cl_freeze(struct device *dev) // want entry "entry dev_pm_ops.freeze"
{
	return 0;
}

static int __init cl_init(void) // want entry "init module_init"
{
	struct dev_pm_ops ops = { .freeze = cl_freeze, .thaw = cl_thaw };

	cl.pm = (struct dev_pm_ops){ .suspend = cl_suspend, .resume = cl_resume };
	cl2.pm = ops;
	return 0;
}
module_init(cl_init);
MODULE_LICENSE("GPL");
