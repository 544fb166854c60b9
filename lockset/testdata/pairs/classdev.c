// Class devices whose cores serialise the callbacks: the watchdog core's
// wdd->lock (not around ->ref, nor around ->start and ->ping, which
// watchdog_open calls without it), the RTC core's ops_lock (not around
// ->proc).
// Rules: watchdog-lock, rtc-ops-lock.
#include <linux/module.h>
#include <linux/watchdog.h>
#include <linux/rtc.h>

static int c_state;

static int w_start(struct watchdog_device *wdd) { c_state = 1; return 0; }
static int w_ping(struct watchdog_device *wdd) { c_state = 2; return 0; }
static void w_ref(struct watchdog_device *wdd) { c_state = 3; }
static unsigned int w_status(struct watchdog_device *wdd) { return c_state; }

static const struct watchdog_ops w_ops = {
	.start = w_start,
	.ping = w_ping,
	.ref = w_ref,
	.status = w_status,
};

static int r_read_time(struct device *dev, struct rtc_time *tm) { return c_state; }
static int r_proc(struct device *dev, struct seq_file *seq) { return c_state; }

static const struct rtc_class_ops r_ops = {
	.read_time = r_read_time,
	.proc = r_proc,
};

// want pair "w_start w_start not-concurrent: single open"
// want pair "w_start w_ping concurrent"
// want pair "w_start w_ref concurrent"
// want pair "w_start w_status concurrent"
// want pair "w_start r_read_time concurrent"
// want pair "w_start r_proc concurrent"
// want pair "w_ping w_ping concurrent"
// want pair "w_ping w_ref concurrent"
// want pair "w_ping w_status concurrent"
// want pair "w_ping r_read_time concurrent"
// want pair "w_ping r_proc concurrent"
// want pair "w_ref w_ref concurrent"
// want pair "w_ref w_status concurrent"
// want pair "w_ref r_read_time concurrent"
// want pair "w_ref r_proc concurrent"
// want pair "w_status w_status not-concurrent: wdd->lock"
// want pair "w_status r_read_time concurrent"
// want pair "w_status r_proc concurrent"
// want pair "r_read_time r_read_time not-concurrent: ops_lock"
// want pair "r_read_time r_proc concurrent"
// want pair "r_proc r_proc concurrent"
