/* drivers/rtc/interface.c's shape: rc_set_time reads the update timer's
 * enabled flag before it takes the lock, then calls the exported
 * rc_update_enable, which enqueues the timer under the lock; enqueue reads
 * the time into its own stack local through read_time, which
 * rc_read_time also calls with its caller's buffer. The calls go to
 * copies (split.go for the exported function the driver calls, members.go
 * for enqueue's aie and uie members, localargs.go for read_time's own
 * local), and the write in the copied enqueue still races with the
 * unlocked read: the copies are solved again from their own calls. (On
 * rtc/interface.c, line 841's write left the finding when the copies came
 * in only because a pair and region report one witness, and Z3 then chose
 * line 899's write; the pairs' verdicts did not change.) */
#include <linux/module.h>
#include <linux/export.h>
#include <linux/mutex.h>

struct rc_timer {
	int enabled;
	int expires;
};

struct rc_dev {
	struct mutex lock;
	struct rc_timer aie;
	struct rc_timer uie;
	int hw;
};

static void read_time(struct rc_dev *rtc, int *t)
{
	*t = rtc->hw;
}

static void enqueue(struct rc_dev *rtc, struct rc_timer *timer)
{
	int tm;

	read_time(rtc, &tm);
	timer->enabled = 1; // want "write timer->enabled by (rc_set_time|rc_update_enable) races with read rtc->uie.enabled by rc_set_time"
	timer->expires = tm;
}

int rc_read_time(struct rc_dev *rtc, int *tm)
{
	mutex_lock(&rtc->lock);
	read_time(rtc, tm);
	mutex_unlock(&rtc->lock);
	return 0;
}
EXPORT_SYMBOL(rc_read_time);

int rc_update_enable(struct rc_dev *rtc, int en)
{
	mutex_lock(&rtc->lock);
	if (en)
		enqueue(rtc, &rtc->uie);
	mutex_unlock(&rtc->lock);
	return 0;
}
EXPORT_SYMBOL(rc_update_enable);

int rc_alarm_enable(struct rc_dev *rtc)
{
	mutex_lock(&rtc->lock);
	enqueue(rtc, &rtc->aie);
	mutex_unlock(&rtc->lock);
	return 0;
}
EXPORT_SYMBOL(rc_alarm_enable);

int rc_set_time(struct rc_dev *rtc)
{
	int uie = rtc->uie.enabled; // want "read rtc->uie.enabled by rc_set_time races with write timer->enabled by (rc_set_time|rc_update_enable)"

	if (uie)
		rc_update_enable(rtc, 1);
	return 0;
}
EXPORT_SYMBOL(rc_set_time);

MODULE_LICENSE("GPL");
