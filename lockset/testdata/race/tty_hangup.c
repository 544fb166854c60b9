/* Caller locks of a tty driver: tty_open, tty_release and __tty_hangup
 * hold tty_lock(tty) around ->open, ->close and ->hangup, so on one tty
 * they never overlap (on two ttys they touch two objects); ->write runs
 * without it. */
#include <linux/module.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>

static int port_data;
static struct tty_driver *demo_tty;

static int demo_open(struct tty_struct *tty, struct file *filp)
{
	tty->driver_data = &port_data; // want "write tty->driver_data by demo_open races with read tty->driver_data by demo_write"
	return 0;
}

static void demo_close(struct tty_struct *tty, struct file *filp)
{
	tty->driver_data = NULL; // want "write tty->driver_data by demo_close races with read tty->driver_data by demo_write"
}

static void demo_hangup(struct tty_struct *tty)
{
	int *p = tty->driver_data;

	if (p)
		tty->driver_data = NULL; // want "write tty->driver_data by demo_hangup races with read tty->driver_data by demo_write"
}

static int demo_write(struct tty_struct *tty, const unsigned char *buf, int count)
{
	int *p = tty->driver_data; // want "read tty->driver_data by demo_write races with write tty->driver_data by demo_(open|close|hangup)"

	return p ? count : 0;
}

static const struct tty_operations demo_ops = {
	.open = demo_open,
	.close = demo_close,
	.hangup = demo_hangup,
	.write = demo_write,
};

static int __init demo_init(void)
{
	demo_tty = alloc_tty_driver(1);
	if (!demo_tty)
		return -ENOMEM;
	tty_set_operations(demo_tty, &demo_ops);
	return tty_register_driver(demo_tty);
}

static void __exit demo_exit(void)
{
	tty_unregister_driver(demo_tty);
	put_tty_driver(demo_tty);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
