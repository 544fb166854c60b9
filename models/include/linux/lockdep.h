/* whoop model: linux/lockdep.h - lock validator hooks (no-ops; assertions keep their argument). */
#ifndef _WHOOP_LINUX_LOCKDEP_H
#define _WHOOP_LINUX_LOCKDEP_H

struct lock_class_key {
	int __whoop_unused;
};

struct lockdep_map {
	struct lock_class_key *key;
	const char *name;
};

#define SINGLE_DEPTH_NESTING 1
#define lockdep_set_class(lock, key) do { (void)(key); } while (0)
#define lockdep_set_class_and_name(lock, key, name) do { (void)(key); } while (0)
#define lockdep_set_subclass(lock, sub) do { } while (0)
#define lockdep_set_novalidate_class(lock) do { } while (0)
#define lockdep_assert_held(l) do { (void)(l); } while (0)
#define lockdep_assert_held_once(l) do { (void)(l); } while (0)
#define lockdep_off() do { } while (0)
#define lockdep_on() do { } while (0)
#define debug_check_no_locks_freed(from, len) do { } while (0)
#define debug_check_no_locks_held() do { } while (0)

#endif /* _WHOOP_LINUX_LOCKDEP_H */
