/* Integer overflow and conversions, lowered with Config.ExactInts (the
 * test turns it on for files named exactints*.c): wrap where C wraps,
 * nothing where values stay in range. */
int g;
unsigned char uc;
long l;

int arith(int a, int b, unsigned int u, unsigned long ul)
{
	int s = a + b;                    // want "wrap_s32\\(a \\+ b\\)"
	unsigned int d = u * 3;           // want "wrap_u32\\(u \\* 3\\)"
	unsigned long m = ul - 1;         // want "wrap_u64\\(ul - 1\\)"
	int sh = a << 4;                  // want "wrap_s32\\(a << 4\\)"
	int keep = (a & 7) | (b >> 2);    // want "keep := \\(a & 7\\) \\| \\(b >> 2\\)"
	long wide = a;                    // want "wide := a  "
	unsigned int neg = -u;            // want "wrap_u32\\(-u\\)"
	unsigned int inv = ~u;            // want "wrap_u32\\(~u\\)"
	int sinv = ~a;                    // want "sinv := ~a  "
	return s + d + m + sh + keep + wide + neg + inv + sinv;
}

int conversions(int a, long x)
{
	unsigned char c = a;              // want "wrap_u8\\(a\\)"
	int n = (int)x;                   // want "wrap_s32\\(x\\)"
	if (a < sizeof(long))             // want "wrap_u64\\(a\\) < 8"
		return 1;
	uc++;                             // want "store 1 &uc := wrap_u8\\(t\\d+ \\+ 1\\)"
	uc += a;                          // want "store 1 &uc := wrap_u8\\(t\\d+ \\+ a\\)"
	return c + n + (255 + 1);         // want "return wrap_s32\\(\\(c \\+ n\\) \\+ 256\\)"
}
