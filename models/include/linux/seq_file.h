/* whoop model: linux/seq_file.h - sequential file output for /proc and debugfs. */
#ifndef _WHOOP_LINUX_SEQ_FILE_H
#define _WHOOP_LINUX_SEQ_FILE_H

#include <linux/types.h>
#include <linux/string.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/cpumask.h>
#include <linux/nodemask.h>
#include <linux/fs.h>

struct seq_operations;
struct file;
struct path;
struct inode;
struct dentry;
struct user_namespace;

struct seq_file {
	char *buf;
	size_t size;
	size_t from;
	size_t count;
	size_t pad_until;
	loff_t index;
	loff_t read_pos;
	u64 version;
	struct mutex lock;
	const struct seq_operations *op;
	int poll_event;
	struct user_namespace *user_ns;
	void *private;
};

struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

#define SEQ_SKIP 1
#define SEQ_START_TOKEN ((void *)1)

extern int seq_open(struct file *, const struct seq_operations *);
extern ssize_t seq_read(struct file *, char __user *, size_t, loff_t *);
extern loff_t seq_lseek(struct file *, loff_t, int);
extern int seq_release(struct inode *, struct file *);
extern int seq_escape(struct seq_file *, const char *, const char *);
extern int seq_write(struct seq_file *seq, const void *data, size_t len);
extern int seq_putc(struct seq_file *m, char c);
extern int seq_puts(struct seq_file *m, const char *s);
extern __printf(2, 3) int seq_printf(struct seq_file *, const char *, ...);
extern __printf(2, 0) int seq_vprintf(struct seq_file *, const char *, va_list args);
extern int seq_path(struct seq_file *, const struct path *, const char *);
extern int single_open(struct file *, int (*)(struct seq_file *, void *), void *);
extern int single_open_size(struct file *, int (*)(struct seq_file *, void *), void *, size_t);
extern int single_release(struct inode *, struct file *);
extern void *__seq_open_private(struct file *, const struct seq_operations *, int);
extern int seq_open_private(struct file *, const struct seq_operations *, int);
extern int seq_release_private(struct inode *, struct file *);
extern int seq_put_decimal_ull(struct seq_file *m, char delimiter, unsigned long long num);
extern int seq_put_decimal_ll(struct seq_file *m, char delimiter, long long num);
extern void seq_hex_dump(struct seq_file *m, const char *prefix_str, int prefix_type, int rowsize,
			 int groupsize, const void *buf, size_t len, bool ascii);

extern struct list_head *seq_list_start(struct list_head *head, loff_t pos);
extern struct list_head *seq_list_start_head(struct list_head *head, loff_t pos);
extern struct list_head *seq_list_next(void *v, struct list_head *head, loff_t *ppos);

#endif /* _WHOOP_LINUX_SEQ_FILE_H */
