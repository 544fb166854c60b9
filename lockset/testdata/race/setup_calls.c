/* Set-up calls of a kernel library (models/setup.go, rule setup-calls):
 * rtc_add_group and rtc_add_groups, which every caller in the tree calls
 * from the probe that allocated the rtc, before registering it, run at
 * once only on two rtcs. Their writes to the rtc they are given do not
 * race with each other; their write to a global still does, and so do
 * their writes against an exported function without a row (rtc_poke),
 * which may run on the same rtc at any time. */
#include <linux/module.h>
#include <linux/export.h>
#include <linux/rtc.h>

static int added;

int rtc_add_groups(struct rtc_device *rtc, const int *grps)
{
	rtc->max_user_freq = grps[1];
	rtc->irq_freq = grps[0]; // want "write rtc->irq_freq by (rtc_add_groups|rtc_add_group) races with write rtc->irq_freq by rtc_poke"
	added++; // want "write added by (rtc_add_groups|rtc_add_group) races with (read|write) added by (rtc_add_groups|rtc_add_group)" "read added by (rtc_add_groups|rtc_add_group) races with write added by (rtc_add_groups|rtc_add_group)"
	return 0;
}
EXPORT_SYMBOL(rtc_add_groups);

int rtc_add_group(struct rtc_device *rtc, int grp)
{
	int groups[] = { grp, 0 };

	return rtc_add_groups(rtc, groups);
}
EXPORT_SYMBOL(rtc_add_group);

int rtc_poke(struct rtc_device *rtc)
{
	rtc->irq_freq = 0; // want "write rtc->irq_freq by rtc_poke races with write rtc->irq_freq by (rtc_add_groups|rtc_add_group|rtc_poke)"
	return 0;
}
EXPORT_SYMBOL(rtc_poke);
