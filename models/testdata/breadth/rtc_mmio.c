/*
 * breadth/rtc_mmio.c - a memory-mapped real-time clock with an alarm
 * interrupt (rtc_class_ops, devm_rtc_device_register, devm_request_irq).
 */
#include <linux/module.h>
#include <linux/rtc.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/bcd.h>
#include <linux/spinlock.h>
#include <linux/slab.h>

#define RTC_REG_SEC 0x00
#define RTC_REG_MIN 0x04
#define RTC_REG_HOUR 0x08
#define RTC_REG_DAY 0x0c
#define RTC_REG_MON 0x10
#define RTC_REG_YEAR 0x14
#define RTC_REG_CTRL 0x18
#define RTC_CTRL_AIE 0x01

struct mmio_rtc {
	void __iomem *base;
	struct rtc_device *rtc;
	spinlock_t lock;
	unsigned int alarm_irqs;
};

static int mmio_rtc_read_time(struct device *dev, struct rtc_time *tm)
{
	struct mmio_rtc *priv = dev_get_drvdata(dev);
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	tm->tm_sec = bcd2bin(readb(priv->base + RTC_REG_SEC));
	tm->tm_min = bcd2bin(readb(priv->base + RTC_REG_MIN));
	tm->tm_hour = bcd2bin(readb(priv->base + RTC_REG_HOUR));
	tm->tm_mday = bcd2bin(readb(priv->base + RTC_REG_DAY));
	tm->tm_mon = bcd2bin(readb(priv->base + RTC_REG_MON)) - 1;
	tm->tm_year = bcd2bin(readb(priv->base + RTC_REG_YEAR)) + 100;
	spin_unlock_irqrestore(&priv->lock, flags);
	return rtc_valid_tm(tm);
}

static int mmio_rtc_set_time(struct device *dev, struct rtc_time *tm)
{
	struct mmio_rtc *priv = dev_get_drvdata(dev);

	spin_lock_irq(&priv->lock);
	writeb(bin2bcd(tm->tm_sec), priv->base + RTC_REG_SEC);
	writeb(bin2bcd(tm->tm_min), priv->base + RTC_REG_MIN);
	writeb(bin2bcd(tm->tm_hour), priv->base + RTC_REG_HOUR);
	writeb(bin2bcd(tm->tm_mday), priv->base + RTC_REG_DAY);
	writeb(bin2bcd(tm->tm_mon + 1), priv->base + RTC_REG_MON);
	writeb(bin2bcd(tm->tm_year - 100), priv->base + RTC_REG_YEAR);
	spin_unlock_irq(&priv->lock);
	return 0;
}

static int mmio_rtc_alarm_irq_enable(struct device *dev, unsigned int enabled)
{
	struct mmio_rtc *priv = dev_get_drvdata(dev);
	u8 ctrl;

	spin_lock_irq(&priv->lock);
	ctrl = readb(priv->base + RTC_REG_CTRL);
	ctrl = enabled ? (ctrl | RTC_CTRL_AIE) : (ctrl & ~RTC_CTRL_AIE);
	writeb(ctrl, priv->base + RTC_REG_CTRL);
	spin_unlock_irq(&priv->lock);
	return 0;
}

static irqreturn_t mmio_rtc_irq(int irq, void *dev_id)
{
	struct mmio_rtc *priv = dev_id;

	spin_lock(&priv->lock);
	priv->alarm_irqs++;
	spin_unlock(&priv->lock);
	rtc_update_irq(priv->rtc, 1, RTC_IRQF | RTC_AF);
	return IRQ_HANDLED;
}

static const struct rtc_class_ops mmio_rtc_ops = {
	.read_time = mmio_rtc_read_time,
	.set_time = mmio_rtc_set_time,
	.alarm_irq_enable = mmio_rtc_alarm_irq_enable,
};

static int mmio_rtc_probe(struct platform_device *pdev)
{
	struct mmio_rtc *priv;
	struct resource *res;
	int irq, ret;

	priv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	priv->base = devm_ioremap_resource(&pdev->dev, res);
	if (IS_ERR(priv->base))
		return PTR_ERR(priv->base);
	spin_lock_init(&priv->lock);
	platform_set_drvdata(pdev, priv);
	priv->rtc = devm_rtc_device_register(&pdev->dev, "rtc_mmio", &mmio_rtc_ops, THIS_MODULE);
	if (IS_ERR(priv->rtc))
		return PTR_ERR(priv->rtc);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	ret = devm_request_irq(&pdev->dev, irq, mmio_rtc_irq, 0, "rtc_mmio", priv);
	return ret;
}

static struct platform_driver mmio_rtc_driver = {
	.probe = mmio_rtc_probe,
	.driver = {
		.name = "rtc_mmio",
	},
};

module_platform_driver(mmio_rtc_driver);

MODULE_LICENSE("GPL");
