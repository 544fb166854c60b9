/* whoop model: linux/of_device.h - device-tree matching for devices. */
#ifndef _WHOOP_LINUX_OF_DEVICE_H
#define _WHOOP_LINUX_OF_DEVICE_H

#include <linux/platform_device.h>
#include <linux/of.h>
#include <linux/mod_devicetable.h>

extern const struct of_device_id *of_match_device(const struct of_device_id *matches, const struct device *dev);
extern int of_device_add(struct platform_device *pdev);
extern int of_device_register(struct platform_device *ofdev);
extern void of_device_unregister(struct platform_device *ofdev);

#endif /* _WHOOP_LINUX_OF_DEVICE_H */
