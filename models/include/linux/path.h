/* whoop model: linux/path.h - a mount and dentry pair. */
#ifndef _WHOOP_LINUX_PATH_H
#define _WHOOP_LINUX_PATH_H

struct dentry;
struct vfsmount;

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};

extern void path_get(const struct path *);
extern void path_put(const struct path *);

#endif /* _WHOOP_LINUX_PATH_H */
