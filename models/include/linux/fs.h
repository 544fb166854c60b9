/* whoop model: linux/fs.h - struct file, inode, file_operations, block_device, chrdev registration. */
#ifndef _WHOOP_LINUX_FS_H
#define _WHOOP_LINUX_FS_H

#include <linux/linkage.h>
#include <linux/wait.h>
#include <linux/kdev_t.h>
#include <linux/dcache.h>
#include <linux/path.h>
#include <linux/stat.h>
#include <linux/cache.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/rbtree.h>
#include <linux/init.h>
#include <linux/pid.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/capability.h>
#include <linux/semaphore.h>
#include <linux/uidgid.h>
#include <linux/err.h>
#include <linux/uio.h>
#include <linux/ioctl.h>
#include <linux/fcntl.h>
#include <linux/blk_types.h>
#include <asm/byteorder.h>

struct export_operations;
struct hd_geometry;
struct iovec;
struct kiocb;
struct kobject;
struct pipe_inode_info;
struct poll_table_struct;
struct kstatfs;
struct vm_area_struct;
struct vfsmount;
struct cred;
struct swap_info_struct;
struct seq_file;
struct workqueue_struct;
struct iov_iter;
struct dir_context;
struct file_lock;
struct backing_dev_info;
struct cdev;
struct gendisk;
struct hd_struct;
struct request_queue;
struct super_block;
struct module;

#define BLOCK_SIZE_BITS 10
#define BLOCK_SIZE (1 << BLOCK_SIZE_BITS)

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define SEEK_DATA 3
#define SEEK_HOLE 4
#define SEEK_MAX SEEK_HOLE

#define MAY_EXEC 0x00000001
#define MAY_WRITE 0x00000002
#define MAY_READ 0x00000004
#define MAY_APPEND 0x00000008
#define MAY_ACCESS 0x00000010
#define MAY_OPEN 0x00000020

#define FMODE_READ ((fmode_t)0x1)
#define FMODE_WRITE ((fmode_t)0x2)
#define FMODE_LSEEK ((fmode_t)0x4)
#define FMODE_PREAD ((fmode_t)0x8)
#define FMODE_PWRITE ((fmode_t)0x10)
#define FMODE_EXEC ((fmode_t)0x20)
#define FMODE_NDELAY ((fmode_t)0x40)
#define FMODE_EXCL ((fmode_t)0x80)
#define FMODE_WRITE_IOCTL ((fmode_t)0x100)
#define FMODE_32BITHASH ((fmode_t)0x200)
#define FMODE_64BITHASH ((fmode_t)0x400)
#define FMODE_NOCMTIME ((fmode_t)0x800)
#define FMODE_RANDOM ((fmode_t)0x1000)
#define FMODE_UNSIGNED_OFFSET ((fmode_t)0x2000)
#define FMODE_PATH ((fmode_t)0x4000)
#define FMODE_ATOMIC_POS ((fmode_t)0x8000)
#define FMODE_WRITER ((fmode_t)0x10000)
#define FMODE_CAN_READ ((fmode_t)0x20000)
#define FMODE_CAN_WRITE ((fmode_t)0x40000)
#define FMODE_NONOTIFY ((fmode_t)0x4000000)

#define RW_MASK REQ_WRITE
#define RWA_MASK REQ_RAHEAD
#define READ 0
#define WRITE RW_MASK
#define READA RWA_MASK

#define CHRDEV_MAJOR_HASH_SIZE 255
#define BLKDEV_MAJOR_HASH_SIZE 255

#define NR_FILE 8192
#define MAX_LFS_FILESIZE ((loff_t)0x7fffffffffffffffLL)

#define ATTR_MODE (1 << 0)
#define ATTR_UID (1 << 1)
#define ATTR_GID (1 << 2)
#define ATTR_SIZE (1 << 3)

typedef void *fl_owner_t;

struct iattr {
	unsigned int ia_valid;
	umode_t ia_mode;
	kuid_t ia_uid;
	kgid_t ia_gid;
	loff_t ia_size;
	struct timespec ia_atime;
	struct timespec ia_mtime;
	struct timespec ia_ctime;
	struct file *ia_file;
};

struct address_space_operations;

struct address_space {
	struct inode *host;
	spinlock_t tree_lock;
	atomic_t i_mmap_writable;
	struct rb_root i_mmap;
	unsigned long nrpages;
	unsigned long writeback_index;
	const struct address_space_operations *a_ops;
	unsigned long flags;
	struct backing_dev_info *backing_dev_info;
	spinlock_t private_lock;
	struct list_head private_list;
	void *private_data;
};

struct block_device {
	dev_t bd_dev;
	int bd_openers;
	struct inode *bd_inode;
	struct super_block *bd_super;
	struct mutex bd_mutex;
	struct list_head bd_inodes;
	void *bd_claiming;
	void *bd_holder;
	int bd_holders;
	bool bd_write_holder;
	struct block_device *bd_contains;
	unsigned bd_block_size;
	struct hd_struct *bd_part;
	unsigned bd_part_count;
	int bd_invalidated;
	struct gendisk *bd_disk;
	struct request_queue *bd_queue;
	struct list_head bd_list;
	unsigned long bd_private;
	int bd_fsfreeze_count;
	struct mutex bd_fsfreeze_mutex;
};

struct inode_operations;

struct inode {
	umode_t i_mode;
	unsigned short i_opflags;
	kuid_t i_uid;
	kgid_t i_gid;
	unsigned int i_flags;
	const struct inode_operations *i_op;
	struct super_block *i_sb;
	struct address_space *i_mapping;
	void *i_security;
	unsigned long i_ino;
	union {
		const unsigned int i_nlink;
		unsigned int __i_nlink;
	};
	dev_t i_rdev;
	loff_t i_size;
	struct timespec i_atime;
	struct timespec i_mtime;
	struct timespec i_ctime;
	spinlock_t i_lock;
	unsigned short i_bytes;
	unsigned int i_blkbits;
	blkcnt_t i_blocks;
	unsigned long i_state;
	struct mutex i_mutex;
	unsigned long dirtied_when;
	struct hlist_node i_hash;
	struct list_head i_wb_list;
	struct list_head i_lru;
	struct list_head i_sb_list;
	u64 i_version;
	atomic_t i_count;
	atomic_t i_dio_count;
	atomic_t i_writecount;
	const struct file_operations *i_fop;
	struct address_space i_data;
	struct list_head i_devices;
	union {
		struct pipe_inode_info *i_pipe;
		struct block_device *i_bdev;
		struct cdev *i_cdev;
	};
	__u32 i_generation;
	void *i_private;
};

static inline unsigned iminor(const struct inode *inode)
{
	return MINOR(inode->i_rdev);
}

static inline unsigned imajor(const struct inode *inode)
{
	return MAJOR(inode->i_rdev);
}

struct fown_struct {
	rwlock_t lock;
	struct pid *pid;
	enum pid_type pid_type;
	kuid_t uid, euid;
	int signum;
};

struct file_ra_state {
	unsigned long start;
	unsigned int size;
	unsigned int async_size;
	unsigned int ra_pages;
	unsigned int mmap_miss;
	loff_t prev_pos;
};

struct file {
	union {
		struct llist_node fu_llist;
		struct rcu_head fu_rcuhead;
	} f_u;
	struct path f_path;
#define f_dentry f_path.dentry
	struct inode *f_inode;
	const struct file_operations *f_op;
	spinlock_t f_lock;
	atomic_long_t f_count;
	unsigned int f_flags;
	fmode_t f_mode;
	struct mutex f_pos_lock;
	loff_t f_pos;
	struct fown_struct f_owner;
	const struct cred *f_cred;
	struct file_ra_state f_ra;
	u64 f_version;
	void *f_security;
	void *private_data;
	struct list_head f_ep_links;
	struct list_head f_tfile_llink;
	struct address_space *f_mapping;
} __attribute__((aligned(4)));

static inline struct inode *file_inode(const struct file *f)
{
	return f->f_inode;
}

struct fasync_struct {
	spinlock_t fa_lock;
	int magic;
	int fa_fd;
	struct fasync_struct *fa_next;
	struct file *fa_file;
	struct rcu_head fa_rcu;
};

#define FASYNC_MAGIC 0x4601

struct kiocb {
	struct file *ki_filp;
	loff_t ki_pos;
	void (*ki_complete)(struct kiocb *iocb, long ret, long ret2);
	void *private;
	int ki_flags;
};

struct dir_context;
typedef int (*filldir_t)(struct dir_context *, const char *, int, loff_t, u64, unsigned);
struct dir_context {
	const filldir_t actor;
	loff_t pos;
};

struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	ssize_t (*aio_read)(struct kiocb *, const struct iovec *, unsigned long, loff_t);
	ssize_t (*aio_write)(struct kiocb *, const struct iovec *, unsigned long, loff_t);
	ssize_t (*read_iter)(struct kiocb *, struct iov_iter *);
	ssize_t (*write_iter)(struct kiocb *, struct iov_iter *);
	int (*iterate)(struct file *, struct dir_context *);
	unsigned int (*poll)(struct file *, struct poll_table_struct *);
	/*
	 * The BKL-era ioctl entry was removed in 2.6.36; 4.0 has only
	 * unlocked_ioctl. Kept so older drivers (ds1286, efirtc) still parse.
	 */
	int (*ioctl)(struct inode *, struct file *, unsigned int, unsigned long);
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
	long (*compat_ioctl)(struct file *, unsigned int, unsigned long);
	int (*mmap)(struct file *, struct vm_area_struct *);
	void (*mremap)(struct file *, struct vm_area_struct *);
	int (*open)(struct inode *, struct file *);
	int (*flush)(struct file *, fl_owner_t id);
	int (*release)(struct inode *, struct file *);
	int (*fsync)(struct file *, loff_t, loff_t, int datasync);
	int (*aio_fsync)(struct kiocb *, int datasync);
	int (*fasync)(int, struct file *, int);
	int (*lock)(struct file *, int, struct file_lock *);
	ssize_t (*sendpage)(struct file *, struct page *, int, size_t, loff_t *, int);
	unsigned long (*get_unmapped_area)(struct file *, unsigned long, unsigned long, unsigned long,
					   unsigned long);
	int (*check_flags)(int);
	int (*flock)(struct file *, int, struct file_lock *);
	ssize_t (*splice_write)(struct pipe_inode_info *, struct file *, loff_t *, size_t, unsigned int);
	ssize_t (*splice_read)(struct file *, loff_t *, struct pipe_inode_info *, size_t, unsigned int);
	int (*setlease)(struct file *, long, struct file_lock **, void **);
	long (*fallocate)(struct file *file, int mode, loff_t offset, loff_t len);
	void (*show_fdinfo)(struct seq_file *m, struct file *f);
};

struct inode_operations {
	struct dentry *(*lookup)(struct inode *, struct dentry *, unsigned int);
	int (*permission)(struct inode *, int);
	int (*create)(struct inode *, struct dentry *, umode_t, bool);
	int (*unlink)(struct inode *, struct dentry *);
	int (*mkdir)(struct inode *, struct dentry *, umode_t);
	int (*rmdir)(struct inode *, struct dentry *);
	int (*setattr)(struct dentry *, struct iattr *);
	int (*getattr)(struct vfsmount *mnt, struct dentry *, struct kstat *);
};

#define fops_get(fops) (((fops) && try_module_get((fops)->owner) ? (fops) : NULL))
#define fops_put(fops) do { if (fops) module_put((fops)->owner); } while (0)
#define replace_fops(f, fops) \
	do { \
		struct file *__file = (f); \
		fops_put(__file->f_op); \
		BUG_ON(!(__file->f_op = (fops))); \
	} while (0)


/* Character and block device number registration (rule 1). */
extern int alloc_chrdev_region(dev_t *, unsigned, unsigned, const char *);
extern int register_chrdev_region(dev_t, unsigned, const char *);
extern int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
			     const char *name, const struct file_operations *fops);
extern void __unregister_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
				const char *name);
extern void unregister_chrdev_region(dev_t, unsigned);
extern int register_chrdev(unsigned int major, const char *name, const struct file_operations *fops);
extern void unregister_chrdev(unsigned int major, const char *name);
extern void chrdev_show(struct seq_file *, off_t);
extern int register_blkdev(unsigned int, const char *);
extern void unregister_blkdev(unsigned int, const char *);
extern struct block_device *bdget(dev_t);
extern void bdput(struct block_device *);
extern int check_disk_change(struct block_device *);
extern int __invalidate_device(struct block_device *, bool);
extern int invalidate_partition(struct gendisk *, int);
extern struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
extern struct block_device *blkdev_get_by_dev(dev_t dev, fmode_t mode, void *holder);
extern void blkdev_put(struct block_device *bdev, fmode_t mode);
extern const char *bdevname(struct block_device *bdev, char *buffer);
extern int set_blocksize(struct block_device *, int);
extern int sb_set_blocksize(struct super_block *, int);
extern void bd_set_size(struct block_device *, loff_t size);
#define BDEVNAME_SIZE 32

extern int nonseekable_open(struct inode *inode, struct file *filp);
extern loff_t no_llseek(struct file *file, loff_t offset, int whence);
extern loff_t noop_llseek(struct file *file, loff_t offset, int whence);
extern loff_t vfs_llseek(struct file *file, loff_t offset, int whence);
extern loff_t default_llseek(struct file *file, loff_t offset, int whence);
extern loff_t generic_file_llseek(struct file *file, loff_t offset, int whence);
extern loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence, loff_t maxsize,
				       loff_t eof);
extern loff_t fixed_size_llseek(struct file *file, loff_t offset, int whence, loff_t size);
extern int generic_file_open(struct inode *inode, struct file *filp);
extern int simple_open(struct inode *inode, struct file *file);
extern ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos, const void *from,
				       size_t available);
extern ssize_t simple_write_to_buffer(void *to, size_t available, loff_t *ppos, const void __user *from,
				      size_t count);
extern int noop_fsync(struct file *, loff_t, loff_t, int);

extern int fasync_helper(int, struct file *, int, struct fasync_struct **);
extern struct fasync_struct *fasync_insert_entry(int, struct file *, struct fasync_struct **,
						 struct fasync_struct *);
extern int fasync_remove_entry(struct file *, struct fasync_struct **);
extern void kill_fasync(struct fasync_struct **, int, int);
extern int f_setown(struct file *filp, unsigned long arg, int force);
extern void f_delown(struct file *filp);

extern struct file *filp_open(const char *, int, umode_t);
extern int filp_close(struct file *, fl_owner_t id);
extern struct file *fget(unsigned int fd);
extern void fput(struct file *);
extern ssize_t kernel_read(struct file *, loff_t, char *, unsigned long);
extern ssize_t kernel_write(struct file *, const char *, size_t, loff_t);
extern ssize_t vfs_read(struct file *, char __user *, size_t, loff_t *);
extern ssize_t vfs_write(struct file *, const char __user *, size_t, loff_t *);
extern int vfs_fsync(struct file *file, int datasync);
extern char *file_path(struct file *, char *, int);

extern struct inode *new_inode(struct super_block *sb);
extern void iput(struct inode *);
extern struct inode *igrab(struct inode *);
extern void init_special_inode(struct inode *, umode_t, dev_t);
extern unsigned int get_next_ino(void);
extern struct timespec current_fs_time(struct super_block *sb);

static inline loff_t i_size_read(const struct inode *inode)
{
	return inode->i_size;
}

static inline void i_size_write(struct inode *inode, loff_t i_size)
{
	inode->i_size = i_size;
}

extern struct super_block *get_super(struct block_device *);
extern void drop_super(struct super_block *sb);
extern int fsync_bdev(struct block_device *);

#endif /* _WHOOP_LINUX_FS_H */
