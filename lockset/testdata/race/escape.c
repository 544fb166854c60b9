/* Entry points by escape: the driver's own ops struct, handed to a
 * function whoop's tables do not know, makes its functions callable by
 * the kernel from that call on. Init's write before the call cannot race;
 * the one after it can. A callback registered twice is one entry point. */
#include <linux/module.h>
#include <linux/spinlock.h>

struct foo_ops {
	void (*poke)(void);
};

static int count, hits;
static DEFINE_SPINLOCK(count_lock);

static void f_poke(void)
{
	spin_lock(&count_lock);
	count++;
	spin_unlock(&count_lock);
	hits++; // want "write hits by f_poke races with (read|write) hits by (f_poke|f_init|f_cb)" "read hits by f_poke races with write hits by (f_poke|f_init|f_cb)"
}

static struct foo_ops f_ops = { .poke = f_poke };

extern int foo_register(struct foo_ops *ops);
extern void register_thing(void (*cb)(unsigned long));
extern void unregister_thing(void (*cb)(unsigned long));

static void f_cb(unsigned long data)
{
	hits = 0; // want "write hits by f_cb races with (read|write) hits by (f_poke|f_init|f_cb)"
}

static int __init f_init(void)
{
	count = 0;
	hits = 0;
	if (foo_register(&f_ops))
		return -ENODEV;
	register_thing(f_cb);
	hits = 1; // want "write hits by f_init races with (read|write) hits by (f_poke|f_cb)"
	spin_lock(&count_lock);
	count = 1;
	spin_unlock(&count_lock);
	return 0;
}

static void __exit f_exit(void)
{
	unregister_thing(f_cb);
}

module_init(f_init);
module_exit(f_exit);
MODULE_LICENSE("GPL");
