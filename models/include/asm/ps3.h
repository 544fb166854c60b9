/* whoop model: asm/ps3.h - the PS3 system bus: devices, drivers and their registration. */
#ifndef _WHOOP_ASM_PS3_H
#define _WHOOP_ASM_PS3_H

#include <linux/types.h>
#include <linux/device.h>

/* Firmware features (asm/firmware.h on powerpc). */
#define FW_FEATURE_PS3_LV1 (1UL << 22)
extern int firmware_has_feature(unsigned long feature);

enum ps3_match_id {
	PS3_MATCH_ID_EHCI = 1,
	PS3_MATCH_ID_OHCI = 2,
	PS3_MATCH_ID_GELIC = 3,
	PS3_MATCH_ID_AV_SETTINGS = 4,
	PS3_MATCH_ID_SYSTEM_MANAGER = 5,
	PS3_MATCH_ID_STOR_DISK = 6,
	PS3_MATCH_ID_STOR_ROM = 7,
	PS3_MATCH_ID_STOR_FLASH = 8,
	PS3_MATCH_ID_SOUND = 9,
	PS3_MATCH_ID_GPU = 10,
	PS3_MATCH_ID_LPM = 11,
};

enum ps3_match_sub_id {
	PS3_MATCH_SUB_ID_GPU_FB = 1,
	PS3_MATCH_SUB_ID_GPU_RAMDISK = 2,
};

#define PS3_MODULE_ALIAS_GPU_RAMDISK "ps3:10:2"

struct ps3_system_bus_device {
	enum ps3_match_id match_id;
	enum ps3_match_sub_id match_sub_id;
	u64 bus_id;
	u64 dev_id;
	struct device core;
	void *driver_priv;
};

/* probe, remove and shutdown are called by the driver core through the
 * embedded device_driver (ps3_system_bus_probe/remove/shutdown). */
struct ps3_system_bus_driver {
	enum ps3_match_id match_id;
	enum ps3_match_sub_id match_sub_id;
	struct device_driver core;
	int (*probe)(struct ps3_system_bus_device *);
	int (*remove)(struct ps3_system_bus_device *);
	int (*shutdown)(struct ps3_system_bus_device *);
};

extern int ps3_system_bus_driver_register(struct ps3_system_bus_driver *drv);
extern void ps3_system_bus_driver_unregister(struct ps3_system_bus_driver *drv);

static inline void *ps3_system_bus_get_drvdata(struct ps3_system_bus_device *dev)
{
	return dev_get_drvdata(&dev->core);
}

static inline void ps3_system_bus_set_drvdata(struct ps3_system_bus_device *dev, void *data)
{
	dev_set_drvdata(&dev->core, data);
}

extern int ps3_open_hv_device(struct ps3_system_bus_device *dev);
extern int ps3_close_hv_device(struct ps3_system_bus_device *dev);
extern u64 ps3_mm_phys_to_lpar(unsigned long phys_addr);

#endif
