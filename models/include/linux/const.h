/* whoop model: linux/const.h - constants usable from C and assembly. */
#ifndef _WHOOP_LINUX_CONST_H
#define _WHOOP_LINUX_CONST_H

#define __AC(X, Y) (X##Y)
#define _AC(X, Y) __AC(X, Y)
#define _AT(T, X) ((T)(X))
#define _BITUL(x) (_AC(1, UL) << (x))
#define _BITULL(x) (_AC(1, ULL) << (x))

#endif /* _WHOOP_LINUX_CONST_H */
