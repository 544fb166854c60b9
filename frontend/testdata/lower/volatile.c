/* Volatile lvalues are marked accesses: READ_ONCE, WRITE_ONCE, ACCESS_ONCE. */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) do { *(volatile __typeof__(x) *)&(x) = (v); } while (0)
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))

struct state { int ready; volatile int hw; int plain; };
struct state st;
volatile unsigned long jiffies;

int marked(struct state *s, volatile int *vp, int * volatile pv)
{
	int a = READ_ONCE(s->ready);      // want "load marked 4 s  ; s->ready"
	WRITE_ONCE(st.plain, 3);          // want "store marked 4 &st \\+ 8 := 3  ; st.plain"
	ACCESS_ONCE(st.ready)++;          // want "load marked 4 &st  ; st.ready" "store marked 4 &st := "
	a += s->hw;                       // want "load marked 4 s \\+ 4  ; s->hw"
	a += *vp;                         // want "load marked 4 vp  ; \\*vp"
	a += *pv;                         // want "load 4 pv  ; \\*pv"
	a += s->plain;                    // want "load 4 s \\+ 8  ; s->plain"
	return a + jiffies;               // want "load marked 8 &jiffies  ; jiffies"
}
