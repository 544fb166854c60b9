/* whoop model: linux/cdev.h - character device objects (registration, rule 1). */
#ifndef _WHOOP_LINUX_CDEV_H
#define _WHOOP_LINUX_CDEV_H

#include <linux/kobject.h>
#include <linux/kdev_t.h>
#include <linux/list.h>

struct file_operations;
struct inode;
struct module;

struct cdev {
	struct kobject kobj;
	struct module *owner;
	const struct file_operations *ops;
	struct list_head list;
	dev_t dev;
	unsigned int count;
};

extern void cdev_init(struct cdev *, const struct file_operations *);
extern struct cdev *cdev_alloc(void);
extern void cdev_put(struct cdev *p);
extern int cdev_add(struct cdev *, dev_t, unsigned);
extern void cdev_del(struct cdev *);
extern void cd_forget(struct inode *);

#endif /* _WHOOP_LINUX_CDEV_H */
