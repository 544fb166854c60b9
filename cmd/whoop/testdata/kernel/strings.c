// The 6.12 spellings of the string helpers: strscpy() is a macro over
// sized_strscpy(), which fortify-string.h defines inline over the
// out-of-line __real_strscpy (an asm label of sized_strscpy); strlcat,
// strnlen and kmemdup go the same way. Each writes or reads its buffers as
// the models' strscpy, strlcat, strnlen and kmemdup rows say. The searches
// (strchr, memchr, sysfs_streq) read, memzero_explicit writes: out of line
// and without a row, each touched nothing (the kernel-calls assumption).
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/string.h>
#include <linux/slab.h>

static char st_name[16];
static char st_path[32];
static char st_seen[8];
static char st_key[8];

static ssize_t st_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	char local[16] = "dev";

	strscpy(st_name, local, sizeof(st_name)); // want "race"
	strlcat(st_path, local, sizeof(st_path)); // want "race"
	memzero_explicit(st_key, sizeof(st_key)); // want "race"
	return n;
}

static ssize_t st_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	char *copy;
	size_t len;

	st_seen[0] = 1; // want "race"
	len = strnlen(st_name, sizeof(st_name)); // want "race"
	copy = kmemdup(st_path, sizeof(st_path), GFP_KERNEL); // want "race"
	kfree(copy);
	if (memchr(st_key, 0, sizeof(st_key))) // want "race"
		len++;
	return len;
}

static const struct file_operations st_fops = {
	.owner = THIS_MODULE,
	.write = st_write,
	.read = st_read,
};

static struct miscdevice st_misc = { MISC_DYNAMIC_MINOR, "st", &st_fops };

module_misc_device(st_misc);
MODULE_LICENSE("GPL");
