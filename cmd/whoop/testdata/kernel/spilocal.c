// spi_write and spi_read (include/linux/spi/spi.h) build an spi_transfer
// and an spi_message on their own stack, link them (the message's
// transfer list, a list head pointing to itself) and lend them to
// spi_sync: per call, private to it (A6, A8 lent links). The lent
// message's pointers to the transfer, and to itself, used to publish
// both, so that every call's message was the canonical struct spi_message
// and raced with every other call's. A message kept in shared memory
// still races.
#include <linux/module.h>
#include <linux/spi/spi.h>

struct sl_ops {
	int (*read8)(void *client);
	int (*write8)(void *client, u8 val);
	int (*write_shared)(void *client, u8 val);
};

struct sl_shared {
	struct spi_transfer xfer;
	struct spi_message msg;
	u8 buf[2];
};
static struct sl_shared sl_shared;

static int sl_read8(void *client)
{
	u8 data;
	int ret = spi_read(client, &data, 1);

	return ret < 0 ? ret : data;
}

static int sl_write8(void *client, u8 val)
{
	u8 data = val;

	return spi_write(client, &data, 1);
}

static int sl_write_shared(void *client, u8 val)
{
	sl_shared.buf[0] = val; // want "race"
	spi_message_init_with_transfers(&sl_shared.msg, &sl_shared.xfer, 1); // want "race"
	return spi_sync(client, &sl_shared.msg);
}

static const struct sl_ops sl_ops = {
	.read8 = sl_read8,
	.write8 = sl_write8,
	.write_shared = sl_write_shared,
};

extern int sl_register(const struct sl_ops *ops, void *client);

static int sl_probe(struct spi_device *spi)
{
	return sl_register(&sl_ops, spi);
}

static struct spi_driver sl_driver = {
	.driver = { .name = "spilocal" },
	.probe = sl_probe,
};
module_spi_driver(sl_driver);
MODULE_LICENSE("GPL");
