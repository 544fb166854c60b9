/* whoop model: linux/proc_fs.h - /proc entries (4.0 registers a file_operations table). */
#ifndef _WHOOP_LINUX_PROC_FS_H
#define _WHOOP_LINUX_PROC_FS_H

#include <linux/types.h>
#include <linux/fs.h>

struct proc_dir_entry;

/* Registration calls keep their kernel names (rule 1). */
extern void proc_root_init(void);
extern void proc_flush_task(struct task_struct *);
extern struct proc_dir_entry *proc_symlink(const char *, struct proc_dir_entry *, const char *);
extern struct proc_dir_entry *proc_mkdir(const char *, struct proc_dir_entry *);
extern struct proc_dir_entry *proc_mkdir_data(const char *, umode_t, struct proc_dir_entry *, void *);
extern struct proc_dir_entry *proc_mkdir_mode(const char *, umode_t, struct proc_dir_entry *);
extern struct proc_dir_entry *proc_create_data(const char *, umode_t, struct proc_dir_entry *,
					       const struct file_operations *, void *);
extern struct proc_dir_entry *proc_create(const char *name, umode_t mode, struct proc_dir_entry *parent,
					  const struct file_operations *proc_fops);
extern void proc_set_size(struct proc_dir_entry *, loff_t);
extern void proc_set_user(struct proc_dir_entry *, kuid_t, kgid_t);
extern void *PDE_DATA(const struct inode *);
extern void *proc_get_parent_data(const struct inode *);
extern void proc_remove(struct proc_dir_entry *);
extern void remove_proc_entry(const char *, struct proc_dir_entry *);
extern int remove_proc_subtree(const char *, struct proc_dir_entry *);

/*
 * The read_proc interface was removed in 3.10; older drivers (ds1286,
 * efirtc) still register through it.
 */
typedef int (read_proc_t)(char *page, char **start, off_t off, int count, int *eof, void *data);
typedef int (write_proc_t)(struct file *file, const char __user *buffer, unsigned long count, void *data);
extern struct proc_dir_entry *create_proc_read_entry(const char *name, umode_t mode,
						     struct proc_dir_entry *base, read_proc_t *read_proc,
						     void *data);
extern struct proc_dir_entry *create_proc_entry(const char *name, umode_t mode, struct proc_dir_entry *parent);

#endif /* _WHOOP_LINUX_PROC_FS_H */
