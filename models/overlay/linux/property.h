/* whoop tree-mode overlay: linux/device.h before the tree's
 * linux/property.h. dev_fwnode() there is a _Generic over a pointer to
 * struct device, which property.h alone leaves incomplete; cc/v4 then finds
 * no matching association (gcc completes the type later in the unit). */
#include <linux/device.h>
#include_next <linux/property.h>
