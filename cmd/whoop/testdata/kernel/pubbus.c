// Controllers a platform driver registers with other subsystems: an i2c
// adapter, an SPI controller, a GPIO chip and a UART port. Each
// registration makes the controller's operations callable at once; the
// probe's write of pb_cfg before them races with nothing, its write of
// pb_late after them with every operation that reads it.
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/spi/spi.h>
#include <linux/gpio/driver.h>
#include <linux/serial_core.h>

static int pb_cfg, pb_late;

static int pb_smbus(struct i2c_adapter *adap, u16 addr, unsigned short flags, char rw, u8 cmd, int size,
		    union i2c_smbus_data *data)
{
	data->byte = pb_cfg + pb_late; // want "race"
	return 0;
}

static u32 pb_func(struct i2c_adapter *adap)
{
	return I2C_FUNC_SMBUS_BYTE;
}

static const struct i2c_algorithm pb_algo = { .smbus_xfer = pb_smbus, .functionality = pb_func };
static struct i2c_adapter pb_adap = { .owner = THIS_MODULE, .algo = &pb_algo, .name = "pb" };

static int pb_transfer_one(struct spi_controller *ctlr, struct spi_device *spi, struct spi_transfer *t)
{
	return pb_cfg - pb_late; // want "race"
}

static int pb_gpio_get(struct gpio_chip *gc, unsigned int offset)
{
	return (pb_cfg >> offset) & pb_late; // want "race"
}

static struct gpio_chip pb_chip = { .label = "pb", .ngpio = 8, .base = -1, .get = pb_gpio_get };

static unsigned int pb_tx_empty(struct uart_port *port)
{
	return pb_cfg == pb_late; // want "race"
}

static const struct uart_ops pb_uart_ops = { .tx_empty = pb_tx_empty };
static struct uart_driver pb_uart = { .owner = THIS_MODULE, .driver_name = "pb", .dev_name = "ttyPB", .nr = 1 };
static struct uart_port pb_port = { .ops = &pb_uart_ops, .line = 0 };

static int pb_probe(struct platform_device *pdev)
{
	struct spi_controller *ctlr;
	int err;

	pb_cfg = 7;
	err = i2c_add_adapter(&pb_adap);
	if (err)
		return err;
	ctlr = devm_spi_alloc_host(&pdev->dev, 0);
	if (!ctlr)
		return -ENOMEM;
	ctlr->transfer_one = pb_transfer_one;
	err = devm_spi_register_controller(&pdev->dev, ctlr);
	if (err)
		return err;
	err = devm_gpiochip_add_data(&pdev->dev, &pb_chip, NULL);
	if (err)
		return err;
	pb_port.dev = &pdev->dev;
	err = uart_add_one_port(&pb_uart, &pb_port);
	if (err)
		return err;
	pb_late = 1; // want "race"
	return 0;
}

static struct platform_driver pb_driver = {
	.driver = { .name = "pb" },
	.probe = pb_probe,
};

static int __init pb_init(void)
{
	int err = uart_register_driver(&pb_uart);

	if (err)
		return err;
	return platform_driver_register(&pb_driver);
}

static void __exit pb_exit(void)
{
	platform_driver_unregister(&pb_driver);
	uart_unregister_driver(&pb_uart);
}

module_init(pb_init);
module_exit(pb_exit);
MODULE_LICENSE("GPL");
