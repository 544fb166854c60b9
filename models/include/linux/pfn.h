/* whoop model: linux/pfn.h - page frame number arithmetic. */
#ifndef _WHOOP_LINUX_PFN_H
#define _WHOOP_LINUX_PFN_H

#define PFN_ALIGN(x) (((unsigned long)(x) + (PAGE_SIZE - 1)) & PAGE_MASK)
#define PFN_UP(x) (((x) + PAGE_SIZE - 1) >> PAGE_SHIFT)
#define PFN_DOWN(x) ((x) >> PAGE_SHIFT)

#endif /* _WHOOP_LINUX_PFN_H */
