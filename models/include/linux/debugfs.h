/* whoop model: linux/debugfs.h - debug filesystem entries. */
#ifndef _WHOOP_LINUX_DEBUGFS_H
#define _WHOOP_LINUX_DEBUGFS_H

#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/types.h>

struct debugfs_blob_wrapper {
	void *data;
	unsigned long size;
};

extern struct dentry *debugfs_create_file(const char *name, umode_t mode, struct dentry *parent, void *data,
					  const struct file_operations *fops);
extern struct dentry *debugfs_create_dir(const char *name, struct dentry *parent);
extern struct dentry *debugfs_create_symlink(const char *name, struct dentry *parent, const char *dest);
extern void debugfs_remove(struct dentry *dentry);
extern void debugfs_remove_recursive(struct dentry *dentry);
extern struct dentry *debugfs_create_u8(const char *name, umode_t mode, struct dentry *parent, u8 *value);
extern struct dentry *debugfs_create_u16(const char *name, umode_t mode, struct dentry *parent, u16 *value);
extern struct dentry *debugfs_create_u32(const char *name, umode_t mode, struct dentry *parent, u32 *value);
extern struct dentry *debugfs_create_u64(const char *name, umode_t mode, struct dentry *parent, u64 *value);
extern struct dentry *debugfs_create_x32(const char *name, umode_t mode, struct dentry *parent, u32 *value);
extern struct dentry *debugfs_create_bool(const char *name, umode_t mode, struct dentry *parent, u32 *value);
extern struct dentry *debugfs_create_blob(const char *name, umode_t mode, struct dentry *parent,
					  struct debugfs_blob_wrapper *blob);
extern bool debugfs_initialized(void);

#endif /* _WHOOP_LINUX_DEBUGFS_H */
