/* whoop model: linux/ioctl.h - ioctl command encoding. */
#ifndef _WHOOP_LINUX_IOCTL_H
#define _WHOOP_LINUX_IOCTL_H

#include <asm/ioctl.h>

#endif /* _WHOOP_LINUX_IOCTL_H */
