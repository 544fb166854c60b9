// A const ops table copied into a driver struct member by member
// (adap->irqchip = cht_wc_i2c_irq_chip in i2c-cht-wc.c): each member's
// store holds the table's function for that member only. The escape
// analysis alone sees the table as one cell holding both functions, which
// made each of them an entry point of every member. (A writable table may
// be changed before the copy: its copy keeps every function it holds.)
#include <linux/module.h>
#include <linux/pm.h>

struct cc_dev {
	struct dev_pm_ops pm;
};

static struct cc_dev cc;

static int cc_suspend(struct device *dev) // want entry "entry dev_pm_ops.suspend"
{
	return 0;
}

static int cc_resume(struct device *dev) // want entry "entry dev_pm_ops.resume"
{
	return 0;
}

static const struct dev_pm_ops cc_tmpl = {
	.suspend = cc_suspend,
	.resume = cc_resume,
};

static int __init cc_init(void) // want entry "init module_init"
{
	cc.pm = cc_tmpl;
	return 0;
}
module_init(cc_init);
MODULE_LICENSE("GPL");
