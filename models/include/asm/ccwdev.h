/* whoop model: asm/ccwdev.h - s390 CCW devices (opaque to drivers of the 3270 views). */
#ifndef _WHOOP_ASM_CCWDEV_H
#define _WHOOP_ASM_CCWDEV_H

#include <linux/device.h>
#include <asm/cio.h>

struct ccw_device;

#endif
