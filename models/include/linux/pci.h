/* whoop model: linux/pci.h - PCI devices and drivers, config space, BARs and power states. */
#ifndef _WHOOP_LINUX_PCI_H
#define _WHOOP_LINUX_PCI_H

#include <linux/mod_devicetable.h>
#include <linux/types.h>
#include <linux/init.h>
#include <linux/ioport.h>
#include <linux/list.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/kobject.h>
#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/io.h>
#include <linux/irqreturn.h>
#include <linux/pci_regs.h>
#include <linux/pci_ids.h>
#include <linux/dma-mapping.h>

#define PCI_SLOT(devfn) (((devfn) >> 3) & 0x1f)
#define PCI_FUNC(devfn) ((devfn) & 0x07)
#define PCI_DEVFN(slot, func) ((((slot) & 0x1f) << 3) | ((func) & 0x07))

typedef int __bitwise pci_power_t;
#define PCI_D0 ((pci_power_t)0)
#define PCI_D1 ((pci_power_t)1)
#define PCI_D2 ((pci_power_t)2)
#define PCI_D3hot ((pci_power_t)3)
#define PCI_D3cold ((pci_power_t)4)
#define PCI_UNKNOWN ((pci_power_t)5)
#define PCI_POWER_ERROR ((pci_power_t)-1)

typedef unsigned int __bitwise pci_channel_state_t;
enum pci_channel_state {
	pci_channel_io_normal = 1,
	pci_channel_io_frozen = 2,
	pci_channel_io_perm_failure = 3,
};

typedef unsigned int __bitwise pci_ers_result_t;
enum pci_ers_result {
	PCI_ERS_RESULT_NONE = 1,
	PCI_ERS_RESULT_CAN_RECOVER = 2,
	PCI_ERS_RESULT_NEED_RESET = 3,
	PCI_ERS_RESULT_DISCONNECT = 4,
	PCI_ERS_RESULT_RECOVERED = 5,
	PCI_ERS_RESULT_NO_AER_DRIVER = 6,
};

enum pcie_reset_state {
	pcie_deassert_reset = 1,
	pcie_warm_reset = 2,
	pcie_hot_reset = 3,
};

enum {
	PCI_STD_RESOURCES,
	PCI_STD_RESOURCE_END = 5,
	PCI_ROM_RESOURCE,
	PCI_BRIDGE_RESOURCES,
	PCI_BRIDGE_RESOURCE_END = PCI_BRIDGE_RESOURCES + 3,
	PCI_NUM_RESOURCES,
	DEVICE_COUNT_RESOURCE = PCI_NUM_RESOURCES,
};

#define PCI_IRQ_NONE 0

struct pci_bus;
struct pci_slot;
struct pci_driver;
struct proc_dir_entry;
struct pcie_link_state;
struct pci_vpd;
struct pci_sriov;
struct pci_ats;
struct hotplug_slot;

struct pci_dev {
	struct list_head bus_list;
	struct pci_bus *bus;
	struct pci_bus *subordinate;
	void *sysdata;
	struct proc_dir_entry *procent;
	struct pci_slot *slot;
	unsigned int devfn;
	unsigned short vendor;
	unsigned short device;
	unsigned short subsystem_vendor;
	unsigned short subsystem_device;
	unsigned int class;
	u8 revision;
	u8 hdr_type;
	u8 pcie_cap;
	u8 msi_cap;
	u8 msix_cap;
	u8 pcie_mpss:3;
	u8 rom_base_reg;
	u8 pin;
	u16 pcie_flags_reg;
	u8 dma_alias_devfn;
	struct pci_driver *driver;
	u64 dma_mask;
	struct device_dma_parameters dma_parms;
	pci_power_t current_state;
	u8 pm_cap;
	unsigned int pme_support:5;
	unsigned int pme_interrupt:1;
	unsigned int pme_poll:1;
	unsigned int d1_support:1;
	unsigned int d2_support:1;
	unsigned int no_d1d2:1;
	unsigned int no_d3cold:1;
	unsigned int d3cold_allowed:1;
	unsigned int mmio_always_on:1;
	unsigned int wakeup_prepared:1;
	unsigned int runtime_d3cold:1;
	unsigned int ignore_hotplug:1;
	unsigned int d3_delay;
	unsigned int d3cold_delay;
	struct pcie_link_state *link_state;
	pci_channel_state_t error_state;
	struct device dev;
	int cfg_size;
	unsigned int irq;
	struct resource resource[DEVICE_COUNT_RESOURCE];
	bool match_driver;
	unsigned int transparent:1;
	unsigned int multifunction:1;
	unsigned int is_added:1;
	unsigned int is_busmaster:1;
	unsigned int no_msi:1;
	unsigned int no_64bit_msi:1;
	unsigned int block_cfg_access:1;
	unsigned int broken_parity_status:1;
	unsigned int irq_reroute_variant:2;
	unsigned int msi_enabled:1;
	unsigned int msix_enabled:1;
	unsigned int ari_enabled:1;
	unsigned int is_managed:1;
	unsigned int needs_freset:1;
	unsigned int state_saved:1;
	unsigned int is_physfn:1;
	unsigned int is_virtfn:1;
	unsigned int reset_fn:1;
	unsigned int is_hotplug_bridge:1;
	unsigned int __aer_firmware_first_valid:1;
	unsigned int __aer_firmware_first:1;
	unsigned int broken_intx_masking:1;
	unsigned int io_window_1k:1;
	unsigned int irq_managed:1;
	unsigned long priv_flags;
	atomic_t enable_cnt;
	u32 saved_config_space[16];
	struct hlist_head saved_cap_space;
	struct bin_attribute *rom_attr;
	int rom_attr_enabled;
	struct bin_attribute *res_attr[DEVICE_COUNT_RESOURCE];
	struct bin_attribute *res_attr_wc[DEVICE_COUNT_RESOURCE];
	struct list_head msi_list;
	const struct attribute_group **msi_irq_groups;
	struct pci_vpd *vpd;
	phys_addr_t rom;
	size_t romlen;
	char *driver_override;
};

#define to_pci_dev(n) container_of(n, struct pci_dev, dev)
#define for_each_pci_dev(d) while ((d = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, d)) != NULL)

struct pci_bus {
	struct list_head node;
	struct pci_bus *parent;
	struct list_head children;
	struct list_head devices;
	struct pci_dev *self;
	struct list_head slots;
	struct resource *resource[4];
	struct list_head resources;
	struct pci_ops *ops;
	void *sysdata;
	struct proc_dir_entry *procdir;
	unsigned char number;
	unsigned char primary;
	unsigned char max_bus_speed;
	unsigned char cur_bus_speed;
	char name[48];
	unsigned short bridge_ctl;
	unsigned short bus_flags;
	struct device *bridge;
	struct device dev;
};

struct pci_ops {
	int (*read)(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val);
	int (*write)(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val);
};

struct pci_dynids {
	spinlock_t lock;
	struct list_head list;
};

struct pci_error_handlers {
	pci_ers_result_t (*error_detected)(struct pci_dev *dev, enum pci_channel_state error);
	pci_ers_result_t (*mmio_enabled)(struct pci_dev *dev);
	pci_ers_result_t (*link_reset)(struct pci_dev *dev);
	pci_ers_result_t (*slot_reset)(struct pci_dev *dev);
	void (*reset_notify)(struct pci_dev *dev, bool prepare);
	void (*resume)(struct pci_dev *dev);
};

struct pci_driver {
	struct list_head node;
	const char *name;
	const struct pci_device_id *id_table;
	int (*probe)(struct pci_dev *dev, const struct pci_device_id *id);
	void (*remove)(struct pci_dev *dev);
	int (*suspend)(struct pci_dev *dev, pm_message_t state);
	int (*suspend_late)(struct pci_dev *dev, pm_message_t state);
	int (*resume_early)(struct pci_dev *dev);
	int (*resume)(struct pci_dev *dev);
	void (*shutdown)(struct pci_dev *dev);
	int (*sriov_configure)(struct pci_dev *dev, int num_vfs);
	const struct pci_error_handlers *err_handler;
	struct device_driver driver;
	struct pci_dynids dynids;
};

#define to_pci_driver(drv) container_of(drv, struct pci_driver, driver)

#define DEFINE_PCI_DEVICE_TABLE(_table) const struct pci_device_id _table[]
#define PCI_DEVICE(vend, dev) \
	.vendor = (vend), .device = (dev), .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID
#define PCI_DEVICE_SUB(vend, dev, subvend, subdev) \
	.vendor = (vend), .device = (dev), .subvendor = (subvend), .subdevice = (subdev)
#define PCI_DEVICE_CLASS(dev_class, dev_class_mask) \
	.class = (dev_class), .class_mask = (dev_class_mask), .vendor = PCI_ANY_ID, .device = PCI_ANY_ID, \
	.subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID
#define PCI_VDEVICE(vend, dev) \
	.vendor = PCI_VENDOR_ID_##vend, .device = (dev), .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID, 0, 0

/* Driver registration (rule 1); the kernel routes it through __pci_register_driver. */
extern int __must_check __pci_register_driver(struct pci_driver *, struct module *, const char *mod_name);
extern int __must_check pci_register_driver(struct pci_driver *drv);
extern void pci_unregister_driver(struct pci_driver *dev);

#define module_pci_driver(__pci_driver) \
	module_driver(__pci_driver, pci_register_driver, pci_unregister_driver)

extern struct bus_type pci_bus_type;

extern struct pci_dev *pci_dev_get(struct pci_dev *dev);
extern void pci_dev_put(struct pci_dev *dev);
extern struct pci_dev *pci_get_device(unsigned int vendor, unsigned int device, struct pci_dev *from);
extern struct pci_dev *pci_get_subsys(unsigned int vendor, unsigned int device, unsigned int ss_vendor,
				      unsigned int ss_device, struct pci_dev *from);
extern struct pci_dev *pci_get_slot(struct pci_bus *bus, unsigned int devfn);
extern struct pci_dev *pci_get_domain_bus_and_slot(int domain, unsigned int bus, unsigned int devfn);
extern struct pci_dev *pci_get_class(unsigned int class, struct pci_dev *from);
extern int pci_dev_present(const struct pci_device_id *ids);
extern const struct pci_device_id *pci_match_id(const struct pci_device_id *ids, struct pci_dev *dev);

extern int pci_bus_read_config_byte(struct pci_bus *bus, unsigned int devfn, int where, u8 *val);
extern int pci_bus_read_config_word(struct pci_bus *bus, unsigned int devfn, int where, u16 *val);
extern int pci_bus_read_config_dword(struct pci_bus *bus, unsigned int devfn, int where, u32 *val);
extern int pci_bus_write_config_byte(struct pci_bus *bus, unsigned int devfn, int where, u8 val);
extern int pci_bus_write_config_word(struct pci_bus *bus, unsigned int devfn, int where, u16 val);
extern int pci_bus_write_config_dword(struct pci_bus *bus, unsigned int devfn, int where, u32 val);

/* Configuration space is device memory: external calls (rule 9). */
extern int pci_read_config_byte(const struct pci_dev *dev, int where, u8 *val);
extern int pci_read_config_word(const struct pci_dev *dev, int where, u16 *val);
extern int pci_read_config_dword(const struct pci_dev *dev, int where, u32 *val);
extern int pci_write_config_byte(const struct pci_dev *dev, int where, u8 val);
extern int pci_write_config_word(const struct pci_dev *dev, int where, u16 val);
extern int pci_write_config_dword(const struct pci_dev *dev, int where, u32 val);
extern int pcie_capability_read_word(struct pci_dev *dev, int pos, u16 *val);
extern int pcie_capability_read_dword(struct pci_dev *dev, int pos, u32 *val);
extern int pcie_capability_write_word(struct pci_dev *dev, int pos, u16 val);
extern int pcie_capability_write_dword(struct pci_dev *dev, int pos, u32 val);
extern int pcie_capability_clear_and_set_word(struct pci_dev *dev, int pos, u16 clear, u16 set);
extern int pcie_capability_clear_and_set_dword(struct pci_dev *dev, int pos, u32 clear, u32 set);

static inline int pcie_capability_set_word(struct pci_dev *dev, int pos, u16 set)
{
	return pcie_capability_clear_and_set_word(dev, pos, 0, set);
}

static inline int pcie_capability_clear_word(struct pci_dev *dev, int pos, u16 clear)
{
	return pcie_capability_clear_and_set_word(dev, pos, clear, 0);
}

extern int __must_check pci_enable_device(struct pci_dev *dev);
extern int __must_check pci_enable_device_io(struct pci_dev *dev);
extern int __must_check pci_enable_device_mem(struct pci_dev *dev);
extern int __must_check pci_reenable_device(struct pci_dev *);
extern int __must_check pcim_enable_device(struct pci_dev *pdev);
extern void pcim_pin_device(struct pci_dev *pdev);
extern int pci_is_enabled(struct pci_dev *pdev);
extern void pci_disable_device(struct pci_dev *dev);
extern void pci_set_master(struct pci_dev *dev);
extern void pci_clear_master(struct pci_dev *dev);
extern int pci_set_pcie_reset_state(struct pci_dev *dev, enum pcie_reset_state state);
extern int pci_set_cacheline_size(struct pci_dev *dev);
extern int __must_check pci_set_mwi(struct pci_dev *dev);
extern int pci_try_set_mwi(struct pci_dev *dev);
extern void pci_clear_mwi(struct pci_dev *dev);
extern void pci_intx(struct pci_dev *dev, int enable);
extern bool pci_intx_mask_supported(struct pci_dev *dev);
extern int pci_set_dma_max_seg_size(struct pci_dev *dev, unsigned int size);
extern int pci_set_dma_seg_boundary(struct pci_dev *dev, unsigned long mask);
extern int pcix_get_max_mmrbc(struct pci_dev *dev);
extern int pcie_get_readrq(struct pci_dev *dev);
extern int pcie_set_readrq(struct pci_dev *dev, int rq);
extern int pcie_get_mps(struct pci_dev *dev);
extern int pcie_set_mps(struct pci_dev *dev, int mps);
extern int __pci_reset_function(struct pci_dev *dev);
extern int pci_reset_function(struct pci_dev *dev);
extern int pci_find_capability(struct pci_dev *dev, int cap);
extern int pci_find_next_capability(struct pci_dev *dev, u8 pos, int cap);
extern int pci_find_ext_capability(struct pci_dev *dev, int cap);
extern int pci_bus_find_capability(struct pci_bus *bus, unsigned int devfn, int cap);

extern int pci_save_state(struct pci_dev *dev);
extern void pci_restore_state(struct pci_dev *dev);
extern int pci_set_power_state(struct pci_dev *dev, pci_power_t state);
extern pci_power_t pci_choose_state(struct pci_dev *dev, pm_message_t state);
extern bool pci_pme_capable(struct pci_dev *dev, pci_power_t state);
extern void pci_pme_active(struct pci_dev *dev, bool enable);
extern int __pci_enable_wake(struct pci_dev *dev, pci_power_t state, bool runtime, bool enable);
extern int pci_enable_wake(struct pci_dev *dev, pci_power_t state, bool enable);
extern int pci_wake_from_d3(struct pci_dev *dev, bool enable);
extern int pci_prepare_to_sleep(struct pci_dev *dev);
extern int pci_back_from_sleep(struct pci_dev *dev);
extern bool pci_dev_run_wake(struct pci_dev *dev);
extern void pci_d3cold_enable(struct pci_dev *dev);
extern void pci_d3cold_disable(struct pci_dev *dev);

extern int __must_check pci_request_regions(struct pci_dev *, const char *);
extern int __must_check pci_request_regions_exclusive(struct pci_dev *, const char *);
extern void pci_release_regions(struct pci_dev *);
extern int __must_check pci_request_region(struct pci_dev *, int, const char *);
extern int __must_check pci_request_region_exclusive(struct pci_dev *, int, const char *);
extern void pci_release_region(struct pci_dev *, int);
extern int pci_request_selected_regions(struct pci_dev *, int, const char *);
extern void pci_release_selected_regions(struct pci_dev *, int);
extern int pci_select_bars(struct pci_dev *dev, unsigned long flags);

extern void __iomem *pci_iomap(struct pci_dev *dev, int bar, unsigned long max);
extern void __iomem *pci_iomap_range(struct pci_dev *dev, int bar, unsigned long offset, unsigned long maxlen);
extern void pci_iounmap(struct pci_dev *dev, void __iomem *);
extern void __iomem *pci_ioremap_bar(struct pci_dev *pdev, int bar);
extern void __iomem *const *pcim_iomap_table(struct pci_dev *pdev);
extern int pcim_iomap_regions(struct pci_dev *pdev, int mask, const char *name);
extern int pcim_iomap_regions_request_all(struct pci_dev *pdev, int mask, const char *name);
extern void pcim_iounmap_regions(struct pci_dev *pdev, int mask);
extern void __iomem *pcim_iomap(struct pci_dev *pdev, int bar, unsigned long maxlen);
extern void pcim_iounmap(struct pci_dev *pdev, void __iomem *addr);
extern void __iomem __must_check *pci_map_rom(struct pci_dev *pdev, size_t *size);
extern void pci_unmap_rom(struct pci_dev *pdev, void __iomem *rom);

#define pci_resource_start(dev, bar) ((dev)->resource[(bar)].start)
#define pci_resource_end(dev, bar) ((dev)->resource[(bar)].end)
#define pci_resource_flags(dev, bar) ((dev)->resource[(bar)].flags)
#define pci_resource_len(dev, bar) \
	((pci_resource_start((dev), (bar)) == 0 && \
	  pci_resource_end((dev), (bar)) == pci_resource_start((dev), (bar))) ? 0 : \
	 (pci_resource_end((dev), (bar)) - pci_resource_start((dev), (bar)) + 1))

extern int pci_enable_msi_range(struct pci_dev *dev, int minvec, int maxvec);
extern int pci_enable_msi_exact(struct pci_dev *dev, int nvec);
extern int pci_enable_msi_block(struct pci_dev *dev, int nvec);
extern int pci_enable_msi(struct pci_dev *dev);
extern void pci_disable_msi(struct pci_dev *dev);
extern int pci_msix_vec_count(struct pci_dev *dev);
struct msix_entry {
	u32 vector;
	u16 entry;
};
extern int pci_enable_msix(struct pci_dev *dev, struct msix_entry *entries, int nvec);
extern int pci_enable_msix_range(struct pci_dev *dev, struct msix_entry *entries, int minvec, int maxvec);
extern int pci_enable_msix_exact(struct pci_dev *dev, struct msix_entry *entries, int nvec);
extern void pci_disable_msix(struct pci_dev *dev);

static inline void *pci_get_drvdata(struct pci_dev *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void pci_set_drvdata(struct pci_dev *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

static inline const char *pci_name(const struct pci_dev *pdev)
{
	return dev_name(&pdev->dev);
}

static inline bool pci_is_pcie(struct pci_dev *dev)
{
	return !!dev->pcie_cap;
}

static inline int pci_pcie_cap(struct pci_dev *dev)
{
	return dev->pcie_cap;
}

static inline bool pci_is_root_bus(struct pci_bus *pbus)
{
	return !(pbus->parent);
}

static inline int pci_domain_nr(struct pci_bus *bus)
{
	return 0;
}

extern int pci_vpd_truncate(struct pci_dev *dev, size_t size);
extern ssize_t pci_read_vpd(struct pci_dev *dev, loff_t pos, size_t count, void *buf);
extern ssize_t pci_write_vpd(struct pci_dev *dev, loff_t pos, size_t count, const void *buf);
extern void pci_disable_link_state(struct pci_dev *pdev, int state);
extern void pci_disable_link_state_locked(struct pci_dev *pdev, int state);
extern int pci_bus_max_busnr(struct pci_bus *bus);
extern void pci_stop_and_remove_bus_device(struct pci_dev *dev);
extern void pci_lock_rescan_remove(void);
extern void pci_unlock_rescan_remove(void);
extern struct pci_bus *pci_find_bus(int domain, int busnr);

#define PCIE_LINK_STATE_L0S 1
#define PCIE_LINK_STATE_L1 2
#define PCIE_LINK_STATE_CLKPM 4

/* The old pci_* DMA API of asm-generic/pci-dma-compat.h, as thin wrappers. */
#define PCI_DMA_BIDIRECTIONAL 0
#define PCI_DMA_TODEVICE 1
#define PCI_DMA_FROMDEVICE 2
#define PCI_DMA_NONE 3

/* Memory helpers (rule 1): extern prototypes, although the kernel wraps the dma_* calls inline. */
extern void *pci_alloc_consistent(struct pci_dev *hwdev, size_t size, dma_addr_t *dma_handle);
extern void *pci_zalloc_consistent(struct pci_dev *hwdev, size_t size, dma_addr_t *dma_handle);
extern void pci_free_consistent(struct pci_dev *hwdev, size_t size, void *vaddr, dma_addr_t dma_handle);
extern dma_addr_t pci_map_single(struct pci_dev *hwdev, void *ptr, size_t size, int direction);
extern void pci_unmap_single(struct pci_dev *hwdev, dma_addr_t dma_addr, size_t size, int direction);
extern dma_addr_t pci_map_page(struct pci_dev *hwdev, struct page *page, unsigned long offset, size_t size,
			       int direction);
extern void pci_unmap_page(struct pci_dev *hwdev, dma_addr_t dma_address, size_t size, int direction);
extern int pci_map_sg(struct pci_dev *hwdev, struct scatterlist *sg, int nents, int direction);
extern void pci_unmap_sg(struct pci_dev *hwdev, struct scatterlist *sg, int nents, int direction);
extern void pci_dma_sync_single_for_cpu(struct pci_dev *hwdev, dma_addr_t dma_handle, size_t size,
					int direction);
extern void pci_dma_sync_single_for_device(struct pci_dev *hwdev, dma_addr_t dma_handle, size_t size,
					   int direction);
extern int pci_dma_mapping_error(struct pci_dev *pdev, dma_addr_t dma_addr);
extern int pci_set_dma_mask(struct pci_dev *dev, u64 mask);
extern int pci_set_consistent_dma_mask(struct pci_dev *dev, u64 mask);

#define DECLARE_PCI_UNMAP_ADDR(ADDR_NAME) DEFINE_DMA_UNMAP_ADDR(ADDR_NAME);
#define DECLARE_PCI_UNMAP_LEN(LEN_NAME) DEFINE_DMA_UNMAP_LEN(LEN_NAME);
#define pci_unmap_addr dma_unmap_addr
#define pci_unmap_addr_set dma_unmap_addr_set
#define pci_unmap_len dma_unmap_len
#define pci_unmap_len_set dma_unmap_len_set

#endif /* _WHOOP_LINUX_PCI_H */
