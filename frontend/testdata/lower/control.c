/* Control flow: loops, switch, goto. */
int work(int);

int loops(int n)
{
	int i, s = 0;
	while (n > 0) {                   // want "if n > 0 then b\\d+ else b\\d+"
		if (n == 3)
			break;
		n--;
		if (n & 1)
			continue;
		s += n;
	}
	do {
		s++;
	} while (s < 10);                 // want "if s < 10 then b\\d+ else b\\d+"
	for (int k = 0; k < n; k++)       // want "k := 0" "if k < n"
		s += k;
	for (i = 0;; i++) {               // want "i := 0"
		if (work(i))
			break;
	}
	for (;;)
		if (s-- < 0)
			return s;
}

int sw(int cmd, int arg)
{
	int r = 0;
	switch (cmd) {
	case 1:
		r = 1;                    // falls through
	case 2:
		r += 2;
		break;
	default:                          // default in the middle
		r = -1;
		break;
	case 10 ... 20:                   // want "\\(10 <= cmd\\) && \\(cmd <= 20\\)"
		switch (arg) {
		case 0:
			return 0;
		}
		r = arg;
	}
	return r;
}

int gotos(int x)
{
	if (x)
		goto out;
	x = work(x);
	if (x < 0)
		goto err;
	x++;
out:
	return x;
err:
	return -1;
}

int jumpover(int c)
{
	switch (c) {
		int tmp;                  // a declaration jumped over
	case 1:
		tmp = 4;
		return tmp;
	}
	return 0;
}

int computed(int i)
{
	static void *tab[] = { &&one, &&two };
	goto *tab[i];                     // want "load 8 &computed.tab \\+ \\(i \\* 8\\)" "if t\\d+ then b\\d+ else b\\d+"
one:
	return 1;
two:
	return 2;
}
