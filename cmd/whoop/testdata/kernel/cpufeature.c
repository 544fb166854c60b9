// static_cpu_has() as the overlay reads it (models/overlay/asm/cpufeature.h):
// boot_cpu_has(), the same answer without the asm goto of alternatives.
// The config's masks still fold: a feature every x86-64 has (SSE2, in
// REQUIRED_MASK) makes the other branch dead, one x86-64 never has (VME, in
// DISABLED_MASK) makes its own dead, and any other is a run-time answer
// with both branches live.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <asm/cpufeature.h>

static int cf_sse2, cf_no_sse2, cf_vme, cf_pku, cf_no_pku;

static ssize_t cf_write(struct file *file, const char __user *buf, size_t n, loff_t *ppos)
{
	if (static_cpu_has(X86_FEATURE_XMM2))
		cf_sse2++; // want "race"
	else
		cf_no_sse2++; // dead: SSE2 is required
	if (cpu_feature_enabled(X86_FEATURE_VME))
		cf_vme++; // dead: VME is disabled on x86-64
	if (cpu_feature_enabled(X86_FEATURE_PKU))
		cf_pku++; // want "race"
	else
		cf_no_pku++; // want "race"
	return n;
}

static const struct file_operations cf_fops = {
	.owner = THIS_MODULE,
	.write = cf_write,
};

static struct miscdevice cf_misc = { MISC_DYNAMIC_MINOR, "cf", &cf_fops };

module_misc_device(cf_misc);
MODULE_LICENSE("GPL");
