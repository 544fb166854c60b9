/* The rtc core's struct rtc_time is new per call (rtc_read_time's on-stack
 * tm): the rtc library's conversions read or write it and keep nothing
 * (helper rows), so it stays private to the call. It used to escape to
 * them, and every rtc driver's read_time and set_time argument was the
 * one canonical struct rtc_time. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/platform_device.h>
#include <linux/rtc.h>

static unsigned long seconds;

static int chip_read_time(struct device *dev, struct rtc_time *tm)
{
	rtc_time_to_tm(seconds, tm);
	tm->tm_sec = 0;                 // want region "fresh *tm in chip_read_time.tm_sec" thread-local
	return rtc_valid_tm(tm);
}

static int chip_set_time(struct device *dev, struct rtc_time *tm)
{
	unsigned long t;

	tm->tm_isdst = 0;               // want region "fresh *tm in chip_set_time.tm_isdst" thread-local
	rtc_tm_to_time(tm, &t);
	seconds = t;                    // want region "global seconds" region "local t in chip_set_time"
	return 0;
}

static const struct rtc_class_ops chip_rtc_ops = {
	.read_time = chip_read_time,
	.set_time = chip_set_time,
};

static int chip_probe(struct platform_device *pdev)
{
	devm_rtc_device_register(&pdev->dev, "chip", &chip_rtc_ops, THIS_MODULE);
	return 0;
}

static struct platform_driver chip_driver = {
	.probe = chip_probe,
	.driver = { .name = "chip" },
};
module_platform_driver(chip_driver);
