// mc146818_get_time and mc146818_set_time, exported by
// drivers/rtc/rtc-mc146818-lib.c, read or fill their caller's struct
// rtc_time: every 6.12 caller passes a stack local or the tm of its own
// read_time or set_time call (models.ExportParams), so two calls use two
// objects (fresh-params), also through the callback's parameter struct.
// Without the rows every struct rtc_time the kernel can hand in was one
// object, and get_time raced with itself and with set_time; the library's
// own counter still races.
#include <linux/module.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/rtc.h>
#include <linux/mc146818rtc.h>

static int mc_reads;

struct mc_param {
	struct rtc_time *time;
	unsigned char ctrl;
};

static void mc_callback(unsigned char seconds, void *param_in)
{
	struct mc_param *p = param_in;

	p->time->tm_sec = seconds;
	p->time->tm_min = 2;
	p->ctrl = 1;
}

static bool mc_avoid(void (*callback)(unsigned char seconds, void *param), void *param)
{
	callback(1, param);
	return true;
}

int mc146818_get_time(struct rtc_time *time, int timeout)
{
	struct mc_param p = {
		.time = time
	};

	mc_reads++; // want "race"
	if (!mc_avoid(mc_callback, &p)) {
		memset(time, 0, sizeof(*time));
		return -ETIMEDOUT;
	}
	time->tm_min--;
	return p.ctrl;
}
EXPORT_SYMBOL_GPL(mc146818_get_time);

int mc146818_set_time(struct rtc_time *time)
{
	return time->tm_min + time->tm_sec;
}
EXPORT_SYMBOL_GPL(mc146818_set_time);
MODULE_LICENSE("GPL");
