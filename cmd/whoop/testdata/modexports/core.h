struct device;
struct attribute_group;
extern const struct attribute_group *me_groups[];
int me_probe(struct device *dev, int id);
void me_remove(struct device *dev);
