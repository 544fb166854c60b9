/* A virtio driver (drivers/virtio/virtio.c): probe and remove run from
 * the bus's probe and remove under the virtio device's device_lock, so
 * nothing probe writes races with remove. config_changed holds no lock of
 * the driver's: probe's writes race with its reads, and so do remove's. */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/device.h>

struct virtio_device {
	struct device dev;
	void *priv;
};
struct virtio_driver {
	struct device_driver driver;
	int (*probe)(struct virtio_device *dev);
	void (*remove)(struct virtio_device *dev);
	void (*config_changed)(struct virtio_device *dev);
};
int __register_virtio_driver(struct virtio_driver *drv, struct module *owner);
void unregister_virtio_driver(struct virtio_driver *drv);

static int *vt_buf;
static int vt_size, vt_mode;

static void vt_config(struct virtio_device *vdev)
{
	if (vt_mode) // want "read vt_mode by vt_config races with write vt_mode by vt_(probe|remove)"
		pr_info("vt: %d\n", vt_size); // want "read vt_size by vt_config races with write vt_size by vt_probe"
}

static int vt_probe(struct virtio_device *vdev)
{
	vt_buf = kzalloc(16, GFP_KERNEL);
	if (!vt_buf)
		return -ENOMEM;
	vt_size = 16; // want "write vt_size by vt_probe races with read vt_size by vt_config"
	vt_mode = 1; // want "write vt_mode by vt_probe races with read vt_mode by vt_config"
	return 0;
}

static void vt_remove(struct virtio_device *vdev)
{
	vt_mode = vt_size; // want "write vt_mode by vt_remove races with read vt_mode by vt_config"
	kfree(vt_buf);
	vt_buf = NULL;
}

static struct virtio_driver vt_driver = {
	.driver.name = "vt",
	.probe = vt_probe,
	.remove = vt_remove,
	.config_changed = vt_config,
};

static int __init vt_init(void)
{
	return __register_virtio_driver(&vt_driver, THIS_MODULE);
}

static void __exit vt_exit(void)
{
	unregister_virtio_driver(&vt_driver);
}
module_init(vt_init);
module_exit(vt_exit);
MODULE_LICENSE("GPL");
