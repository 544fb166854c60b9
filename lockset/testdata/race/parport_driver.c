/* A parport driver (drivers/parport/share.c): match_port and detach run
 * only under the core's registration_lock, after parport_register_driver
 * starts and before parport_unregister_driver returns. What module init
 * sets up before the registration races with neither; what it writes
 * after races with both; the two never race with each other. A file
 * operation, published by register_chrdev, races with match_port. */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/device.h>

struct parport {
	int number;
};
struct pardevice;
struct parport_driver {
	const char *name;
	void (*match_port)(struct parport *port);
	void (*detach)(struct parport *port);
	int (*probe)(struct pardevice *dev);
	struct device_driver driver;
};
int __parport_register_driver(struct parport_driver *drv, struct module *owner, const char *mod_name);
void parport_unregister_driver(struct parport_driver *drv);

static int pt_count, pt_nums[4], pt_mode, pt_major;

static void pt_attach(struct parport *port)
{
	pt_nums[pt_count] = port->number;
	pt_count++; // want "write pt_count by pt_attach races with read pt_count by pt_read"
	if (pt_mode) // want "read pt_mode by pt_attach races with write pt_mode by pt_init"
		pt_nums[0] = 0;
}

static void pt_detach(struct parport *port)
{
	if (pt_nums[0] == port->number)
		pt_count--; // want "write pt_count by pt_detach races with read pt_count by pt_read"
}

static ssize_t pt_read(struct file *f, char __user *buf, size_t n, loff_t *off)
{
	return pt_count; // want "read pt_count by pt_read races with write pt_count by pt_(attach|detach)"
}

static const struct file_operations pt_fops = {
	.owner = THIS_MODULE,
	.read = pt_read,
};

static struct parport_driver pt_driver = {
	.name = "pt",
	.match_port = pt_attach,
	.detach = pt_detach,
};

static int __init pt_init(void)
{
	int err;

	pt_count = 0;
	pt_nums[0] = -1;
	pt_major = register_chrdev(0, "pt", &pt_fops);
	if (pt_major < 0)
		return pt_major;
	err = __parport_register_driver(&pt_driver, THIS_MODULE, "pt");
	if (err)
		return err;
	pt_mode = 1; // want "write pt_mode by pt_init races with read pt_mode by pt_attach"
	return 0;
}

static void __exit pt_exit(void)
{
	parport_unregister_driver(&pt_driver);
	pt_count = 0;
	unregister_chrdev(pt_major, "pt");
}
module_init(pt_init);
module_exit(pt_exit);
MODULE_LICENSE("GPL");
