/* whoop model: linux/bsg.h - block SCSI generic class devices. */
#ifndef _WHOOP_LINUX_BSG_H
#define _WHOOP_LINUX_BSG_H

#include <linux/kref.h>

struct device;
struct request_queue;

struct bsg_class_device {
	struct device *class_dev;
	struct device *parent;
	int minor;
	struct request_queue *queue;
	struct kref ref;
	void (*release)(struct device *);
};

#endif /* _WHOOP_LINUX_BSG_H */
