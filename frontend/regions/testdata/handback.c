/* A read_proc (ds1286.c, efirtc.c) writes its fresh page and stores a
 * pointer into it in its fresh out-parameter *start: the kernel gets back
 * its own per-call page (handback.go), which stays thread-local. A pointer
 * to anything else stored there, or a store into an out-parameter the
 * driver also reads (the kernel's old pointer there is merged with the
 * page), makes the page kernel memory as before. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/slab.h>

static int val;

static int fill(char *buf)
{
	char *p = buf;
	int v = val;

	p += sprintf(p, "a %d\n", v);                // want region "fresh *page in handback_read_proc" region "string"
	p += sprintf(p, "b %d\n", v);                // want region "fresh *page in handback_read_proc" region "string"
	*p = 0;                                      // want thread-local
	return p - buf;
}

static int handback_read_proc(char *page, char **start, off_t off, int count, int *eof, void *data)
{
	int len = fill(page);

	*start = page + off;
	return len;
}

/* The driver reads *start: its old value, the kernel's, is merged with
 * the page, so the page is the kernel's char memory. */
static int reread_read_proc(char *page, char **start, off_t off, int count, int *eof, void *data)
{
	char *p = page;
	char *old = *start;

	*p = 'c';                                    // want region "external char" shared
	*start = page;
	*old = 'x';                                  // want region "external char" shared
	return p - page;
}

/* An allocation handed to the kernel through *start is the kernel's. */
static int alloc_read_proc(char *page, char **start, off_t off, int count, int *eof, void *data)
{
	char *q = kmalloc(16, GFP_KERNEL);

	if (!q)
		return 0;
	*q = 'd';                                    // want region "external char" shared
	*start = q;
	return 16;
}

/* So is a stack buffer (a dangling pointer once the call returns). */
static int local_read_proc(char *page, char **start, off_t off, int count, int *eof, void *data)
{
	char tmp[16];

	tmp[0] = 'e';                                // want region "external char" shared
	*start = tmp;
	return 16;
}

static int __init handback_init(void)
{
	if (!create_proc_read_entry("driver/a", 0, 0, handback_read_proc, NULL))
		return -1;
	if (!create_proc_read_entry("driver/b", 0, 0, reread_read_proc, NULL))
		return -1;
	if (!create_proc_read_entry("driver/c", 0, 0, alloc_read_proc, NULL))
		return -1;
	if (!create_proc_read_entry("driver/d", 0, 0, local_read_proc, NULL))
		return -1;
	return 0;
}
module_init(handback_init);
