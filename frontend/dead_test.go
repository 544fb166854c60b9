package frontend

import (
	"context"
	"slices"
	"testing"
)

// TestDeadPass: the static functions that survive are exactly those an
// entry point, a non-static function, a global's initialiser or a live
// function's code leads to.
func TestDeadPass(t *testing.T) {
	path := writeFile(t, "dead.c", `
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int helper(int x) { return x + 1; }        /* called from an entry point */
static int via_ptr(void) { return 2; }           /* address taken in live code */
static int in_table(void) { return 3; }          /* in a global's initialiser */
static int only_dead(void) { return 4; }         /* called only from dead code */
static int dead(void) { return only_dead(); }    /* nothing refers to it */
static inline int unused_inline(int *p) { return *p; }
int exported_style(void) { return 5; }           /* external linkage: kept */

static int (*const table[])(void) = { in_table };

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int (*f)(void) = via_ptr;
	return helper(cmd) + f() + table[0]();
}

static const struct file_operations dev_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
};

static struct miscdevice dev_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "dead",
	.fops = &dev_fops,
};

static int __init dead_init(void) { return misc_register(&dev_misc); }
static void __exit dead_exit(void) { misc_deregister(&dev_misc); }
module_init(dead_init);
module_exit(dead_exit);
MODULE_LICENSE("GPL");
`)
	before, err := LoadUntil(context.Background(), path, Config{}, "entry")
	if err != nil {
		t.Fatal(err)
	}
	after, err := LoadUntil(context.Background(), path, Config{}, "dead")
	if err != nil {
		t.Fatal(err)
	}
	defined := func(fs []string) []string {
		var out []string
		for _, name := range fs {
			if f := after.Func(name); f != nil && !f.External() {
				out = append(out, name)
			}
		}
		return out
	}
	all := []string{"helper", "via_ptr", "in_table", "only_dead", "dead", "unused_inline",
		"exported_style", "dev_ioctl", "dead_init", "dead_exit"}
	for _, name := range all {
		if f := before.Func(name); f == nil || f.External() {
			t.Fatalf("%s: not defined before the pass", name)
		}
	}
	want := []string{"helper", "via_ptr", "in_table", "exported_style", "dev_ioctl", "dead_init", "dead_exit"}
	if got := defined(all); !slices.Equal(got, want) {
		t.Errorf("after the dead pass: %v, want %v", got, want)
	}
}
