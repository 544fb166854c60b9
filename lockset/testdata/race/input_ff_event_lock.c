/* Force-feedback callbacks under the input device's event_lock
 * (uinput.c): the input core calls ff_device's ->playback only with
 * dev->event_lock held (drivers/input/ff-core.c, input_ff_event as
 * dev->event under input_handle_event, and erase_effect), so playback's
 * writes do not race with a read that takes that event_lock itself: the
 * driver's spin_lock(&dev->event_lock) is the lock the core holds
 * (models.KernelLockOfField). ->upload runs under ff->mutex only: its
 * write races with the read. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/input.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct ff_device {
	int (*upload)(struct input_dev *dev, struct ff_effect *effect, struct ff_effect *old);
	int (*erase)(struct input_dev *dev, int effect_id);
	int (*playback)(struct input_dev *dev, int effect_id, int value);
	void (*set_gain)(struct input_dev *dev, u16 gain);
	void (*set_autocenter)(struct input_dev *dev, u16 magnitude);
};

extern int input_ff_create(struct input_dev *dev, unsigned int max_effects);

struct ffd {
	struct input_dev *input;
	int buff[16];
	unsigned int head, tail;
	int uploads;
};

static struct ffd *ffd_dev;

static int ffd_playback(struct input_dev *dev, int effect_id, int value)
{
	struct ffd *f = input_get_drvdata(dev);

	f->buff[f->head] = value;
	f->head = (f->head + 1) % 16;
	return 0;
}

static int ffd_upload(struct input_dev *dev, struct ff_effect *effect, struct ff_effect *old)
{
	struct ffd *f = input_get_drvdata(dev);

	f->uploads++; // want "(read|write) f->uploads by ffd_upload races with write f->uploads by ffd_(upload|read)"
	return 0;
}

static ssize_t ffd_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct ffd *f = ffd_dev;
	int v;

	spin_lock_irq(&f->input->event_lock);
	v = f->buff[f->tail];
	f->tail = (f->tail + 1) % 16;
	f->uploads = 0; // want "write f->uploads by ffd_read races with (read|write) f->uploads by ffd_upload"
	spin_unlock_irq(&f->input->event_lock);
	if (copy_to_user(buf, &v, sizeof(v)))
		return -EFAULT;
	return sizeof(v);
}

static const struct file_operations ffd_fops = {
	.owner = THIS_MODULE,
	.read = ffd_read,
};

static struct miscdevice ffd_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ffd",
	.fops = &ffd_fops,
};

static int __init ffd_init(void)
{
	struct ffd *f = kzalloc(sizeof(*f), GFP_KERNEL);
	int err;

	if (!f)
		return -ENOMEM;
	f->input = input_allocate_device();
	if (!f->input)
		return -ENOMEM;
	input_set_drvdata(f->input, f);
	err = input_ff_create(f->input, 16);
	if (err)
		return err;
	f->input->ff->upload = ffd_upload;
	f->input->ff->playback = ffd_playback;
	ffd_dev = f;
	err = input_register_device(f->input);
	if (err)
		return err;
	return misc_register(&ffd_misc);
}

module_init(ffd_init);
MODULE_LICENSE("GPL");
