/* Address constants in static initialisers: every form GNU C accepts. */
struct inner { int v; char name[8]; };
struct dev { char buf[64]; int m[4][4]; struct inner in[4]; };
struct dev dev;
int arr[8];
int f1(void) { return 0; }

char *member = dev.buf;
char *member_plus = dev.buf + 3 - 1;
int *row = dev.m[1];
int *row_plus = dev.m[1] + 2;
int *elem = &dev.m[1][2];
int (*rows)[4] = dev.m + 1;
struct inner *sarr = dev.in + 1;
char *via_ptr = (dev.in + 1)->name;
unsigned long int_plus = (unsigned long)&dev + 4;
unsigned long plus_int = 4 + (unsigned long)&dev;
int *cond = 0 ? &arr[1] : arr + 2;
int (*deref_fn)(void) = *f1;
long diff = &arr[3] - &arr[0];
int *comma = (0, arr);
int *generic = _Generic(0, int: arr, default: arr);
int (*whole_plus)[8] = &arr + 1;
char *ptrs[] = { dev.buf, dev.buf + 1, dev.in[0].name };
char *range[4] = { [0 ... 3] = dev.buf + 1 };
char *zeros[100000] = { [0 ... 99999] = 0 };

int local_static(void)
{
	static char *p = dev.buf + 1;
	return *p;
}
