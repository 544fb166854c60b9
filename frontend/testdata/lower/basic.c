/* Scalars, arithmetic and pointer arithmetic. */
long counter;
static int table[8];

int arith(int a, int b)
{
	int c = a * b + (a - b) / 2 % 3; // want "c := \\(a \\* b\\) \\+ \\(\\(\\(a - b\\) / 2\\) % 3\\)"
	int d;                            // want "havoc d"
	d = (c << 2) | (b >> 1) ^ ~a;
	d &= 0xff;                        // want "d := d & 255"
	c += d;
	c -= -a;
	return c ? d : -d;
}

long *step(long *p, int i)
{
	long *q = p + i;                  // want "q := p \\+ \\(i \\* 8\\)"
	q -= 2;                           // want "q := q - 16"
	p++;                              // want "p := p \\+ 8"
	return q + (q - p);               // want "q \\+ \\(\\(\\(q - p\\) / 8\\) \\* 8\\)"
}

int globals(int i)
{
	counter++;                        // want "load 8 &counter  ; counter" "store 8 &counter := t\\d+ \\+ 1  ; counter"
	table[i] = table[i + 1] * 2;      // want "load 4 &table \\+ \\(\\(i \\+ 1\\) \\* 4\\)  ; table\\[i \\+ 1\\]" "store 4 &table \\+ \\(i \\* 4\\) := .* ; table\\[i\\]"
	return table[3];                  // want "load 4 &table \\+ 12  ; table\\[3\\]"
}

int deref(int **pp, char *s)
{
	**pp = *s;                        // want "load 8 pp  ; \\*pp" "load 1 s  ; \\*s" "store 4 t\\d+ := t\\d+  ; \\*\\*pp"
	return s[2] + (*pp)[1];           // want "load 1 s \\+ 2  ; s\\[2\\]" "; \\(\\*pp\\)\\[1\\]"
}

int incs(int *p)
{
	int x = 0, y;
	y = x++;                          // want "(t\\d+) := x" "x := t\\d+ \\+ 1" "y := t\\d+"
	y = ++x;
	(*p)++;                           // want "load 4 p  ; \\*p" "store 4 p := t\\d+ \\+ 1  ; \\*p"
	return --*p + y;
}

unsigned long casts(long v, void *vp)
{
	char c = (char)v;
	_Bool b = v;                      // want "b := \\(\\(v != 0\\) \\? 1 : 0\\)"
	unsigned long u = (unsigned long)vp;
	long *lp = (long *)vp;            // want "lp := vp"
	return c + b + u + *lp + sizeof(long) + sizeof v; // want "\\+ 8\\) \\+ 8"
}
