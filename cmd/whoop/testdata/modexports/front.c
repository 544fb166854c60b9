// The i2c front end of core.c: its driver's dev_groups are the core's
// exported groups, and its probe and remove call the core's exported
// helpers.
#include <linux/module.h>
#include <linux/i2c.h>
#include "core.h"

static int mef_probe(struct i2c_client *client)
{
	return me_probe(&client->dev, 1);
}

static void mef_remove(struct i2c_client *client)
{
	me_remove(&client->dev);
}

static const struct i2c_device_id mef_id[] = { { "mef" }, { } };
MODULE_DEVICE_TABLE(i2c, mef_id);

static struct i2c_driver mef_driver = {
	.driver = { .name = "mef", .dev_groups = me_groups },
	.probe = mef_probe,
	.remove = mef_remove,
	.id_table = mef_id,
};
module_i2c_driver(mef_driver);

MODULE_LICENSE("GPL");
