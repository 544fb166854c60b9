// arch_nvram_ops' read and write get a buffer and a position of their
// caller's own call (nvram.c's misc read and write: a kmalloc'd buffer and
// the file operation's ppos; atari_scsi.c: stack locals), so *ppos is
// private to the call (fresh-params); the driver's own counter still
// races. ->initialize is the NVRAM_INIT ioctl's, an entry like the others.
#include <linux/module.h>
#include <linux/nvram.h>

static int nv_calls;
static int nv_ready;

static ssize_t nv_read(char *buf, size_t count, loff_t *ppos)
{
	nv_calls++; // want "race"
	if (*ppos >= 16)
		return 0;
	buf[0] = 0;
	*ppos += 1;
	return 1;
}

static ssize_t nv_write(char *buf, size_t count, loff_t *ppos)
{
	if (*ppos >= 16)
		return 0;
	*ppos += 1;
	return nv_ready; // want "race"
}

static long nv_initialize(void)
{
	nv_ready = 1; // want "race"
	return 0;
}

const struct nvram_ops arch_nvram_ops = {
	.read = nv_read,
	.write = nv_write,
	.initialize = nv_initialize,
};
EXPORT_SYMBOL(arch_nvram_ops);
MODULE_LICENSE("GPL");
