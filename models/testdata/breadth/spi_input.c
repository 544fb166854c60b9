/*
 * breadth/spi_input.c - an SPI keypad reported through the input core, with
 * a threaded interrupt and input_dev open/close/event callbacks.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/input.h>
#include <linux/interrupt.h>
#include <linux/spi/spi.h>
#include <linux/mutex.h>
#include <linux/slab.h>

#define KP_CMD_READ 0x80
#define KP_CMD_ENABLE 0x01
#define KP_CMD_LED 0x02

struct kp_priv {
	struct spi_device *spi;
	struct input_dev *input;
	struct mutex lock;
	bool opened;
	u8 last_keys;
};

static irqreturn_t kp_irq_thread(int irq, void *dev_id)
{
	struct kp_priv *kp = dev_id;
	ssize_t keys;
	int i;

	mutex_lock(&kp->lock);
	keys = spi_w8r8(kp->spi, KP_CMD_READ);
	if (keys >= 0) {
		for (i = 0; i < 8; i++)
			input_report_key(kp->input, KEY_1 + i, keys & (1 << i));
		input_sync(kp->input);
		kp->last_keys = keys;
	}
	mutex_unlock(&kp->lock);
	return IRQ_HANDLED;
}

static int kp_open(struct input_dev *dev)
{
	struct kp_priv *kp = input_get_drvdata(dev);
	u8 cmd[2] = { KP_CMD_ENABLE, 1 };

	mutex_lock(&kp->lock);
	kp->opened = true;
	mutex_unlock(&kp->lock);
	return spi_write(kp->spi, cmd, sizeof(cmd));
}

static void kp_close(struct input_dev *dev)
{
	struct kp_priv *kp = input_get_drvdata(dev);
	u8 cmd[2] = { KP_CMD_ENABLE, 0 };

	spi_write(kp->spi, cmd, sizeof(cmd));
	mutex_lock(&kp->lock);
	kp->opened = false;
	mutex_unlock(&kp->lock);
}

static int kp_event(struct input_dev *dev, unsigned int type, unsigned int code, int value)
{
	struct kp_priv *kp = input_get_drvdata(dev);
	u8 cmd[2] = { KP_CMD_LED, !!value };

	if (type != EV_LED || code != LED_NUML)
		return -EINVAL;
	return spi_write(kp->spi, cmd, sizeof(cmd));
}

static int kp_probe(struct spi_device *spi)
{
	struct kp_priv *kp;
	int i, ret;

	spi->mode = SPI_MODE_0;
	spi->bits_per_word = 8;
	ret = spi_setup(spi);
	if (ret)
		return ret;
	kp = devm_kzalloc(&spi->dev, sizeof(*kp), GFP_KERNEL);
	if (!kp)
		return -ENOMEM;
	kp->spi = spi;
	mutex_init(&kp->lock);
	kp->input = devm_input_allocate_device(&spi->dev);
	if (!kp->input)
		return -ENOMEM;
	kp->input->name = "spi keypad";
	kp->input->id.bustype = BUS_SPI;
	kp->input->open = kp_open;
	kp->input->close = kp_close;
	kp->input->event = kp_event;
	__set_bit(EV_KEY, kp->input->evbit);
	__set_bit(EV_LED, kp->input->evbit);
	__set_bit(LED_NUML, kp->input->ledbit);
	for (i = 0; i < 8; i++)
		__set_bit(KEY_1 + i, kp->input->keybit);
	input_set_drvdata(kp->input, kp);
	spi_set_drvdata(spi, kp);
	ret = devm_request_threaded_irq(&spi->dev, spi->irq, NULL, kp_irq_thread, IRQF_ONESHOT, "spi_kp", kp);
	if (ret)
		return ret;
	return input_register_device(kp->input);
}

static const struct spi_device_id kp_id[] = {
	{ "spi-keypad", 0 },
	{ }
};
MODULE_DEVICE_TABLE(spi, kp_id);

static struct spi_driver kp_driver = {
	.driver = {
		.name = "spi-keypad",
		.owner = THIS_MODULE,
	},
	.id_table = kp_id,
	.probe = kp_probe,
};

module_spi_driver(kp_driver);

MODULE_LICENSE("GPL");
