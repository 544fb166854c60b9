/* GNU statement expressions, typeof, container_of, min/max. */
#define offsetof(T, m) __builtin_offsetof(T, m)
#define container_of(ptr, type, member) ({ \
	const __typeof__(((type *)0)->member) *__mptr = (ptr); \
	(type *)((char *)__mptr - offsetof(type, member)); })
#define max(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })

struct list { struct list *next; };
struct item { int key; struct list node; };

int key_of(struct list *l)
{
	struct item *it = container_of(l, struct item, node); // want "it := t\\d+ - 8|it := __mptr - 8"
	return it->key;                   // want "load 4 it  ; it->key"
}

int biggest(int *a, int n)
{
	int m = max(a[0], n);
	int s = ({ int t = 0; for (int i = 0; i < n; i++) t += a[i]; t; });
	return m + s + sizeof(struct item) + offsetof(struct item, node);
}

/* The value may follow a label, as in the kernel's ___wait_event
 * (`__out: __ret;`). */
int waited(int cond)
{
	int r = ({ int __ret = 0; if (cond) goto __out; __ret = 5; __out: __ret; });
	return r;
}
