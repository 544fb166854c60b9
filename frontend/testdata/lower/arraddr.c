/* Arrays that decay: pointer arithmetic on an array (a member, a row, a
 * string, a compound literal, a statement expression's value) is a pointer
 * value, not an array lvalue; rows of arrays of arrays step by the row. */
struct inner { int v; char name[8]; };
struct dev { char buf[64]; int head; int m[4][4]; struct inner in[4]; };

void *memcpy(void *dst, const void *src, unsigned long n);
void *memset(void *s, int c, unsigned long n);
unsigned long copy_to_user(void *to, const void *from, unsigned long n);
unsigned long strlen(const char *s);
struct inner get_inner(void);

long helpers(struct dev *d, char *ubuf, unsigned long n)
{
	if (copy_to_user(ubuf, d->buf + d->head, n))    // want "touch read -1 d \\+ t\\d+ len n  ; copy_to_user\\(d->buf \\+ d->head\\)"
		return -14;
	memcpy(d->buf + 2, d->in + 1, sizeof(struct inner)); // want "touch write 12 d \\+ 2 len 12  ; memcpy\\(d->buf \\+ 2\\)" "touch read 12 d \\+ 144 len 12  ; memcpy\\(d->in \\+ 1\\)"
	memset(({ d->buf; }), 0, 4);                    // want "t\\d+ := d" "touch write 4 t\\d+ len 4  ; memset\\(\\(\\{...\\}\\)\\)"
	memset(d->m[n] + 1, 0, 4);                      // want "touch write 4 \\(\\(d \\+ 68\\) \\+ \\(n \\* 16\\)\\) \\+ 4 len 4"
	memcpy(d->buf, get_inner().name + 1, 4);        // want "touch read 4 &result \\+ 5 len 4  ; memcpy\\(get_inner\\(\\).name \\+ 1\\)"
	return strlen("hello" + 1) + strlen(d->buf - 1 + n); // want "touch read -1 &str.\\d+ \\+ 1  ; strlen" "touch read -1 \\(d - 1\\) \\+ n  ; strlen\\(d->buf - 1 \\+ n\\)"
}

void stores(struct dev *d, int n)
{
	(d->buf + 1)[2] = 3;                            // want "store 1 d \\+ 3 := 3  ; \\(d->buf \\+ 1\\)\\[2\\]"
	(d->buf + n)[0]++;                              // want "store 1 d \\+ n := "
	*(d->buf + 2) = 1;                              // want "store 1 d \\+ 2 := 1"
	d->m[1][2] = 5;                                 // want "store 4 d \\+ 92 := 5  ; d->m\\[1\\]\\[2\\]"
	d->m[n][3] = 6;                                 // want "store 4 \\(\\(d \\+ 68\\) \\+ \\(n \\* 16\\)\\) \\+ 12 := 6"
	(d->m + 1)[n][2] = 7;                           // want "store 4 \\(\\(d \\+ 84\\) \\+ \\(n \\* 16\\)\\) \\+ 8 := 7"
	(d->in + n)->v = 8;                             // want "store 4 \\(d \\+ 132\\) \\+ \\(n \\* 12\\) := 8  ; \\(d->in \\+ n\\)->v"
}

int *rows(struct dev *d, int (*pa)[4], int n)
{
	int *p = d->m[n];                               // want "p := \\(d \\+ 68\\) \\+ \\(n \\* 16\\)"
	int *q = *pa;                                   // want "q := pa"
	int *r = pa[1];                                 // want "r := pa \\+ 16"
	return p + (q - r);
}

void asm_out(struct dev *d)
{
	struct inner t;
	asm("" : "=m"(t));                              // want "store 4 &t := t\\d+  ; t.v" "store 1 &t \\+ 11 := t\\d+  ; t.name\\[7\\]"
	d->in[0] = t;
	asm("" :: "m"(d->in[1]), "m"(d->buf), "r"(d->head)); // want "touch read 12 d \\+ 144  ; d->in\\[1\\]" "touch read 64 d  ; d->buf" "load 4 d \\+ 64  ; d->head"
}
