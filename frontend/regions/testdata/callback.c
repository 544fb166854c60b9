/* A function the driver hands to the kernel: its parameters receive kernel
 * pointers, except those the registration's table says are new objects per
 * call (blk_register_region's probe gets a pointer to the caller's index). */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/genhd.h>
#include <linux/kobject.h>

static struct gendisk *disks[4];

static struct kobject *my_find(dev_t dev, int *part, void *data)
{
	int unit = *part & 3;                    // want region "fresh *part in my_find" thread-local
	struct gendisk **d = data;

	*part = 0;                               // want region "fresh *part in my_find" thread-local
	return get_disk(d[unit]);                // want region "external struct gendisk *" shared
}

static int __init my_init(void)
{
	blk_register_region(MKDEV(2, 0), 256, THIS_MODULE, my_find, NULL, disks);
	return 0;
}
module_init(my_init);
