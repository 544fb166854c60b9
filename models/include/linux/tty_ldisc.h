/* whoop model: linux/tty_ldisc.h - line disciplines. */
#ifndef _WHOOP_LINUX_TTY_LDISC_H
#define _WHOOP_LINUX_TTY_LDISC_H

#include <linux/fs.h>
#include <linux/wait.h>
#include <linux/atomic.h>
#include <linux/termios.h>

struct tty_struct;
struct poll_table_struct;

struct tty_ldisc_ops {
	int magic;
	char *name;
	int num;
	int flags;
	int (*open)(struct tty_struct *);
	void (*close)(struct tty_struct *);
	void (*flush_buffer)(struct tty_struct *tty);
	ssize_t (*chars_in_buffer)(struct tty_struct *tty);
	ssize_t (*read)(struct tty_struct *tty, struct file *file, unsigned char __user *buf, size_t nr);
	ssize_t (*write)(struct tty_struct *tty, struct file *file, const unsigned char *buf, size_t nr);
	int (*ioctl)(struct tty_struct *tty, struct file *file, unsigned int cmd, unsigned long arg);
	long (*compat_ioctl)(struct tty_struct *tty, struct file *file, unsigned int cmd, unsigned long arg);
	void (*set_termios)(struct tty_struct *tty, struct ktermios *old);
	unsigned int (*poll)(struct tty_struct *, struct file *, struct poll_table_struct *);
	int (*hangup)(struct tty_struct *tty);
	void (*receive_buf)(struct tty_struct *, const unsigned char *cp, char *fp, int count);
	void (*write_wakeup)(struct tty_struct *);
	void (*dcd_change)(struct tty_struct *, unsigned int);
	void (*fasync)(struct tty_struct *tty, int on);
	int (*receive_buf2)(struct tty_struct *, const unsigned char *cp, char *fp, int count);
	struct module *owner;
	int refcount;
};

struct tty_ldisc {
	struct tty_ldisc_ops *ops;
	struct tty_struct *tty;
};

#define TTY_LDISC_MAGIC 0x5403
#define LDISC_FLAG_DEFINED 0x00000001
#define MODULE_ALIAS_LDISC(ldisc) extern int __whoop_modinfo_unused

#endif /* _WHOOP_LINUX_TTY_LDISC_H */
