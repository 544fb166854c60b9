/* Function and object attributes: sections, static, inline, extern, const. */
#define __init __attribute__((__section__(".init.text")))
#define __exit __attribute__((__section__(".exit.text")))

extern int shared_count;
extern const char banner[];
static const int limit = 8;

static inline int clamp(int v)        /* a driver's own inline: never inlined */
{
	return v > limit ? limit : v;
}

static int __init mod_init(void)
{
	return clamp(shared_count) + banner[0]; // want "call t\\d+ := clamp\\(t\\d+\\)" "load 1 &banner  ; banner\\[0\\]"
}

static void __exit mod_exit(void)
{
	shared_count = 0;
}
