/* A kernel slot stored untyped and read back as a struct pointer: the
 * typed read must reach what was stored, here the buffer init clears
 * after the request function can already run. */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/string.h>

struct host {
	int count;
	int flags;
};

static void rq_fn(struct request_queue *q)
{
	struct host *host = q->queuedata;

	host->count++;                              // want region "fresh kzalloc in untyped_init.count"
}

static int __init untyped_init(void)
{
	void *buf = kzalloc(sizeof(struct host), GFP_KERNEL);
	struct request_queue *q;

	if (!buf)
		return -ENOMEM;
	q = blk_init_queue(rq_fn, NULL);
	q->queuedata = buf;
	memset(buf, 0, sizeof(struct host));        // want region "fresh kzalloc in untyped_init.count" region "fresh kzalloc in untyped_init.flags"
	return 0;
}

module_init(untyped_init);
MODULE_LICENSE("GPL");
