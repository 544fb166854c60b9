/* Kernel slots holding pointers of two types (sx8): the out-of-band queue's
 * queuedata is the host, each port queue's is a port embedded in the host.
 * The host must stay one struct with members told apart (its lock
 * nameable), and a port's name[] indexed by n - 1 folds that array only. */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>
#include <linux/spinlock.h>
#include <linux/slab.h>

struct port {
	unsigned int no;
	struct host *host;
	unsigned long long capacity;
	char name[41];
};

struct host {
	unsigned long flags;
	void *shm;
	int count;
	spinlock_t lock;
	struct request_queue *oob_q;
	struct port port[4];
};

static void port_rq_fn(struct request_queue *q)
{
	struct port *port = q->queuedata;
	struct host *host = port->host;             // want region "struct host.port[].host"
	unsigned long n = port->no;                 // want region "struct host.port[].no"

	spin_lock(&host->lock);
	host->count++;                              // want region "struct host.count"
	spin_unlock(&host->lock);
	while (n && port->name[n - 1] == ' ')       // want region "struct host.port[].name[]"
		port->name[--n] = 0;                    // want region "struct host.port[].name[]"
	port->capacity = 0;                         // want region "struct host.port[].capacity"
}

static void oob_rq_fn(struct request_queue *q)
{
	struct host *host = q->queuedata;

	host->flags = 1;                            // want region "struct host.flags"
	host->count--;                              // want region "struct host.count"
}

static struct host *the_host;

static int __init slots_init(void)
{
	struct host *host = kzalloc(sizeof(*host), GFP_KERNEL);
	struct request_queue *q;
	int i;

	if (!host)
		return -ENOMEM;
	spin_lock_init(&host->lock);
	host->oob_q = blk_init_queue(oob_rq_fn, &host->lock);
	host->oob_q->queuedata = host;              // want region "struct host.oob_q" region "struct request_queue.queuedata"
	for (i = 0; i < 4; i++) {
		q = blk_init_queue(port_rq_fn, &host->lock);
		q->queuedata = &host->port[i];          // want region "struct request_queue.queuedata"
		host->port[i].host = host;              // want region "struct host.port[].host"
	}
	the_host = host;
	return 0;
}

static void __exit slots_exit(void)
{
	kfree(the_host);
}

module_init(slots_init);
module_exit(slots_exit);
MODULE_LICENSE("GPL");
