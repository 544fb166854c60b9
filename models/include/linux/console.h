/* whoop model: linux/console.h - kernel consoles (struct console and its registration). */
#ifndef _WHOOP_LINUX_CONSOLE_H
#define _WHOOP_LINUX_CONSOLE_H

#include <linux/types.h>

struct tty_driver;

struct console {
	char name[16];
	void (*write)(struct console *, const char *, unsigned);
	int (*read)(struct console *, char *, unsigned);
	struct tty_driver *(*device)(struct console *, int *);
	void (*unblank)(void);
	int (*setup)(struct console *, char *);
	short flags;
	short index;
	int cflag;
	void *data;
	struct console *next;
};

#define CON_PRINTBUFFER 1
#define CON_CONSDEV 2
#define CON_ENABLED 4
#define CON_BOOT 8

extern void register_console(struct console *);
extern int unregister_console(struct console *);

#endif
