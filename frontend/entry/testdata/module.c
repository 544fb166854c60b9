// Module-level entry points: module_init/module_exit, initcalls, and the
// module_driver family, whose generated functions call the registration.
#include <linux/module.h>
#include <linux/init.h>
#include <linux/platform_device.h>

static int m_probe(struct platform_device *pdev) // want entry "init platform_driver.probe var=m_driver"
{
	return 0;
}

static struct platform_driver m_driver = {
	.driver = { .name = "m" },
	.probe = m_probe,
};

module_platform_driver(m_driver); // want entry "init module_init" entry "exit module_exit"

static int m_late(void) // want entry "init initcall"
{
	return 0;
}

late_initcall(m_late);
