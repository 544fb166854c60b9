// The tree's fortified memset and memcpy (fortify-string.h) ask
// __builtin_dynamic_object_size for the sizes of their buffers: unknown,
// SIZE_MAX, so they check nothing and copy. Read as the int -1, the check
// "p_size != SIZE_MAX && p_size < size" held and fortify_panic() ended
// every path through them: what the driver did after a memset was dead,
// and its races were missed.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/string.h>

struct fy_req {
	int len;
	char data[16];
};

static int fy_count;
static char fy_last[16];

static ssize_t fy_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	struct fy_req req;

	memset(&req, 0, sizeof(req));
	memcpy(fy_last, req.data, sizeof(fy_last)); // want "race"
	fy_count++; // want "race"
	return n;
}

static const struct file_operations fy_fops = {
	.owner = THIS_MODULE,
	.write = fy_write,
};

static struct miscdevice fy_misc = { MISC_DYNAMIC_MINOR, "fy", &fy_fops };

module_misc_device(fy_misc);
MODULE_LICENSE("GPL");
