/* whoop model: linux/fwnode.h - firmware node handles. */
#ifndef _WHOOP_LINUX_FWNODE_H
#define _WHOOP_LINUX_FWNODE_H

enum fwnode_type {
	FWNODE_INVALID = 0,
	FWNODE_OF,
	FWNODE_ACPI,
};

struct fwnode_handle {
	enum fwnode_type type;
};

#endif /* _WHOOP_LINUX_FWNODE_H */
