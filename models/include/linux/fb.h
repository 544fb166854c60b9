/* whoop model: linux/fb.h - frame buffer devices (only what other headers reference). */
#ifndef _WHOOP_LINUX_FB_H
#define _WHOOP_LINUX_FB_H

#include <linux/types.h>
#include <linux/device.h>

#define FB_BLANK_UNBLANK 0
#define FB_BLANK_NORMAL 1
#define FB_BLANK_VSYNC_SUSPEND 2
#define FB_BLANK_HSYNC_SUSPEND 3
#define FB_BLANK_POWERDOWN 4

struct fb_info {
	atomic_t count;
	int node;
	int flags;
	struct mutex lock;
	struct device *device;
	struct device *dev;
	char __iomem *screen_base;
	unsigned long screen_size;
	void *par;
};

#endif /* _WHOOP_LINUX_FB_H */
