/* whoop model: linux/string.h - the kernel's string and memory helpers. */
#ifndef _WHOOP_LINUX_STRING_H
#define _WHOOP_LINUX_STRING_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/stddef.h>
#include <stdarg.h>

/* Memory helpers are semantics-table functions (rule 1): extern prototypes only. */
extern char *strndup_user(const char __user *, long);
extern void *memdup_user(const void __user *, size_t);

extern char *strcpy(char *, const char *);
extern char *strncpy(char *, const char *, __kernel_size_t);
extern size_t strlcpy(char *, const char *, size_t);
extern char *strcat(char *, const char *);
extern char *strncat(char *, const char *, __kernel_size_t);
extern size_t strlcat(char *, const char *, __kernel_size_t);
extern int strcmp(const char *, const char *);
extern int strncmp(const char *, const char *, __kernel_size_t);
extern int strcasecmp(const char *s1, const char *s2);
extern int strncasecmp(const char *s1, const char *s2, size_t n);
extern int strnicmp(const char *, const char *, __kernel_size_t);
extern char *strchr(const char *, int);
extern char *strchrnul(const char *, int);
extern char *strnchr(const char *, size_t, int);
extern char *strrchr(const char *, int);
extern char *__must_check skip_spaces(const char *);
extern char *strim(char *);
static inline __must_check char *strstrip(char *str)
{
	return strim(str);
}
extern char *strstr(const char *, const char *);
extern char *strnstr(const char *, const char *, size_t);
extern __kernel_size_t strlen(const char *);
/* Added after 4.0; declared so newer drivers parse. */
extern ssize_t strscpy(char *, const char *, size_t);
extern __kernel_size_t strnlen(const char *, __kernel_size_t);
extern char *strpbrk(const char *, const char *);
extern char *strsep(char **, const char *);
extern __kernel_size_t strspn(const char *, const char *);
extern __kernel_size_t strcspn(const char *, const char *);

extern void *memset(void *, int, __kernel_size_t);
extern void *memcpy(void *, const void *, __kernel_size_t);
extern void *memmove(void *, const void *, __kernel_size_t);
extern void *memscan(void *, int, __kernel_size_t);
extern int memcmp(const void *, const void *, __kernel_size_t);
extern void *memchr(const void *, int, __kernel_size_t);
void *memchr_inv(const void *s, int c, size_t n);

extern char *kstrdup(const char *s, gfp_t gfp);
extern const char *kstrdup_const(const char *s, gfp_t gfp);
extern char *kstrndup(const char *s, size_t len, gfp_t gfp);
extern void *kmemdup(const void *src, size_t len, gfp_t gfp);

extern char **argv_split(gfp_t gfp, const char *str, int *argcp);
extern void argv_free(char **argv);

extern bool sysfs_streq(const char *s1, const char *s2);
extern int strtobool(const char *s, bool *res);

int vbin_printf(u32 *bin_buf, size_t size, const char *fmt, va_list args);
int bstr_printf(char *buf, size_t size, const char *fmt, const u32 *bin_buf);
int bprintf(u32 *bin_buf, size_t size, const char *fmt, ...) __printf(3, 4);

extern ssize_t memory_read_from_buffer(void *to, size_t count, loff_t *ppos,
				       const void *from, size_t available);

static inline bool strstarts(const char *str, const char *prefix)
{
	return strncmp(str, prefix, strlen(prefix)) == 0;
}

extern size_t memweight(const void *ptr, size_t bytes);
void memzero_explicit(void *s, size_t count);

static inline const char *kbasename(const char *path)
{
	const char *tail = strrchr(path, '/');
	return tail ? tail + 1 : path;
}

#endif /* _WHOOP_LINUX_STRING_H */
