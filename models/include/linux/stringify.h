/* whoop model: linux/stringify.h - macro stringification. */
#ifndef _WHOOP_LINUX_STRINGIFY_H
#define _WHOOP_LINUX_STRINGIFY_H

#define __stringify_1(...) #__VA_ARGS__
#define __stringify(...) __stringify_1(__VA_ARGS__)

#endif /* _WHOOP_LINUX_STRINGIFY_H */
