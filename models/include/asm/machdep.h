/* whoop model: asm/machdep.h - PowerPC machine description (ppc_md) and machine_is(). */
#ifndef _WHOOP_ASM_MACHDEP_H
#define _WHOOP_ASM_MACHDEP_H

#include <linux/init.h>
#include <linux/types.h>

struct machdep_calls {
	char *name;
	int (*probe)(void);
	void (*setup_arch)(void);
	void (*init_early)(void);
	void (*show_cpuinfo)(void *m);
	void (*restart)(char *cmd);
	void (*halt)(void);
	void (*power_off)(void);
	unsigned char (*nvram_read_val)(int addr);
	void (*nvram_write_val)(int addr, unsigned char val);
	ssize_t (*nvram_write)(char *buf, size_t count, loff_t *index);
	ssize_t (*nvram_read)(char *buf, size_t count, loff_t *index);
	ssize_t (*nvram_size)(void);
	void (*nvram_sync)(void);
};

extern struct machdep_calls ppc_md;

/* A machine matches when its probe routine is the one selected at boot. */
#define machine_is(name) \
	({ \
		extern struct machdep_calls mach_##name __attribute__((weak)); \
		ppc_md.probe == mach_##name.probe; \
	})

#endif /* _WHOOP_ASM_MACHDEP_H */
