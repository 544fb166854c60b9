/* Callbacks published by i8042_install_filter and register_nmi_handler
 * (drivers/input/serio/i8042.c, arch/x86/kernel/nmi.c). What probe sets
 * up before the call races with neither callback; what it writes after
 * races (sl_mode, nmi_timeout). The filter runs only under i8042_lock, so
 * its own read-modify-write of sl_extended races with no other filter
 * call; the NMI handler may run on several CPUs at once, so its counter
 * races with itself. The withdrawals wait: remove's writes after them
 * race with nothing. */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct serio;
struct pt_regs;
int i8042_install_filter(bool (*filter)(unsigned char data, unsigned char str, struct serio *serio));
int i8042_remove_filter(bool (*filter)(unsigned char data, unsigned char str, struct serio *serio));

typedef int (*nmi_handler_t)(unsigned int, struct pt_regs *);
struct nmiaction {
	nmi_handler_t handler;
	unsigned long flags;
	const char *name;
};
int __register_nmi_handler(unsigned int, struct nmiaction *);
void unregister_nmi_handler(unsigned int, const char *);
/* arch/x86/include/asm/nmi.h's form: a static nmiaction per call site. */
#define register_nmi_handler(t, fn, fg, n) ({ \
	static struct nmiaction fn##_na = { .handler = (fn), .name = (n), .flags = (fg) }; \
	__register_nmi_handler((t), &fn##_na); })

static int *sl_buf;
static int sl_extended, sl_mode;
static int *nmi_reg;
static int nmi_timeout, nmi_count;

static bool sl_filter(unsigned char data, unsigned char str, struct serio *port)
{
	if (sl_extended) {
		sl_extended = 0;
		sl_buf[0] = data;
		return sl_mode;  // want "read sl_mode by sl_filter races with write sl_mode by sl_probe"
	}
	if (data == 0xe0)
		sl_extended = 1;
	return false;
}

static int nmi_handler(unsigned int reason, struct pt_regs *regs)
{
	nmi_count++; // want "write nmi_count by nmi_handler races with .* nmi_count by nmi_handler"
	if (nmi_timeout) // want "read nmi_timeout by nmi_handler races with write nmi_timeout by sl_probe"
		return *nmi_reg;
	return 0;
}

static int sl_probe(struct platform_device *pdev)
{
	int err;

	sl_buf = kzalloc(16, GFP_KERNEL);
	if (!sl_buf)
		return -ENOMEM;
	nmi_reg = kzalloc(sizeof(*nmi_reg), GFP_KERNEL);
	if (!nmi_reg)
		return -ENOMEM;
	err = i8042_install_filter(sl_filter);
	if (err)
		return err;
	sl_mode = 1; // want "write sl_mode by sl_probe races with read sl_mode by sl_filter"
	err = register_nmi_handler(0, nmi_handler, 0, "sl");
	if (err)
		return err;
	nmi_timeout = 30; // want "write nmi_timeout by sl_probe races with read nmi_timeout by nmi_handler"
	return 0;
}

static int sl_remove(struct platform_device *pdev)
{
	unregister_nmi_handler(0, "sl");
	i8042_remove_filter(sl_filter);
	kfree(sl_buf);
	kfree(nmi_reg);
	sl_buf = NULL;
	nmi_reg = NULL;
	return 0;
}

static struct platform_driver sl_driver = {
	.probe = sl_probe,
	.remove = sl_remove,
	.driver = { .name = "sl" },
};
module_platform_driver(sl_driver);
MODULE_LICENSE("GPL");
