/* Structs, unions, arrays, member paths and struct copies. */
struct stats { unsigned long rx_bytes, tx_bytes; };
struct priv {
	int id;
	struct stats stats;
	char name[32];
	union { int u32; short u16[2]; };
	struct priv *next;
};
struct pair { int a; long b; };

struct priv gp;

void members(struct priv *tp, int i)
{
	tp->stats.rx_bytes += 4;          // want "load 8 tp \\+ 8  ; tp->stats.rx_bytes" "store 8 tp \\+ 8 := .*; tp->stats.rx_bytes"
	tp->name[i] = 'x';                // want "store 1 \\(tp \\+ 24\\) \\+ i := 120  ; tp->name\\[i\\]"
	tp->u16[1] = 7;                   // want "store 2 tp \\+ 58 := 7  ; tp->u16\\[1\\]"
	tp->next->id = gp.id;             // want "load 4 &gp  ; gp.id" "load 8 tp \\+ 64  ; tp->next" "; tp->next->id"
	(&gp)->stats.tx_bytes = 1;        // want "store 8 &gp \\+ 16 := 1  ; gp.stats.tx_bytes"
	(*tp).id = 2;                     // want "store 4 tp := 2  ; \\(\\*tp\\).id"
}

struct pair make(int a)
{
	struct pair p;
	p.a = a;
	p.b = 2;
	return p;                         // want "load 4 &p  ; p.a" "store 4 &return := t\\d+  ; return.a" "return &return"
}

long take(struct pair p)
{
	return p.a + p.b;
}

void copies(struct pair *dst, struct pair *src, struct priv *a, struct priv *b)
{
	struct pair local;
	*dst = *src;                      // want "load 4 src  ; \\(\\*src\\).a" "store 8 dst \\+ 8 := t\\d+  ; \\(\\*dst\\).b"
	local = make(3);                  // want "call t\\d+ := make\\(3\\)" "load 4 t\\d+  ; make\\(3\\).a" "store 8 &local \\+ 8"
	take(local);                      // want "store 4 &arg := t\\d+  ; local.a" "call take\\(&arg\\)"
	*a = *b;                          // want "touch read 32 b \\+ 24  ; \\(\\*b\\).name" "touch write 32 a \\+ 24  ; \\(\\*a\\).name" "load 4 b \\+ 56  ; \\(\\*b\\).u32"
}
