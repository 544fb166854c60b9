/* whoop model: linux/poison.h - poison values stored into freed list entries. */
#ifndef _WHOOP_LINUX_POISON_H
#define _WHOOP_LINUX_POISON_H

#define POISON_POINTER_DELTA 0
#define LIST_POISON1 ((void *)0x00100100 + POISON_POINTER_DELTA)
#define LIST_POISON2 ((void *)0x00200200 + POISON_POINTER_DELTA)
#define TIMER_ENTRY_STATIC ((void *)0x74737461)
#define PAGE_POISON 0xaa
#define POISON_INUSE 0x5a
#define POISON_FREE 0x6b
#define POISON_END 0xa5

#endif /* _WHOOP_LINUX_POISON_H */
