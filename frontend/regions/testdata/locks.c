/* Lock identities for the lockset: Call.ArgTargets keys. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/miscdevice.h>

static DEFINE_MUTEX(global_lock);
static DEFINE_MUTEX(other_lock);
static DEFINE_SPINLOCK(slock);

struct gdev {
	int state;
	spinlock_t lock;
};
static struct gdev gdev;

struct priv {
	struct mutex mtx;
	spinlock_t locks[4];
	int val;
};

static int which;
static int counter;

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct priv *p = file->private_data;
	struct mutex *m;

	mutex_lock(&global_lock);          // want arg 0 "global global_lock" exact
	counter++;                         // want region "global counter"
	mutex_unlock(&global_lock);        // want arg 0 "global global_lock" exact

	spin_lock(&gdev.lock);             // want arg 0 "global gdev.lock" exact
	gdev.state = 1;                    // want region "global gdev.state"
	spin_unlock(&gdev.lock);

	mutex_lock(&p->mtx);               // want arg 0 "struct priv.mtx" exact
	p->val = 2;                        // want region "struct priv.val"
	mutex_unlock(&p->mtx);

	spin_lock(&p->locks[cmd & 3]);     // want arg 0 "struct priv.locks[]" inexact why ""
	spin_unlock(&p->locks[cmd & 3]);

	if (which)
		m = &global_lock;
	else
		m = &other_lock;
	mutex_lock(m);                     // want arg 0 "global global_lock|other_lock" inexact why "may point into any of 2 global objects"
	mutex_unlock(m);

	spin_lock(&slock);                 // want arg 0 "global slock" exact
	spin_unlock(&slock);
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "locks",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);       // want arg 0 "struct miscdevice" exact
}
module_init(mod_init);
