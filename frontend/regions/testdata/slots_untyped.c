/* A kernel slot that is also read untyped: what kfree frees is whatever
 * was stored there, so the stored struct pointers meet the slot's link as
 * before, and the free touches the members the request function writes. */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct host {
	int count;
	int flags;
};

static struct request_queue *the_q;

static void rq_fn(struct request_queue *q)
{
	struct host *host = q->queuedata;

	host->count++;                              // want region "fresh kzalloc in untyped_init.count"
}

static int __init untyped_init(void)
{
	struct host *host = kzalloc(sizeof(*host), GFP_KERNEL);

	if (!host)
		return -ENOMEM;
	the_q = blk_init_queue(rq_fn, NULL);
	the_q->queuedata = host;                    // want region "global the_q" region "struct request_queue.queuedata"
	return 0;
}

static void __exit untyped_exit(void)
{
	kfree(the_q->queuedata);                    // want region "global the_q" region "struct request_queue.queuedata" region "fresh kzalloc in untyped_init.count" region "fresh kzalloc in untyped_init.flags"
}

module_init(untyped_init);
module_exit(untyped_exit);
MODULE_LICENSE("GPL");
