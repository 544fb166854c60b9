// htons() of a constant in a case label, as r8169_main.c and netdevice.h
// switch on a protocol: cc/v4 cannot fold __builtin_bswap16 in a constant
// expression, so the tree-mode rewrite (frontend/kernel_rewrite.go) takes
// swab.h's constant fallback. The value must still be the swapped one.
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/if_ether.h>
#include <asm/byteorder.h>

static int ipv6, other;

static ssize_t h_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	switch (htons((u16)n)) {
	case htons(ETH_P_IPV6):
		ipv6++; // want "race"
		break;
	case htons(0x1234):
		if (htons(0x1234) != 0x3412)
			other++; // unreachable: the swapped constant is 0x3412
		break;
	}
	return 0;
}

static const struct file_operations h_fops = { .owner = THIS_MODULE, .read = h_read };
static struct miscdevice h_misc = { .minor = MISC_DYNAMIC_MINOR, .name = "h", .fops = &h_fops };
module_misc_device(h_misc);
MODULE_LICENSE("GPL");
