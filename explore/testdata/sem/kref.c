// kref_put calls the release only when the count reaches zero, so two
// puts of one reference never both release the object: the release's
// write of data races with nothing. With arbitrary results of
// atomic_sub_and_test both threads released it. Two puts of one
// reference are this driver's bug, though: one thread may free the object
// while the other still reads its count.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/kref.h>
#include <linux/slab.h>

struct obj {
	struct kref ref;
	int data;
};

static struct obj *the_obj;

static void obj_release(struct kref *k)
{
	struct obj *o = container_of(k, struct obj, ref);

	o->data = 0; // want "not confirmed"
	kfree(o);
}

static long k_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	kref_put(&the_obj->ref, obj_release); // want "confirmed"
	return 0;
}

static const struct file_operations k_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = k_ioctl,
};

static struct miscdevice k_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "k",
	.fops = &k_fops,
};

static int __init k_init(void)
{
	the_obj = kzalloc(sizeof(*the_obj), GFP_KERNEL);
	if (!the_obj)
		return -ENOMEM;
	kref_init(&the_obj->ref);
	return misc_register(&k_dev);
}

static void __exit k_exit(void)
{
	misc_deregister(&k_dev);
}
module_init(k_init);
module_exit(k_exit);
MODULE_LICENSE("GPL");
