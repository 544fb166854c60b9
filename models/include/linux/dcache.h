/* whoop model: linux/dcache.h - directory entries. */
#ifndef _WHOOP_LINUX_DCACHE_H
#define _WHOOP_LINUX_DCACHE_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct inode;
struct super_block;
struct path;

#define DNAME_INLINE_LEN 32

struct qstr {
	union {
		struct {
			u32 hash;
			u32 len;
		};
		u64 hash_len;
	};
	const unsigned char *name;
};

#define QSTR_INIT(n, l) { { { .len = l } }, .name = n }

struct dentry {
	unsigned int d_flags;
	struct hlist_node d_hash;
	struct dentry *d_parent;
	struct qstr d_name;
	struct inode *d_inode;
	unsigned char d_iname[DNAME_INLINE_LEN];
	spinlock_t d_lock;
	struct super_block *d_sb;
	unsigned long d_time;
	void *d_fsdata;
	struct list_head d_lru;
	struct list_head d_subdirs;
};

extern struct dentry *dget(struct dentry *dentry);
extern void dput(struct dentry *);
extern char *d_path(const struct path *, char *, int);

#endif /* _WHOOP_LINUX_DCACHE_H */
