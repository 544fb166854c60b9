// The rtc core's exported calls (drivers/rtc/interface.c) get their
// caller's per-call struct rtc_time (models.ExportParams) and hand it to
// the driver's rtc_class_ops.read_time, whose row takes it per call: it is
// lent to that call, not published, so it is not merged with every other
// struct rtc_time (the core's own stack local passed to the same helper).
// The read after the unlock raced with another call's memset before; the
// unlocked call counter still races.
#include <linux/module.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/rtc.h>

static int rc_calls;

static int __rc_read_time(struct rtc_device *rtc, struct rtc_time *tm)
{
	int err;

	if (!rtc->ops || !rtc->ops->read_time)
		return -EINVAL;
	memset(tm, 0, sizeof(struct rtc_time));
	err = rtc->ops->read_time(rtc->dev.parent, tm);
	if (err < 0)
		return err;
	return rtc_valid_tm(tm);
}

int rtc_read_time(struct rtc_device *rtc, struct rtc_time *tm)
{
	int err;

	err = mutex_lock_interruptible(&rtc->ops_lock);
	if (err)
		return err;
	err = __rc_read_time(rtc, tm);
	mutex_unlock(&rtc->ops_lock);
	rc_calls++; // want "race"
	if (err)
		return err;
	return tm->tm_year > 70 ? 0 : -EINVAL;
}
EXPORT_SYMBOL_GPL(rtc_read_time);

int rc_uie_check(struct rtc_device *rtc)
{
	struct rtc_time tm;
	int err;

	err = mutex_lock_interruptible(&rtc->ops_lock);
	if (err)
		return err;
	err = __rc_read_time(rtc, &tm);
	mutex_unlock(&rtc->ops_lock);
	return err ? err : tm.tm_sec;
}
EXPORT_SYMBOL_GPL(rc_uie_check);

MODULE_LICENSE("GPL");
