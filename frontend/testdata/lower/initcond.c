// A ?: in a static initialiser whose condition is a constant: an integer
// (NULL), or a string literal, a non-null address (lkdtm's
// CRASHPOINT_WRITE(sym): (sym) ? lkdtm_debugfs_entry : direct_entry).
int fa(int x) { return x + 1; }
int fb(int x) { return x + 2; }
struct ops { int (*op)(int); int (*op2)(int); int (*op3)(int); };
#define PICK(sym) (sym) ? fa : fb
struct ops o = { .op = PICK("do_IRQ"), .op2 = PICK((void *)0), .op3 = PICK((const char *)"x") };
