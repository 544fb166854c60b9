/* whoop model: linux/of.h - device-tree nodes and property reads. */
#ifndef _WHOOP_LINUX_OF_H
#define _WHOOP_LINUX_OF_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/kobject.h>
#include <linux/mod_devicetable.h>
#include <linux/spinlock.h>
#include <linux/topology.h>
#include <linux/fwnode.h>

typedef u32 phandle;
typedef u32 ihandle;

struct property {
	char *name;
	int length;
	void *value;
	struct property *next;
	unsigned long _flags;
	unsigned int unique_id;
};

struct device_node {
	const char *name;
	const char *type;
	phandle phandle;
	const char *full_name;
	struct fwnode_handle fwnode;
	struct property *properties;
	struct property *deadprops;
	struct device_node *parent;
	struct device_node *child;
	struct device_node *sibling;
	struct kobject kobj;
	unsigned long _flags;
	void *data;
};

#define MAX_PHANDLE_ARGS 16
struct of_phandle_args {
	struct device_node *np;
	int args_count;
	uint32_t args[MAX_PHANDLE_ARGS];
};

extern struct device_node *of_node_get(struct device_node *node);
extern void of_node_put(struct device_node *node);
extern struct device_node *of_find_node_by_name(struct device_node *from, const char *name);
extern struct device_node *of_find_node_by_path(const char *path);
extern struct device_node *of_find_compatible_node(struct device_node *from, const char *type,
						   const char *compat);
extern struct device_node *of_get_parent(const struct device_node *node);
extern struct device_node *of_get_next_child(const struct device_node *node, struct device_node *prev);
extern struct device_node *of_get_next_available_child(const struct device_node *node,
						       struct device_node *prev);
extern struct device_node *of_get_child_by_name(const struct device_node *node, const char *name);
extern struct property *of_find_property(const struct device_node *np, const char *name, int *lenp);
extern const void *of_get_property(const struct device_node *node, const char *name, int *lenp);
extern int of_property_read_u8_array(const struct device_node *np, const char *propname, u8 *out_values, size_t sz);
extern int of_property_read_u16_array(const struct device_node *np, const char *propname, u16 *out_values, size_t sz);
extern int of_property_read_u32_array(const struct device_node *np, const char *propname, u32 *out_values, size_t sz);
extern int of_property_read_u64(const struct device_node *np, const char *propname, u64 *out_value);
extern int of_property_read_string(struct device_node *np, const char *propname, const char **out_string);
extern int of_property_match_string(struct device_node *np, const char *propname, const char *string);
extern int of_property_count_elems_of_size(const struct device_node *np, const char *propname, int elem_size);
extern int of_device_is_compatible(const struct device_node *device, const char *);
extern bool of_device_is_available(const struct device_node *device);
extern const struct of_device_id *of_match_node(const struct of_device_id *matches,
						const struct device_node *node);
extern struct device_node *of_parse_phandle(const struct device_node *np, const char *phandle_name, int index);
extern int of_parse_phandle_with_args(const struct device_node *np, const char *list_name,
				      const char *cells_name, int index, struct of_phandle_args *out_args);
extern int of_alias_get_id(struct device_node *np, const char *stem);
extern int of_machine_is_compatible(const char *compat);

static inline int of_property_read_u32(const struct device_node *np, const char *propname, u32 *out_value)
{
	return of_property_read_u32_array(np, propname, out_value, 1);
}

static inline bool of_property_read_bool(const struct device_node *np, const char *propname)
{
	struct property *prop = of_find_property(np, propname, NULL);

	return prop ? true : false;
}

#define for_each_child_of_node(parent, child) \
	for (child = of_get_next_child(parent, NULL); child != NULL; child = of_get_next_child(parent, child))
#define for_each_available_child_of_node(parent, child) \
	for (child = of_get_next_available_child(parent, NULL); child != NULL; \
	     child = of_get_next_available_child(parent, child))

static inline struct device_node *of_node(struct device_node *np)
{
	return np;
}

/* Matches are compiled in, as with CONFIG_OF. */
#define of_match_ptr(_ptr) (_ptr)

#endif /* _WHOOP_LINUX_OF_H */
