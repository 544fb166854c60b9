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

// loopChain returns a driver whose entry point calls a chain of depth
// functions, each looping over the next, down to one whose loop takes and
// releases a lock: the chain is deeper than vc inlines, so functions in it
// are summarised, and each loop calls a callee that may escape (a loop
// that may not end). Only the counter at the bottom races.
func loopChain(depth int) string {
	var b strings.Builder
	b.WriteString(`#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(m);
static int flag, total;

static void waitloop(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		mutex_lock(&m);
		flag++;
		mutex_unlock(&m);
	}
}

static void w0(int n) { waitloop(n); total++; } // want "(read|write) total by dev_ioctl races with (read|write) total by dev_ioctl"
`)
	for i := 1; i < depth; i++ {
		fmt.Fprintf(&b, "static void w%d(int n) { int i; for (i = 0; i < n; i++) w%d(i); }\n", i, i-1)
	}
	fmt.Fprintf(&b, `
static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	w%d(cmd);
	return 0;
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, "loops", &dev_fops };

static int __init dev_init(void) { return misc_register(&dev_misc); }
module_init(dev_init);
MODULE_LICENSE("GPL");
`, depth-1)
	return b.String()
}

// TestSummarisedLoopsMayEscape: a summarised function's loop whose callee
// may escape gets the invariant "not escaped", which must hold on entry:
// every call happens with escaped false, and the function's contract says
// so. Without it, summary inference stopped with an internal error
// ("non-candidate spec does not hold", r8169 and the 6.12 virtio_console).
func TestSummarisedLoopsMayEscape(t *testing.T) {
	path := filepath.Join(t.TempDir(), "loops.c")
	if err := os.WriteFile(path, []byte(loopChain(70)), 0o644); err != nil {
		t.Fatal(err)
	}
	checkAnnotated(t, path, lockset.Options{Jobs: 2})
}
