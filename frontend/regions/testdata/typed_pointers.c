/* Kernel memory of pointers to a struct (typed-pointer-memory, A11): the
 * kernel hands back two pointer arrays, one of struct foo * and one of
 * char *. Read as struct foo *, kernel pointer memory holds pointers to
 * struct foo objects, so its own external node links to struct foo, not
 * to the char memory the char * array points to (one "external pointer"
 * node for both merged struct foo into external char). */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/genhd.h>
#include <linux/kobject.h>

struct foo {
	int count;
	int flags;
};

static struct foo *foos[2];
static char *names[2];

static struct kobject *probe_foo(dev_t dev, int *part, void *data)
{
	struct foo **f = data;

	f[*part & 1]->count++;                  // want region "external struct foo *" region "fresh *part in probe_foo" region "struct foo.count"
	return NULL;
}

static struct kobject *probe_name(dev_t dev, int *part, void *data)
{
	char **s = data;

	s[1][*part & 7] = 0;                    // want region "external pointer" region "fresh *part in probe_name" region "external char"
	return NULL;
}

static int __init typed_init(void)
{
	blk_register_region(MKDEV(2, 0), 256, THIS_MODULE, probe_foo, NULL, foos);
	blk_register_region(MKDEV(3, 0), 256, THIS_MODULE, probe_name, NULL, names);
	return 0;
}
module_init(typed_init);
