/* Functions defined in model headers are inlined at driver call sites. */
#include <whoop_test/helpers.h>

struct priv { int x; struct list_head list; };
static struct list_head queue;

static void enqueue(struct priv *p)
{
	if (list_empty(&queue))           // want "load 8 &queue  ; head->next \\(in list_empty\\)"
		check(p->x);              // want "call __whoop_bug\\(\\)" "unreachable"
	list_add(&p->list, &queue);       // want "(t\\d+) := load 8 &queue  ; head->next \\(in list_add\\)" "store 8 t\\d+ \\+ 8 := p \\+ 8  ; next->prev \\(in __list_add\\)" "store 8 p \\+ 16 := &queue  ; new->prev \\(in __list_add\\)" "store 8 &queue := p \\+ 8  ; prev->next \\(in __list_add\\)"
}

int get(struct device *dev)
{
	struct priv *p = dev_get_drvdata(dev); // want "load 8 dev  ; dev->driver_data \\(in dev_get_drvdata\\)"
	return p->x + fact(3) + use_static(); // want "call t\\d+ := fact\\(2\\)" "load 4 &use_static.calls  ; calls \\(in use_static\\)"
}

/* The address of a helper keeps it as a function. */
int (*ptr)(const struct list_head *) = list_empty;
