// config: no-assume local-types
// Entry points by escape: a driver function the kernel can reach through
// a struct or memory that escapes is an entry point, whatever the struct's
// type (here the driver's own: the local-types assumption is dropped, see
// local.c), its role guessed from the field name. A function-pointer table
// that never escapes stays the driver's own.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/interrupt.h>

/* A driver-defined ops struct registered through a function whoop's
 * tables do not know. */
struct foo_ops {
	int (*open)(int);
	void (*remove)(int);
};

static int e_open(int x) // want entry "entry foo_ops.open var=e_ops guessed"
{
	return x;
}

static void e_remove(int x) // want entry "exit foo_ops.remove var=e_ops guessed"
{
}

static struct foo_ops e_ops = { .open = e_open, .remove = e_remove };

extern int foo_register(struct foo_ops *ops);

/* Stored into memory an entry point's parameter reaches. */
struct bar_ops {
	void (*poke)(void);
};

static void b_poke(void) // want entry "entry bar_ops.poke var=b_ops guessed"
{
}

static struct bar_ops b_ops = { .poke = b_poke };

static int b_open(struct inode *inode, struct file *file) // want entry "entry file_operations.open var=b_fops"
{
	file->private_data = &b_ops;
	return 0;
}

static const struct file_operations b_fops = { .open = b_open };

/* A callback passed directly to unknown functions, twice: one entry
 * point. */
extern void register_thing(void (*cb)(unsigned long));
extern void unregister_thing(void (*cb)(unsigned long));

static void c_cb(unsigned long data) // want entry "entry register_thing.arg1 guessed"
{
}

/* A driver struct allocated by the driver, filled with a callback and
 * handed to an unknown function. */
struct baz {
	int state;
	void (*notify)(struct baz *);
};

static void z_notify(struct baz *z) // want entry "entry baz.notify guessed"
{
}

extern int baz_attach(struct baz *z);

/* Internal dispatch: tables, a selected pointer and a function-pointer
 * variable that never leave the driver. */
struct calc {
	int (*op)(int);
};

static int d_double(int x)
{
	return 2 * x;
}

static int d_square(int x)
{
	return x * x;
}

static const struct calc d_tables[] = { { .op = d_double }, { .op = d_square } };
static const struct calc *d_cur = &d_tables[0];
static int (*d_hook)(int);

static long d_ioctl(struct file *file, unsigned int cmd, unsigned long arg) // want entry "entry file_operations.unlocked_ioctl var=d_fops"
{
	const struct calc *c = cmd ? &d_tables[1] : d_cur;

	d_hook = d_square;
	return c->op((int)arg) + d_hook(1);
}

static const struct file_operations d_fops = { .unlocked_ioctl = d_ioctl };

/* A handler a registration loads from the driver's own table keeps its
 * role. */
struct hw_desc {
	irq_handler_t handler;
};

static irqreturn_t t_irq(int irq, void *dev) // want entry "irq request_irq.handler"
{
	return IRQ_HANDLED;
}

static const struct hw_desc t_desc = { .handler = t_irq };

/* The driver's own struct handed to a function the tables know (as the
 * interrupt's dev_id) escapes as well. */
struct q_state {
	void (*on_event)(int);
};

static void q_event(int code) // want entry "entry q_state.on_event var=q_dev guessed"
{
}

static struct q_state q_dev = { .on_event = q_event };

/* A copy of a table (a large array, copied as a whole) that escapes: the
 * table's functions escape, though the table itself does not. */
struct many {
	void (*fn[20])(void);
};

static void m_fn(void) // want entry "entry escape guessed"
{
}

static const struct many m_table = { .fn[3] = m_fn };

extern void many_register(struct many *m);

static void m_setup(void)
{
	static struct many copy;

	copy = m_table;
	many_register(&copy);
}

/* What the kernel stores into an object that escaped is the kernel's: a
 * function stored through it escapes. */
struct slot {
	void (*fire)(void);
};

struct hub {
	struct slot *slot;
};

static struct hub h_hub;

extern int hub_register(struct hub *h);

static void h_fire(void) // want entry "entry slot.fire guessed"
{
}

static void h_setup(void)
{
	if (hub_register(&h_hub) == 0)
		h_hub.slot->fire = h_fire;
}

/* A function-pointer variable whose address the kernel keeps. */
static void (*k_hook)(int);

extern void hook_register(void (**hook)(int));

static void k_cb(int v) // want entry "entry global var=k_hook guessed"
{
}

static int e_init(void) // want entry "init module_init"
{
	struct baz *z = kzalloc(sizeof(*z), GFP_KERNEL);

	m_setup();
	h_setup();
	k_hook = k_cb;
	hook_register(&k_hook);

	if (request_irq(3, t_desc.handler, 0, "t", &q_dev))
		return -EBUSY;

	if (!z)
		return -ENOMEM;
	z->notify = z_notify;
	baz_attach(z);
	register_thing(c_cb);
	register_chrdev(0, "b", &b_fops);
	register_chrdev(0, "d", &d_fops);
	return foo_register(&e_ops);
}

static void e_exit(void) // want entry "exit module_exit"
{
	unregister_thing(c_cb);
}

module_init(e_init);
module_exit(e_exit);

/* Non-static functions and globals: other files may use them only when
 * the static-linkage assumption is dropped (linkage.c). */
struct ext_ops {
	void (*hit)(void);
};

static void x_hit(void)
{
}

struct ext_ops x_ops = { .hit = x_hit };

int x_exported(int v)
{
	return v + 1;
}
