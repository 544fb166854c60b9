/* whoop model: asm/sn/tiocx.h - SGI TIO CX corelet bus (cx_dev, cx_drv) used by mbcs. */
#ifndef _WHOOP_ASM_SN_TIOCX_H
#define _WHOOP_ASM_SN_TIOCX_H

#include <linux/device.h>
#include <asm/sn/types.h>

struct cx_id_s {
	unsigned int part_num;
	unsigned int mfg_num;
	int nasid;
};

struct hubdev_info;

struct cx_dev {
	struct cx_id_s cx_id;
	int bt;
	void *soft;
	struct hubdev_info *hubdev;
	struct device dev;
	struct cx_drv *driver;
};

struct cx_device_id {
	unsigned int part_num;
	unsigned int mfg_num;
};

struct cx_drv {
	char *name;
	const struct cx_device_id *id_table;
	struct device_driver driver;
	int (*probe)(struct cx_dev *dev, const struct cx_device_id *id);
	int (*remove)(struct cx_dev *dev);
};

#define TIOCX_CORELET 3

#define to_cx_dev(n) container_of(n, struct cx_dev, dev)
#define to_cx_driver(drv) container_of(drv, struct cx_drv, driver)

extern struct sn_irq_info *tiocx_irq_alloc(nasid_t, int, int, nasid_t, int);
extern void tiocx_irq_free(struct sn_irq_info *);
extern int cx_device_unregister(struct cx_dev *);
extern int cx_device_register(nasid_t, int, int, struct hubdev_info *, int);
/* Registration calls (rule 1). */
extern int cx_driver_unregister(struct cx_drv *);
extern int cx_driver_register(struct cx_drv *);
extern u64 tiocx_dma_addr(u64 addr);
extern u64 tiocx_swin_base(int nasid);
extern void tiocx_mmr_store(int nasid, u64 offset, u64 value);
extern u64 tiocx_mmr_load(int nasid, u64 offset);

#endif /* _WHOOP_ASM_SN_TIOCX_H */
