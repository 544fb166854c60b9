/* __attribute__((cleanup(fn))): fn(&v) runs whenever v leaves its scope,
 * innermost first: at the end of the block, and before a return, goto,
 * break or continue that leaves it. */
void release(int *p);
int work(int);

int scoped(int n)
{
	int total = 0;
	{
		int a __attribute__((cleanup(release))) = n;
		total += work(a);
	}
	for (int i = 0; i < n; i++) {
		int b __attribute__((cleanup(release))) = i;
		if (b == 3)
			break;
		if (b == 4)
			continue;
		if (b == 5)
			goto out;
		if (b == 6)
			return total;
		total += b;
	}
out:
	return total;
}

int nested(int n)
{
	int outer __attribute__((cleanup(release))) = n;
	{
		int inner __attribute__((cleanup(release))) = n + 1;
		if (n)
			return work(inner);
	}
	return 0;
}
