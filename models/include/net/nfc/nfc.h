/* whoop model: net/nfc/nfc.h - the NFC core (nfc_ops, nfc_dev). */
#ifndef _WHOOP_NET_NFC_NFC_H
#define _WHOOP_NET_NFC_NFC_H

#include <linux/nfc.h>
#include <linux/device.h>
#include <linux/skbuff.h>

#define nfc_dev_info(dev, fmt, ...) dev_info((dev), "NFC: " fmt, ##__VA_ARGS__)
#define nfc_dev_err(dev, fmt, ...) dev_err((dev), "NFC: " fmt, ##__VA_ARGS__)
#define nfc_dev_dbg(dev, fmt, ...) dev_dbg((dev), fmt, ##__VA_ARGS__)

struct nfc_phy_ops {
	int (*write)(void *dev_id, struct sk_buff *skb);
	int (*enable)(void *dev_id);
	void (*disable)(void *dev_id);
};

struct nfc_dev;
struct nfc_target;

typedef void (*data_exchange_cb_t)(void *context, struct sk_buff *skb, int err);
typedef void (*se_io_cb_t)(void *context, u8 *apdu, size_t apdu_len, int err);

struct nfc_ops {
	int (*dev_up)(struct nfc_dev *dev);
	int (*dev_down)(struct nfc_dev *dev);
	int (*start_poll)(struct nfc_dev *dev, u32 im_protocols, u32 tm_protocols);
	void (*stop_poll)(struct nfc_dev *dev);
	int (*dep_link_up)(struct nfc_dev *dev, struct nfc_target *target, u8 comm_mode, u8 *gb, size_t gb_len);
	int (*dep_link_down)(struct nfc_dev *dev);
	int (*activate_target)(struct nfc_dev *dev, struct nfc_target *target, u32 protocol);
	void (*deactivate_target)(struct nfc_dev *dev, struct nfc_target *target);
	int (*im_transceive)(struct nfc_dev *dev, struct nfc_target *target, struct sk_buff *skb,
			     data_exchange_cb_t cb, void *cb_context);
	int (*tm_send)(struct nfc_dev *dev, struct sk_buff *skb);
	int (*check_presence)(struct nfc_dev *dev, struct nfc_target *target);
	int (*fw_download)(struct nfc_dev *dev, const char *firmware_name);
	int (*enable_se)(struct nfc_dev *dev, u32 se_idx);
	int (*disable_se)(struct nfc_dev *dev, u32 se_idx);
	int (*discover_se)(struct nfc_dev *dev);
	int (*se_io)(struct nfc_dev *dev, u32 se_idx, u8 *apdu, size_t apdu_length, se_io_cb_t cb,
		     void *cb_context);
};

#define NFC_TARGET_IDX_ANY -1
#define NFC_MAX_GT_LEN 48
#define NFC_ATR_RES_GT_OFFSET 15
#define NFC_ATR_REQ_GT_OFFSET 14

struct nfc_target {
	u32 idx;
	u32 supported_protocols;
	u16 sens_res;
	u8 sel_res;
	u8 nfcid1_len;
	u8 nfcid1[NFC_NFCID1_MAXSIZE];
	u8 nfcid2_len;
	u8 nfcid2[NFC_NFCID2_MAXSIZE];
	u8 nfcid3_len;
	u8 nfcid3[NFC_NFCID3_MAXSIZE];
	u8 sensb_res_len;
	u8 sensb_res[NFC_SENSB_RES_MAXSIZE];
	u8 sensf_res_len;
	u8 sensf_res[NFC_SENSF_RES_MAXSIZE];
	u8 hci_reader_gate;
	u8 logical_idx;
	u8 is_iso15693;
	u8 iso15693_dsfid;
	u8 iso15693_uid[NFC_ISO15693_UID_MAXSIZE];
};

struct nfc_se {
	struct list_head list;
	u32 idx;
	u16 type;
	u16 state;
};

struct nfc_genl_data {
	u32 poll_req_portid;
	struct mutex genl_data_mutex;
};

struct nfc_vendor_cmd {
	__u32 vendor_id;
	__u32 subcmd;
	int (*doit)(struct nfc_dev *dev, void *data, size_t data_len);
};

struct rfkill;

struct nfc_dev {
	int idx;
	u32 target_next_idx;
	struct nfc_target *targets;
	int n_targets;
	int targets_generation;
	struct device dev;
	bool dev_up;
	bool fw_download_in_progress;
	u8 rf_mode;
	bool polling;
	struct nfc_target *active_target;
	bool dep_link_up;
	struct nfc_genl_data genl_data;
	u32 supported_protocols;
	struct list_head secure_elements;
	int tx_headroom;
	int tx_tailroom;
	struct timer_list check_pres_timer;
	struct work_struct check_pres_work;
	bool shutting_down;
	struct rfkill *rfkill;
	struct nfc_vendor_cmd *vendor_cmds;
	int n_vendor_cmds;
	struct nfc_ops *ops;
};
#define to_nfc_dev(_dev) container_of(_dev, struct nfc_dev, dev)

extern struct class nfc_class;

/* Allocation and registration (rule 1). */
extern struct nfc_dev *nfc_allocate_device(struct nfc_ops *ops, u32 supported_protocols, int tx_headroom,
					   int tx_tailroom);
extern void nfc_free_device(struct nfc_dev *dev);
extern int nfc_register_device(struct nfc_dev *dev);
extern void nfc_unregister_device(struct nfc_dev *dev);

static inline void nfc_set_parent_dev(struct nfc_dev *nfc_dev, struct device *dev)
{
	nfc_dev->dev.parent = dev;
}

static inline void nfc_set_drvdata(struct nfc_dev *dev, void *data)
{
	dev_set_drvdata(&dev->dev, data);
}

static inline void *nfc_get_drvdata(struct nfc_dev *dev)
{
	return dev_get_drvdata(&dev->dev);
}

static inline const char *nfc_device_name(struct nfc_dev *dev)
{
	return dev_name(&dev->dev);
}

extern struct sk_buff *nfc_alloc_send_skb(struct nfc_dev *dev, struct sock *sk, unsigned int flags,
					  unsigned int size, unsigned int *err);
extern struct sk_buff *nfc_alloc_recv_skb(unsigned int size, gfp_t gfp);
extern int nfc_set_remote_general_bytes(struct nfc_dev *dev, u8 *gt, u8 gt_len);
extern u8 *nfc_get_local_general_bytes(struct nfc_dev *dev, size_t *gb_len);
extern int nfc_fw_download_done(struct nfc_dev *dev, const char *firmware_name, u32 result);
extern int nfc_targets_found(struct nfc_dev *dev, struct nfc_target *targets, int ntargets);
extern int nfc_target_lost(struct nfc_dev *dev, u32 target_idx);
extern int nfc_dep_link_is_up(struct nfc_dev *dev, u32 target_idx, u8 comm_mode, u8 rf_mode);
extern int nfc_tm_activated(struct nfc_dev *dev, u32 protocol, u8 comm_mode, u8 *gb, size_t gb_len);
extern int nfc_tm_deactivated(struct nfc_dev *dev);
extern int nfc_tm_data_received(struct nfc_dev *dev, struct sk_buff *skb);
extern void nfc_driver_failure(struct nfc_dev *dev, int err);
extern int nfc_add_se(struct nfc_dev *dev, u32 se_idx, u16 type);
extern int nfc_remove_se(struct nfc_dev *dev, u32 se_idx);
extern void nfc_send_to_raw_sock(struct nfc_dev *dev, struct sk_buff *skb, u8 payload_type, u8 direction);

#endif /* _WHOOP_NET_NFC_NFC_H */
