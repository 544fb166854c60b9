// An RTC driver with the offset operations (Linux 4.13 on) and the
// parameter ones (5.16 on): the RTC core calls them, like read_time and
// set_time, under rtc->ops_lock, so the calibration they share does not
// race. The interrupt handler takes no
// lock and races with them.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/rtc.h>

struct rtcoff {
	struct rtc_device *rtc;
	long offset;
	int irqs;
};

static int ro_read_time(struct device *dev, struct rtc_time *tm)
{
	struct rtcoff *r = dev_get_drvdata(dev);

	rtc_time64_to_tm(r->offset, tm);
	return 0;
}

static int ro_set_time(struct device *dev, struct rtc_time *tm)
{
	struct rtcoff *r = dev_get_drvdata(dev);

	r->offset = 0;
	return 0;
}

static int ro_read_offset(struct device *dev, long *offset)
{
	struct rtcoff *r = dev_get_drvdata(dev);

	*offset = r->offset;
	return 0;
}

static int ro_set_offset(struct device *dev, long offset)
{
	struct rtcoff *r = dev_get_drvdata(dev);

	r->offset = offset;
	r->irqs = 0; // want "race"
	return 0;
}

static int ro_param_get(struct device *dev, struct rtc_param *param)
{
	struct rtcoff *r = dev_get_drvdata(dev);

	param->svalue = r->offset;
	return 0;
}

static int ro_param_set(struct device *dev, struct rtc_param *param)
{
	struct rtcoff *r = dev_get_drvdata(dev);

	r->offset = param->svalue;
	return 0;
}

static const struct rtc_class_ops ro_ops = {
	.read_time = ro_read_time,
	.set_time = ro_set_time,
	.read_offset = ro_read_offset,
	.set_offset = ro_set_offset,
	.param_get = ro_param_get,
	.param_set = ro_param_set,
};

static irqreturn_t ro_irq(int irq, void *data)
{
	struct rtcoff *r = data;

	r->irqs++; // want "race"
	return IRQ_HANDLED;
}

static int ro_probe(struct platform_device *pdev)
{
	struct rtcoff *r = devm_kzalloc(&pdev->dev, sizeof(*r), GFP_KERNEL);

	if (!r)
		return -ENOMEM;
	platform_set_drvdata(pdev, r);
	r->rtc = devm_rtc_allocate_device(&pdev->dev);
	if (IS_ERR(r->rtc))
		return PTR_ERR(r->rtc);
	r->rtc->ops = &ro_ops;
	if (devm_request_irq(&pdev->dev, platform_get_irq(pdev, 0), ro_irq, 0, "rtcoff", r))
		return -EBUSY;
	return devm_rtc_register_device(r->rtc);
}

static struct platform_driver ro_driver = {
	.probe = ro_probe,
	.driver = { .name = "rtcoff" },
};
module_platform_driver(ro_driver);
MODULE_LICENSE("GPL");
