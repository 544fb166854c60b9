// Module exit cancels the work item and waits for it (cancel_work_sync),
// then writes g: under the publication assumption the work function is
// done by then, so exit's write never races with it. The explorer must
// find no interleaving in which the work function runs across the
// cancellation (one that does not replay, or a race the lockset check
// rightly excluded).
#include <linux/module.h>
#include <linux/workqueue.h>

static struct work_struct w;
static int g;

static void work_fn(struct work_struct *work)
{
	g = 1;
	g = 2;
}

static int __init dev_init(void)
{
	INIT_WORK(&w, work_fn);
	schedule_work(&w);
	return 0;
}

static void __exit dev_exit(void)
{
	cancel_work_sync(&w);
	g = 0;
}
module_init(dev_init);
module_exit(dev_exit);
MODULE_LICENSE("GPL");
