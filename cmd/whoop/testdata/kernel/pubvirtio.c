// virtio_find_single_vq (and virtio_find_vqs) create the virtqueues whose
// callbacks vring_interrupt calls from then on: the probe's writes before
// it race with nothing, its write after it with the callback that reads it.
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>

struct pv_priv {
	int ready;
	int late;
};

static void pv_done(struct virtqueue *vq)
{
	struct pv_priv *p = vq->vdev->priv;

	if (p->ready + p->late) // want "race"
		virtqueue_kick(vq);
}

static int pv_probe(struct virtio_device *vdev)
{
	struct pv_priv *p = devm_kzalloc(&vdev->dev, sizeof(*p), GFP_KERNEL);
	struct virtqueue *vq;

	if (!p)
		return -ENOMEM;
	vdev->priv = p;
	p->ready = 1;
	vq = virtio_find_single_vq(vdev, pv_done, "pv");
	if (IS_ERR(vq))
		return PTR_ERR(vq);
	p->late = 1; // want "race"
	return 0;
}

static const struct virtio_device_id pv_ids[] = { { 42, VIRTIO_DEV_ANY_ID }, { 0 } };

static struct virtio_driver pv_driver = {
	.driver.name = "pv",
	.id_table = pv_ids,
	.probe = pv_probe,
};
module_virtio_driver(pv_driver);
MODULE_LICENSE("GPL");
