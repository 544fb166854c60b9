/*
 * breadth/tty_ttyw.c - a software tty driver with a tty_port per line and a
 * timer that pushes characters back (tty_operations, tty_flip).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_flip.h>
#include <linux/mutex.h>

#define TTYW_MINORS 4
#define TTYW_DELAY (HZ * 2)

struct ttyw_serial {
	struct tty_port port;
	struct mutex mutex;
	struct timer_list timer;
	int open_count;
	unsigned int written;
};

static struct ttyw_serial ttyw_table[TTYW_MINORS];
static struct tty_driver *ttyw_driver;

static void ttyw_timer(unsigned long data)
{
	struct ttyw_serial *ttyw = (struct ttyw_serial *)data;

	tty_insert_flip_char(&ttyw->port, 't', TTY_NORMAL);
	tty_flip_buffer_push(&ttyw->port);
	mod_timer(&ttyw->timer, jiffies + TTYW_DELAY);
}

static int ttyw_open(struct tty_struct *tty, struct file *file)
{
	struct ttyw_serial *ttyw = &ttyw_table[tty->index];

	tty->driver_data = ttyw;
	mutex_lock(&ttyw->mutex);
	if (++ttyw->open_count == 1)
		mod_timer(&ttyw->timer, jiffies + TTYW_DELAY);
	mutex_unlock(&ttyw->mutex);
	return tty_port_open(&ttyw->port, tty, file);
}

static void ttyw_close(struct tty_struct *tty, struct file *file)
{
	struct ttyw_serial *ttyw = tty->driver_data;

	mutex_lock(&ttyw->mutex);
	if (--ttyw->open_count == 0)
		del_timer(&ttyw->timer);
	mutex_unlock(&ttyw->mutex);
	tty_port_close(&ttyw->port, tty, file);
}

static int ttyw_write(struct tty_struct *tty, const unsigned char *buffer, int count)
{
	struct ttyw_serial *ttyw = tty->driver_data;

	mutex_lock(&ttyw->mutex);
	ttyw->written += count;
	mutex_unlock(&ttyw->mutex);
	return count;
}

static int ttyw_write_room(struct tty_struct *tty)
{
	return 255;
}

static void ttyw_set_termios(struct tty_struct *tty, struct ktermios *old)
{
	if (old && tty->termios.c_cflag == old->c_cflag)
		return;
	pr_debug("ttyw: baud %u\n", tty_get_baud_rate(tty));
}

static const struct tty_operations ttyw_ops = {
	.open = ttyw_open,
	.close = ttyw_close,
	.write = ttyw_write,
	.write_room = ttyw_write_room,
	.set_termios = ttyw_set_termios,
};

static const struct tty_port_operations ttyw_port_ops = {
};

static int __init ttyw_init(void)
{
	int i, retval;

	ttyw_driver = alloc_tty_driver(TTYW_MINORS);
	if (!ttyw_driver)
		return -ENOMEM;
	ttyw_driver->owner = THIS_MODULE;
	ttyw_driver->driver_name = "ttyw";
	ttyw_driver->name = "ttyw";
	ttyw_driver->type = TTY_DRIVER_TYPE_SERIAL;
	ttyw_driver->subtype = SERIAL_TYPE_NORMAL;
	ttyw_driver->flags = TTY_DRIVER_REAL_RAW | TTY_DRIVER_DYNAMIC_DEV;
	ttyw_driver->init_termios = tty_std_termios;
	ttyw_driver->init_termios.c_cflag = B9600 | CS8 | CREAD | HUPCL | CLOCAL;
	tty_set_operations(ttyw_driver, &ttyw_ops);
	for (i = 0; i < TTYW_MINORS; i++) {
		tty_port_init(&ttyw_table[i].port);
		ttyw_table[i].port.ops = &ttyw_port_ops;
		mutex_init(&ttyw_table[i].mutex);
		setup_timer(&ttyw_table[i].timer, ttyw_timer, (unsigned long)&ttyw_table[i]);
		tty_port_link_device(&ttyw_table[i].port, ttyw_driver, i);
	}
	retval = tty_register_driver(ttyw_driver);
	if (retval) {
		put_tty_driver(ttyw_driver);
		return retval;
	}
	return 0;
}

static void __exit ttyw_exit(void)
{
	int i;

	for (i = 0; i < TTYW_MINORS; i++) {
		del_timer_sync(&ttyw_table[i].timer);
		tty_port_destroy(&ttyw_table[i].port);
	}
	tty_unregister_driver(ttyw_driver);
	put_tty_driver(ttyw_driver);
}

module_init(ttyw_init);
module_exit(ttyw_exit);
MODULE_LICENSE("GPL");
