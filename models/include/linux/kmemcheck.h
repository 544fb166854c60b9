/* whoop model: linux/kmemcheck.h - kmemcheck annotations (compiled out). */
#ifndef _WHOOP_LINUX_KMEMCHECK_H
#define _WHOOP_LINUX_KMEMCHECK_H

#include <linux/types.h>

#define kmemcheck_bitfield_begin(name)
#define kmemcheck_bitfield_end(name)
#define kmemcheck_annotate_bitfield(ptr, name) do { } while (0)
#define kmemcheck_annotate_variable(var) do { } while (0)

#endif /* _WHOOP_LINUX_KMEMCHECK_H */
