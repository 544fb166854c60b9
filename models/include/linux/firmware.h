/* whoop model: linux/firmware.h - loading firmware images. */
#ifndef _WHOOP_LINUX_FIRMWARE_H
#define _WHOOP_LINUX_FIRMWARE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/gfp.h>

#define FW_ACTION_NOHOTPLUG 0
#define FW_ACTION_HOTPLUG 1

struct firmware {
	size_t size;
	const u8 *data;
	struct page **pages;
	void *priv;
};

struct module;
struct device;

extern int request_firmware(const struct firmware **fw, const char *name, struct device *device);
extern int request_firmware_nowait(struct module *module, bool uevent, const char *name,
				   struct device *device, gfp_t gfp, void *context,
				   void (*cont)(const struct firmware *fw, void *context));
extern int request_firmware_direct(const struct firmware **fw, const char *name, struct device *device);
extern void release_firmware(const struct firmware *fw);

#endif /* _WHOOP_LINUX_FIRMWARE_H */
