// An LED's blink_set gets pointers into its led_classdev
// (&led_cdev->blink_delay_on and blink_delay_off, from ledtrig-timer's
// delay_on and delay_off stores, which take no lock): two stores run
// blink_set at once, and its writes through the delays race.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/leds.h>

static int lb_blink_set(struct led_classdev *cdev, unsigned long *delay_on,
			unsigned long *delay_off)
{
	if (*delay_on == 0) // want "race"
		*delay_on = 500; // want "race"
	return 0;
}

static struct led_classdev lb_led = {
	.name = "lb",
	.blink_set = lb_blink_set,
};

static int lb_probe(struct platform_device *pdev)
{
	return devm_led_classdev_register(&pdev->dev, &lb_led);
}

static struct platform_driver lb_driver = {
	.probe = lb_probe,
	.driver = { .name = "lb" },
};
module_platform_driver(lb_driver);
MODULE_LICENSE("GPL");
