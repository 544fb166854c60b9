/* A global register variable (the kernel's current_stack_pointer, an
 * output of every asm with ASM_CALL_CONSTRAINT) is a CPU register: each
 * thread has its own, so asm writing it races with nothing. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

register unsigned long current_sp asm("rsp");
static int count;

static inline void slow_io(void)
{
	asm volatile("outb %%al, $0x80" : "+r" (current_sp));
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	slow_io();
	count = arg; // want "write count by dev_ioctl races with write count by dev_ioctl"
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "regvar", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
