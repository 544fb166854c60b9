/* whoop model: linux/neighbour.h - neighbour table flags. */
#ifndef _WHOOP_LINUX_NEIGHBOUR_H
#define _WHOOP_LINUX_NEIGHBOUR_H

#include <linux/types.h>

#define NUD_INCOMPLETE 0x01
#define NUD_REACHABLE 0x02
#define NUD_STALE 0x04
#define NUD_DELAY 0x08
#define NUD_PROBE 0x10
#define NUD_FAILED 0x20
#define NUD_NOARP 0x40
#define NUD_PERMANENT 0x80
#define NUD_NONE 0x00

#endif /* _WHOOP_LINUX_NEIGHBOUR_H */
