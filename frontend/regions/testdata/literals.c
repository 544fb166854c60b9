/* String literals and a char array member stored in one pointer cell: a
 * template's literal name copied into the driver's struct, then replaced by
 * a name built in the struct's own buffer (abituguru's sysfs attribute
 * names). Literals cannot be written (C11 6.4.5p7), so the literals' node
 * does not collapse the struct it merges with; the struct's members stay
 * apart, and the buffer is one region however it is reached. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/miscdevice.h>

struct tmpl {
	const char *name;
	int mode;
};

static const struct tmpl templ[2] = {
	{ "alpha", 1 },
	{ "beta", 2 },
};

struct priv {
	struct mutex lock;
	int count;
	struct tmpl attr[2];
	char names[32];
};

static struct priv *gpriv;

static long lit_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct priv *p = gpriv;
	char c;

	mutex_lock(&p->lock);                   // want arg 0 "struct priv.lock" exact
	p->count++;                             // want region "struct priv.count"
	mutex_unlock(&p->lock);
	c = p->attr[cmd & 1].name[1];           // want region "struct priv.attr[].name" region "struct priv.names[]"
	p->names[cmd & 31] = c;                 // want region "struct priv.names[]"
	return p->attr[0].mode;                 // want region "struct priv.attr[].mode"
}

static const struct file_operations lit_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = lit_ioctl,
};

static struct miscdevice lit_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "lit",
	.fops = &lit_fops,
};

static int __init lit_init(void)
{
	struct priv *p = kzalloc(sizeof(*p), GFP_KERNEL);
	char *name;
	int i;

	if (!p)
		return -ENOMEM;
	mutex_init(&p->lock);
	name = p->names;
	for (i = 0; i < 2; i++) {
		p->attr[i] = templ[i];
		p->attr[i].name = name;
		name += snprintf(name, 8, "%s%d", templ[i].name, i) + 1;
	}
	gpriv = p;
	return misc_register(&lit_misc);
}
module_init(lit_init);
