/* whoop model: linux/tty_flip.h - pushing received characters to the tty layer. */
#ifndef _WHOOP_LINUX_TTY_FLIP_H
#define _WHOOP_LINUX_TTY_FLIP_H

#include <linux/tty.h>

extern int tty_buffer_set_limit(struct tty_port *port, int limit);
extern int tty_buffer_space_avail(struct tty_port *port);
extern int tty_buffer_request_room(struct tty_port *port, size_t size);
extern int tty_insert_flip_string_flags(struct tty_port *port, const unsigned char *chars, const char *flags,
					size_t size);
extern int tty_insert_flip_string_fixed_flag(struct tty_port *port, const unsigned char *chars, char flag,
					     size_t size);
extern int tty_prepare_flip_string(struct tty_port *port, unsigned char **chars, size_t size);
extern void tty_flip_buffer_push(struct tty_port *port);
extern void tty_schedule_flip(struct tty_port *port);
/* The kernel's fast path writes the buffer directly; the call keeps the port's buffer external. */
extern int tty_insert_flip_char(struct tty_port *port, unsigned char ch, char flag);

static inline int tty_insert_flip_string(struct tty_port *port, const unsigned char *chars, size_t size)
{
	return tty_insert_flip_string_fixed_flag(port, chars, TTY_NORMAL, size);
}

extern void tty_buffer_lock_exclusive(struct tty_port *port);
extern void tty_buffer_unlock_exclusive(struct tty_port *port);

#endif /* _WHOOP_LINUX_TTY_FLIP_H */
