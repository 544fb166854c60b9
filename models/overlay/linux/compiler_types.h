/* whoop tree-mode overlay: compiletime_assert() (BUILD_BUG_ON, READ_ONCE,
 * WRITE_ONCE, the atomics, ...) checks nothing. The tree's declares, per
 * use, a fresh __compiletime_assert_N function with the error attribute
 * and calls it under the negated condition: a call gcc removes because a
 * driver that builds has every condition true. Expanded and declared in
 * each of the hundreds of uses in the headers every driver includes, that
 * was a quarter of a typical file's front end; and where whoop misjudged a
 * condition the noreturn call would have ended the path and hidden the
 * code after it. gcc, not whoop, reports a failing assertion. */
#include_next <linux/compiler_types.h>
#undef __compiletime_assert
#define __compiletime_assert(condition, msg, prefix, suffix) do { } while (0)
