/* Test model header: static inline helpers the front end inlines. */
#ifndef _WHOOP_TEST_HELPERS_H
#define _WHOOP_TEST_HELPERS_H

struct list_head { struct list_head *next, *prev; };

static inline void __list_add(struct list_head *new, struct list_head *prev, struct list_head *next)
{
	next->prev = new;
	new->next = next;
	new->prev = prev;
	prev->next = new;
}

static inline void list_add(struct list_head *new, struct list_head *head)
{
	__list_add(new, head, head->next);
}

static inline int list_empty(const struct list_head *head)
{
	return head->next == head;
}

struct device { void *driver_data; };

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline int fact(int n)
{
	return n <= 1 ? 1 : n * fact(n - 1);
}

static inline int use_static(void)
{
	static int calls;
	return ++calls;
}

void __whoop_bug(void) __attribute__((__noreturn__));
static inline void check(int c)
{
	if (c)
		__whoop_bug();
}

static inline int unused_helper(int x) { return x + 1; }

#endif
