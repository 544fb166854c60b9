/* whoop model: linux/property.h - unified device property reads. */
#ifndef _WHOOP_LINUX_PROPERTY_H
#define _WHOOP_LINUX_PROPERTY_H

#include <linux/types.h>
#include <linux/fwnode.h>

struct device;

extern bool device_property_present(struct device *dev, const char *propname);
extern int device_property_read_u8_array(struct device *dev, const char *propname, u8 *val, size_t nval);
extern int device_property_read_u16_array(struct device *dev, const char *propname, u16 *val, size_t nval);
extern int device_property_read_u32_array(struct device *dev, const char *propname, u32 *val, size_t nval);
extern int device_property_read_string(struct device *dev, const char *propname, const char **val);

static inline int device_property_read_u32(struct device *dev, const char *propname, u32 *val)
{
	return device_property_read_u32_array(dev, propname, val, 1);
}

#endif /* _WHOOP_LINUX_PROPERTY_H */
