// Exported symbols: EXPORT_SYMBOL makes a function callable, and data
// usable, by every other module, so an exported function is an entry point
// even under the static-linkage assumption; a non-static function that is
// not exported is not (a module's other symbols are invisible to other
// modules, and other files of the module are the static-linkage assumption).
#include <linux/module.h>
#include <linux/export.h>

int x_count;

int x_exported(int v) // want entry "entry export guessed"
{
	x_count += v;
	return x_count;
}
EXPORT_SYMBOL(x_exported);

int x_exported_gpl(void) // want entry "entry export guessed"
{
	return 1;
}
EXPORT_SYMBOL_GPL(x_exported_gpl);

int x_not_exported(int v)
{
	return v;
}

static int x_init(void) // want entry "init module_init"
{
	return x_not_exported(0);
}
module_init(x_init);
