/* An index with a constant of its own (name[n - 1], d[i - 1].len) moves
 * within the array it starts in (A4): the fold covers that array, not the
 * members before it. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

struct desc {
	int status;
	int len;
};

struct port {
	unsigned long long capacity;
	char name[41];
	struct desc d[4];
	int after;
};

static struct port gport;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	unsigned long n = arg;

	gport.capacity = 1;                         // want region "global gport.capacity"
	while (n && gport.name[n - 1] == ' ')       // want region "global gport.name[]"
		gport.name[--n] = 0;                    // want region "global gport.name[]"
	gport.d[n - 1].len = 2;                     // want region "global gport.d[].len"
	gport.d[n + 1].status = 3;                  // want region "global gport.d[].status"
	gport.after = 4;                            // want region "global gport.after"
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "anchor",
	.fops = &dev_fops,
};

module_misc_device(dev_misc);
MODULE_LICENSE("GPL");
