/* Bit-fields: the storage unit is loaded, fields extracted and inserted. */
struct flags {
	unsigned int up:1, mode:3;
	signed int delta:4;
	unsigned char tail;
	unsigned long wide:40;
};

struct flags gf = { .up = 1, .mode = 5, .delta = -2, .tail = 9 }; // want

int readf(struct flags *f)
{
	return f->mode + f->delta;        // want "load 1 f  ; f->mode" "\\(t\\d+ >> 1\\) & 7" "load 1 f  ; f->delta"
}

void writef(struct flags *f, int v)
{
	f->mode = v;                      // want "load rmw 1 f  ; f->mode" "store 1 f := \\(t\\d+ & 241\\) \\| \\(\\(v & 7\\) << 1\\)  ; f->mode"
	f->up = 1;                        // want "store 1 f := \\(t\\d+ & 254\\) \\| 1  ; f->up"
	f->wide = 3;
}

void local(void)
{
	struct flags l = { .mode = 2 };   // want "store 1 &l := 0  ; l.up" "store 1 &l := \\(t\\d+ & 241\\) \\| 4  ; l.mode"
	struct flags copy = l;            // want "load 1 &l  ; l.up"
	(void)copy;
}

struct outer { int x; struct flags f[2]; };
struct outer nested = { .f[1].mode = 2, .f[0].up = 1 }; // bit-fields of inner structs

void inner(int v)
{
	struct outer l = { .f[1].mode = v }; // want "load rmw 1 &l \\+ 24  ; l.f\\[1\\].mode" "store 1 &l \\+ 24 := \\(t\\d+ & 241\\) \\| \\(\\(v & 7\\) << 1\\)"
}
