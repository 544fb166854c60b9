/* Floating point, inline asm, enums, strings and other corners. */
enum state { IDLE, BUSY = 4, DONE };
union val { long l; double d; };
struct pt { int x, y; };

double scale(double d, int i)
{
	double r = d * 2.5 + i;           // want "havoc t\\d+"
	return r > 1.0 ? r : -r;
}

int asmops(int *p)
{
	int out, in = 3;
	asm volatile("mov %1, %0" : "=r"(out) : "r"(in) : "memory"); // want "havoc out"
	asm("incl %0" : "+m"(*p));        // want "store 4 p := t\\d+  ; \\*p"
	asm volatile("" ::: "memory");
	return out;
}

const char *names(enum state s, char c)
{
	const char *fn = __func__;        // want "fn := &str.\\d+"
	if (s == BUSY || c == 'x')        // want "if s == 4 then"
		return "busy";
	return fn;
}

int unions(union val *v, long n)
{
	union val u = (union val)n;       // GNU cast to union
	v->l = n;                         // want "store 8 v := n  ; v->l"
	return u.l + sizeof(union val);
}

struct pt mk(void) { struct pt p = { 1, 2 }; return p; }

int structrv(int c, struct pt *a, struct pt *b)
{
	struct pt q = c ? *a : *b;        // want "load 4 t\\d+  ; \\(c \\? \\*a : \\*b\\).x|; c"
	return mk().y + q.x;              // want "load 4 t\\d+ \\+ 4  ; mk\\(\\).y"
}

int vla(int n)
{
	int a[n];
	a[0] = 1;
	return sizeof(a) + _Generic(n, int: 1, default: 2);
}
