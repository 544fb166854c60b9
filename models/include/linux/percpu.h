/* whoop model: linux/percpu.h - per-CPU variables (one CPU's copy is modelled). */
#ifndef _WHOOP_LINUX_PERCPU_H
#define _WHOOP_LINUX_PERCPU_H

#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/pfn.h>
#include <linux/init.h>

#define DECLARE_PER_CPU(type, name) extern __typeof__(type) name
#define DEFINE_PER_CPU(type, name) __typeof__(type) name
#define EXPORT_PER_CPU_SYMBOL(var) extern int __whoop_modinfo_unused
#define EXPORT_PER_CPU_SYMBOL_GPL(var) extern int __whoop_modinfo_unused

#define per_cpu_ptr(ptr, cpu) ((void)(cpu), (ptr))
#define per_cpu(var, cpu) (*per_cpu_ptr(&(var), cpu))
#define this_cpu_ptr(ptr) (ptr)
#define raw_cpu_ptr(ptr) (ptr)
#define get_cpu_var(var) (var)
#define put_cpu_var(var) do { (void)&(var); } while (0)
#define get_cpu_ptr(var) (var)
#define put_cpu_ptr(var) do { (void)(var); } while (0)
#define this_cpu_read(pcp) (pcp)
#define this_cpu_write(pcp, val) do { (pcp) = (val); } while (0)
#define this_cpu_add(pcp, val) do { (pcp) += (val); } while (0)
#define this_cpu_inc(pcp) this_cpu_add(pcp, 1)
#define this_cpu_dec(pcp) this_cpu_add(pcp, -1)
#define __this_cpu_read(pcp) this_cpu_read(pcp)
#define __this_cpu_write(pcp, val) this_cpu_write(pcp, val)
#define __this_cpu_add(pcp, val) this_cpu_add(pcp, val)
#define __this_cpu_inc(pcp) this_cpu_inc(pcp)

extern void __percpu *__alloc_percpu(size_t size, size_t align);
extern void __percpu *__alloc_percpu_gfp(size_t size, size_t align, gfp_t gfp);
extern void free_percpu(void __percpu *__pdata);
#define alloc_percpu(type) ((__typeof__(type) __percpu *)__alloc_percpu(sizeof(type), __alignof__(type)))
#define alloc_percpu_gfp(type, gfp) \
	((__typeof__(type) __percpu *)__alloc_percpu_gfp(sizeof(type), __alignof__(type), gfp))

#endif /* _WHOOP_LINUX_PERCPU_H */
