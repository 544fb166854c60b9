/* whoop model: linux/uaccess.h - user-space access and page-fault control. */
#ifndef _WHOOP_LINUX_UACCESS_H
#define _WHOOP_LINUX_UACCESS_H

#include <linux/preempt.h>
#include <asm/uaccess.h>

extern void pagefault_disable(void);
extern void pagefault_enable(void);

extern long probe_kernel_read(void *dst, const void *src, size_t size);
extern long __probe_kernel_read(void *dst, const void *src, size_t size);
extern long probe_kernel_write(void *dst, const void *src, size_t size);
extern long __probe_kernel_write(void *dst, const void *src, size_t size);

#define probe_kernel_address(addr, retval) probe_kernel_read(&retval, addr, sizeof(retval))

#endif /* _WHOOP_LINUX_UACCESS_H */
