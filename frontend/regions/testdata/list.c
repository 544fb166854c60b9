/* list_entry over a driver list; drvdata round trips through the kernel. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/pci.h>
#include <linux/interrupt.h>

struct item {
	int val;
	struct list_head node;
};

static LIST_HEAD(items);

struct card {
	int irq_count;
	struct pci_dev *pdev;
};

static void add_item(int v)
{
	struct item *it = kzalloc(sizeof(*it), GFP_KERNEL);
	if (!it)
		return;
	it->val = v;                               // want region "fresh kzalloc in add_item.val" shared
	list_add(&it->node, &items);
}

static int sum_items(void)
{
	struct item *it;
	int sum = 0;
	list_for_each_entry(it, &items, node)
		sum += it->val;                    // want region "fresh kzalloc in add_item.val" shared
	return sum;
}

static irqreturn_t card_irq(int irq, void *dev_id)
{
	struct card *c = dev_id;
	c->irq_count++;                            // want region "struct card.irq_count"
	return IRQ_HANDLED;
}

static int card_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct card *c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->pdev = pdev;                            // want region "struct card.pdev"
	pci_set_drvdata(pdev, c);
	add_item(1);
	return request_irq(pdev->irq, card_irq, IRQF_SHARED, "card", c); // want arg 4 "struct card" exact
}

static void card_remove(struct pci_dev *pdev)
{
	struct card *c = pci_get_drvdata(pdev);
	c->irq_count = sum_items();                // want region "struct card.irq_count"
	free_irq(pdev->irq, c);
	kfree(c);                                  // want region "struct card.irq_count" region "struct card.pdev" region "struct card.{padding}"
}

static const struct pci_device_id ids[] = {
	{ PCI_DEVICE(0x10ec, 0x8139) },
	{ 0, }
};

static struct pci_driver card_driver = {
	.name = "card",
	.id_table = ids,
	.probe = card_probe,
	.remove = card_remove,
};
module_pci_driver(card_driver);
