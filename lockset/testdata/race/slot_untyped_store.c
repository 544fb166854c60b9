/* A buffer parked untyped in a kernel slot and read back as a struct
 * pointer: init clears it after registering the request function that
 * reads it through q->queuedata, so the two race. */
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
	struct host *host = q->queuedata; // want "read q->queuedata by rq_fn races with write q->queuedata by slot_init"

	host->count++; // want "read host->count by rq_fn races with write memset\(buf\) by slot_init"
}

static int __init slot_init(void)
{
	void *buf = kzalloc(sizeof(struct host), GFP_KERNEL);
	struct request_queue *q;

	if (!buf)
		return -ENOMEM;
	q = blk_init_queue(rq_fn, NULL);
	q->queuedata = buf; // want "write q->queuedata by slot_init races with read q->queuedata by rq_fn"
	memset(buf, 0, sizeof(struct host)); // want "write memset\(buf\) by slot_init races with read host->count by rq_fn"
	return 0;
}

module_init(slot_init);
MODULE_LICENSE("GPL");
