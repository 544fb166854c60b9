// compiletime_assert() checks nothing in whoop (models/overlay/linux/
// compiler_types.h): BUILD_BUG_ON, READ_ONCE and WRITE_ONCE expand to the
// access alone, and the code after them is checked, also where whoop
// cannot evaluate the condition as gcc does.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/build_bug.h>

struct bb_state {
	int count;
	int flag;
	int after;
	long total;
};

static struct bb_state bb;
static const int bb_words = 4;

static ssize_t bb_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	BUILD_BUG_ON(sizeof(bb.count) != 4);
	WRITE_ONCE(bb.flag, READ_ONCE(bb.flag) + 1); // marked on both sides: no race
	bb.count++; // want "race"
	bb.total += n; // want "race"
	// gcc at -O2 folds a static const; a condition whoop cannot fold
	// must not end the path here.
	BUILD_BUG_ON(!__builtin_constant_p(bb_words));
	bb.after++; // want "race"
	return n;
}

static const struct file_operations bb_fops = {
	.owner = THIS_MODULE,
	.write = bb_write,
};

static struct miscdevice bb_misc = { MISC_DYNAMIC_MINOR, "bb", &bb_fops };

module_misc_device(bb_misc);
MODULE_LICENSE("GPL");
