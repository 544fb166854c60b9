/* Short-circuit operators, conditionals and the comma operator. */
int f(int);
int g;

int values(int a, int *p)
{
	int x = a && *p;                  // the load of *p only when a != 0
	int y = !a || f(a);
	int z = (f(1), f(2));             // want "call f\\(1\\)" "call z := f\\(2\\)"
	int w = a ?: f(3);                // want "if a != 0 then"
	int v = !!p;
	return x + y + z + w + v;
}

int branches(int a, int *p)
{
	if (a && (*p > 3 || g == 2))      // want "load 4 p  ; \\*p" "load 4 &g  ; g"
		return 1;
	if (!(a < 3))                     // want "if a < 3 then b\\d+ else b\\d+"
		return 2;
	while (p && *p)
		p++;
	return a == 1 ? f(a) : a > 2 ? 7 : g;
}
