/* Helpers that touch several regions; memcpy moves pointers. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/miscdevice.h>

struct stats {
	long rx;
	long tx;
};

struct priv {
	int a;
	struct stats st;
	char name[8];
	int *ptr;
};

static int target;
static struct priv *gp;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct priv *p = file->private_data;
	struct priv copy;

	p->a = 1;                          // want region "struct priv.a"
	p->st.rx++;                        // want region "struct priv.st.rx"
	p->st.tx++;                        // want region "struct priv.st.tx"
	memset(&p->st, 0, sizeof(p->st)); // want region "struct priv.st.rx" region "struct priv.st.tx"
	memset(p, 0, sizeof(*p));          // want region "struct priv.a" region "struct priv.st.rx" region "struct priv.st.tx" region "struct priv.name[]" region "struct priv.ptr" region "struct priv.{padding}"
	strcpy(p->name, "x");              // want region "struct priv.name[]" region "string" 
	p->name[cmd & 7] = 0;              // want region "struct priv.name[]"
	p->ptr = &target;                  // want region "struct priv.ptr"
	memcpy(&copy, p, sizeof(copy));    // want region "struct priv.a" region "struct priv.st.rx" region "struct priv.st.tx" region "struct priv.name[]" region "struct priv.ptr" region "struct priv.{padding}" region "local copy in dev_ioctl.{a..st}" region "local copy in dev_ioctl.name[]" region "local copy in dev_ioctl.ptr"
	*copy.ptr = 3;                     // want region "local copy in dev_ioctl.ptr" region "external int"
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "touch",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
