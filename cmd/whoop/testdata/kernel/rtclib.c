// rtc_time64_to_tm, exported by drivers/rtc/lib.c, fills its caller's
// struct rtc_time: every 6.12 caller passes a stack local or the tm of its
// own read_time call (models.ExportParams), so two calls fill two objects
// (fresh-params). Without the row every struct rtc_time the kernel can
// hand in was one object, and the function raced with itself; the
// library's own counter still races.
#include <linux/module.h>
#include <linux/export.h>
#include <linux/rtc.h>

static int rl_conversions;

void rtc_time64_to_tm(time64_t time, struct rtc_time *tm)
{
	rl_conversions++; // want "race"
	tm->tm_sec = time % 60;
	tm->tm_min = (time / 60) % 60;
	tm->tm_hour = (time / 3600) % 24;
}
EXPORT_SYMBOL(rtc_time64_to_tm);
MODULE_LICENSE("GPL");
