/* Static and automatic initialisers. */
struct file;
struct file_operations {
	void *owner;
	long (*read)(struct file *, char *, unsigned long, long *);
	int (*open)(struct file *);
};
struct pm_ops { int (*suspend)(void *); };
struct driver { const char *name; const struct pm_ops *pm; };
struct pci_driver { const char *name; int (*probe)(void *); struct driver driver; };
struct entry { const char *name; int val; };

static long my_read(struct file *f, char *buf, unsigned long n, long *pos) { return 0; }
static int my_open(struct file *f) { return 0; }
static int my_suspend(void *d) { return 0; }
static int my_probe(void *d) { return 0; }

int counter;
int table[4] = { 1, 2, [3] = 4 };
static const struct file_operations fops = {
	.owner = &counter,
	.read = my_read,
	.open = &my_open,
};
static const struct pm_ops pm = { .suspend = my_suspend };
static struct pci_driver drv = {
	.name = "drv",
	.probe = my_probe,
	.driver.pm = &pm,
};
struct entry entries[] = { { "a", 1 }, [2] = { .name = "c" } };
char banner[] = "hi";
int *pcount = &table[2];
int *pend = table + 3;
const char *msg = "msg";
long offset = (long)&((struct entry *)0)->val;
unsigned char ranged[6] = { [1 ... 3] = 0xff, 7 };

int locals(int v)
{
	int a[4] = { v, 2 };              // want "store 4 &a := v  ; a\\[0\\]" "store 4 &a \\+ 8 := 0  ; a\\[2\\]"
	struct entry e = { .val = v };    // want "store 8 &e := 0  ; e.name" "store 4 &e \\+ 8 := v  ; e.val"
	char s[4] = "ab";                 // want "store 1 &s \\+ 2 := 0  ; s\\[2\\]"
	char big[64] = "x";               // want "touch write 62 &big \\+ 2  ; big\\[2\\]"
	static int calls = 3;
	struct entry *p = &(struct entry){ "t", 2 }; // want "store 4 &complit \\+ 8 := 2"
	int *q = (int []){ 5, 6 };
	int r[5] = { [0 ... 2] = v + 1 };   // want "store 4 &r \\+ 8 := v \\+ 1  ; r\\[2\\]" "store 4 &r \\+ 16 := 0  ; r\\[4\\]"
	calls++;                          // want "load 4 &locals.calls  ; calls"
	return a[1] + e.val + s[0] + p->val + q[1] + big[0] + r[2];
}
