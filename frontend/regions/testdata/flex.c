/* A flexible array member at the end of an allocation; an embedded struct
 * with a zero-length tail (struct kfifo) does not fold the struct around it. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/kfifo.h>
#include <linux/spinlock.h>
#include <linux/miscdevice.h>

struct msg {
	int n;
	unsigned char data[];
};

struct queue {
	struct kfifo fifo;
	spinlock_t lock;
	int after;
};

static struct queue q;

static long msg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct msg *m = file->private_data;
	m->n = 1;                               // want region "struct msg.n"
	m->data[0] = 2;                         // want region "struct msg.data[]"
	m->data[cmd & 15] = 3;                  // want region "struct msg.data[]"
	spin_lock(&q.lock);                     // want arg 0 "global q.lock" exact
	q.after = 4;                            // want region "global q.after"
	spin_unlock(&q.lock);
	return 0;
}

static const struct file_operations msg_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = msg_ioctl,
};

static struct miscdevice msg_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "msg",
	.fops = &msg_fops,
};

static int __init msg_init(void)
{
	return misc_register(&msg_misc);
}
module_init(msg_init);
