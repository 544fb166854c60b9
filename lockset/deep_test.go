package lockset_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/lockset"
)

// deepChain returns a driver whose accesses sit at the bottom of call
// chains depth calls deep, deeper than vc inlines: one chain runs under the
// lock taken in the entry point, one takes the lock half-way down, and one
// runs without it. Only the last races, and its report names the access.
func deepChain(depth int) string {
	var b strings.Builder
	b.WriteString(`#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int locked_total, inner_total, unsafe_total;

static void locked0(void) { locked_total++; }
static void inner0(void) { inner_total++; }
static void unsafe0(void) { unsafe_total++; } // want "(read|write) unsafe_total by dev_ioctl races with (read|write) unsafe_total by dev_ioctl"
`)
	for i := 1; i < depth; i++ {
		fmt.Fprintf(&b, "static void locked%d(void) { locked%d(); }\n", i, i-1)
		fmt.Fprintf(&b, "static void unsafe%d(void) { unsafe%d(); }\n", i, i-1)
		if i == depth/2 {
			fmt.Fprintf(&b, "static void inner%d(void) { mutex_lock(&m); inner%d(); mutex_unlock(&m); }\n", i, i-1)
		} else {
			fmt.Fprintf(&b, "static void inner%d(void) { inner%d(); }\n", i, i-1)
		}
	}
	fmt.Fprintf(&b, `
static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&m);
	locked%[1]d();
	mutex_unlock(&m);
	inner%[1]d();
	unsafe%[1]d();
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "deep", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
static void __exit dev_exit(void) { misc_deregister(&dev_misc); }
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
`, depth-1)
	return b.String()
}

// TestDeepCallChain: accesses reached through calls nested deeper than the
// inlining limit keep their positions, and locks held around or inside the
// chain still protect them.
func TestDeepCallChain(t *testing.T) {
	for _, depth := range []int{60, 100, 300} {
		t.Run(fmt.Sprint(depth), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "deep.c")
			if err := os.WriteFile(path, []byte(deepChain(depth)), 0o644); err != nil {
				t.Fatal(err)
			}
			checkAnnotated(t, path, lockset.VerifyConstruction(lockset.Options{Jobs: 2}))
		})
	}
}
