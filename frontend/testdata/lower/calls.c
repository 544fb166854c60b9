/* Calls: direct, indirect, variadic, implicit, noreturn, kernel helpers. */
typedef struct { int counter; } atomic_t;
struct dev { char buf[16]; atomic_t refs; unsigned long flags; long len; };
struct ktime { long tv64; };

void *memcpy(void *dst, const void *src, unsigned long n);
unsigned long copy_from_user(void *to, const void *from, unsigned long n);
void atomic_inc(atomic_t *v);
int atomic_read(const atomic_t *v);
void set_bit(long nr, volatile unsigned long *addr);
unsigned long strlen(const char *s);
int printk(const char *fmt, ...);
void panic(const char *fmt, ...) __attribute__((noreturn));
void die(void) __attribute__((__noreturn__));
struct ktime ktime_get(void);

static int twice(int x) { return 2 * x; }
static int logf(const char *fmt, ...) { return 0; }

int (*hook)(int) = twice;

int helpers(struct dev *d, const char *ubuf, unsigned long n)
{
	char local[8];
	memcpy(d->buf, local, sizeof(local));   // want "touch write 8 d len 8  ; memcpy\\(d->buf\\)" "touch read 8 &local len 8  ; memcpy\\(local\\)" "call t\\d+ := memcpy\\(d, &local, 8\\)|call memcpy\\(d, &local, 8\\)"
	if (copy_from_user(d->buf, ubuf, n))    // want "touch write -1 d len n  ; copy_from_user\\(d->buf\\)"
		return -14;
	atomic_inc(&d->refs);                   // want "touch read atomic 4 d \\+ 16  ; d->refs" "touch write atomic 4 d \\+ 16  ; d->refs"
	set_bit(3, &d->flags);                  // want "touch read atomic -1 d \\+ 24  ; set_bit\\(&d->flags\\)"
	return atomic_read(&d->refs) + strlen(ubuf); // want "touch read -1 ubuf  ; strlen\\(ubuf\\)"
}

int indirect(int (*fp)(int), int v)
{
	int a = fp(v);                          // want "call a := \\(\\*fp\\)\\(v\\) targets \\{\\}"
	int b = (*hook)(a);                     // want "(t\\d+) := load 8 &hook  ; hook" "call b := \\(\\*t\\d+\\)\\(a\\)"
	int (*local)(int) = &twice;             // want "local := &twice"
	printk("%d %d\n", a, b);                // want "call printk\\(&str.\\d+, a, b\\)"
	logf("x", a, b);                        // want "call t\\d+ := logf\\(&str.\\d+\\)|call logf\\(&str.\\d+\\)"
	return local(b) + twice(a);
}

int implicit(int x)
{
	return undeclared_fn(x, 2);             // want "call t\\d+ := undeclared_fn\\(x, 2\\)"
}

int noreturn(int x)
{
	if (x < 0)
		panic("bad %d", x);             // want "call panic\\(&str.\\d+, x\\)"
	if (x > 100)
		die();
	return x;
}

long byvalue(void)
{
	struct ktime t = ktime_get();           // want "call ktime_get\\(\\)" "store 8 &result := t\\d+  ; ktime_get\\(\\).tv64" "load 8 &result  ; ktime_get\\(\\).tv64"
	return t.tv64;
}
