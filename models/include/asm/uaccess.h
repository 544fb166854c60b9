/* whoop model: asm/uaccess.h - user-space access (rule 13). */
#ifndef _WHOOP_ASM_UACCESS_H
#define _WHOOP_ASM_UACCESS_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/thread_info.h>
#include <linux/string.h>
#include <asm/page.h>

#define VERIFY_READ 0
#define VERIFY_WRITE 1

typedef struct {
	unsigned long seg;
} mm_segment_t;

#define MAKE_MM_SEG(s) ((mm_segment_t) { (s) })
#define KERNEL_DS MAKE_MM_SEG(-1UL)
#define USER_DS MAKE_MM_SEG(0x00007ffffffff000UL)
extern mm_segment_t get_fs(void);
extern mm_segment_t get_ds(void);
extern void set_fs(mm_segment_t fs);
#define segment_eq(a, b) ((a).seg == (b).seg)

/* 4.0 takes the access type as the first argument. */
extern int access_ok(int type, const void __user *addr, unsigned long size);

/*
 * get_user gives x an arbitrary value and returns 0 or -EFAULT without
 * touching kernel memory; put_user evaluates x and returns 0 or -EFAULT.
 */
extern unsigned long __whoop_user_value(void);
extern int __whoop_user_result(void);
extern int __whoop_put_user(unsigned long x, const volatile void __user *ptr);

#define get_user(x, ptr) ({ (x) = (__typeof__(*(ptr)))__whoop_user_value(); __whoop_user_result(); })
#define __get_user(x, ptr) get_user(x, ptr)
#define put_user(x, ptr) __whoop_put_user((unsigned long)(x), (ptr))
#define __put_user(x, ptr) put_user(x, ptr)
#define get_user_try do {
#define get_user_catch(err) } while (0)

/* Copies are semantics-table functions (rule 1). */
extern unsigned long __must_check copy_to_user(void __user *to, const void *from, unsigned long n);
extern unsigned long __must_check copy_from_user(void *to, const void __user *from, unsigned long n);
extern unsigned long __must_check __copy_to_user(void __user *to, const void *from, unsigned long n);
extern unsigned long __must_check __copy_from_user(void *to, const void __user *from, unsigned long n);
extern unsigned long __must_check __copy_to_user_inatomic(void __user *to, const void *from, unsigned long n);
extern unsigned long __must_check __copy_from_user_inatomic(void *to, const void __user *from, unsigned long n);
extern unsigned long __must_check copy_in_user(void __user *to, const void __user *from, unsigned long n);
extern unsigned long __must_check clear_user(void __user *mem, unsigned long len);
extern unsigned long __must_check __clear_user(void __user *mem, unsigned long len);
extern long strncpy_from_user(char *dst, const char __user *src, long count);
extern long __strncpy_from_user(char *dst, const char __user *src, long count);
extern long strnlen_user(const char __user *str, long n);
extern long strlen_user(const char __user *str);

#endif /* _WHOOP_ASM_UACCESS_H */
