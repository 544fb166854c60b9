// config: no-assume static-linkage
// Without the static-linkage assumption, other files may call the
// driver's non-static functions and use its non-static globals: the
// functions in a non-static global ops struct, and non-static functions,
// are entry points; one the tables know gets a second, guessed one (other
// files call it in any context).
#include <linux/module.h>
#include <linux/fs.h>

struct ext_ops {
	void (*hit)(void);
};

static void x_hit(void) // want entry "entry ext_ops.hit var=x_ops guessed"
{
}

struct ext_ops x_ops = { .hit = x_hit };

int x_exported(int v) // want entry "entry extern guessed"
{
	return v + 1;
}

int x_open(struct inode *inode, struct file *file) // want entry "entry file_operations.open var=x_fops" entry "entry extern guessed"
{
	return 0;
}

static const struct file_operations x_fops = { .open = x_open };

static int x_helper(int v)
{
	return v - 1;
}

static int x_init(void) // want entry "init module_init"
{
	return x_helper(0);
}

module_init(x_init);
