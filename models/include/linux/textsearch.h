/* whoop model: linux/textsearch.h - text search state (opaque). */
#ifndef _WHOOP_LINUX_TEXTSEARCH_H
#define _WHOOP_LINUX_TEXTSEARCH_H

#include <linux/types.h>

struct ts_config;

struct ts_state {
	unsigned int offset;
	char cb[40];
};

#endif /* _WHOOP_LINUX_TEXTSEARCH_H */
