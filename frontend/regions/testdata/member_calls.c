/* A helper called with pointers to different members of one object is
 * copied per member (members.go): each copy's parameter points to its
 * member, so the members between them stay apart. The patterns are the
 * rtc core's rtc_timer_remove(rtc, &rtc->aie_timer) and
 * (rtc, &rtc->uie_rtctimer) (drivers/rtc/interface.c), and lm93's
 * lm93_read_block(client, 3, data->block3) and (client, 7, data->block7)
 * (drivers/hwmon/lm93.c): the members between the two used to be one
 * folded region ("struct dev.{a..b}", "struct dev.{block1..block3}"). */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/workqueue.h>

struct tmr {
	int enabled;
	long expires;
};

struct dev {
	struct mutex lock;
	struct tmr a;
	struct tmr b;
	int other;
	u8 block1[8];
	u8 mid[4];
	u8 block3[16];
	u8 after;
	struct work_struct work;
};

static u8 buffer[32];

static void tmr_remove(struct dev *d, struct tmr *t)
{
	t->enabled = 0; // want region "struct dev.a.enabled" region "struct dev.b.enabled"
}

/* A callee that only publishes (schedule_work installs no callback: no
 * registration site) is copied with the helper. */
static void kick(struct dev *d)
{
	schedule_work(&d->work);
}

/* So is a helper that publishes itself: the rtc core's rtc_timer_remove
 * calls schedule_work(&rtc->irqwork). */
static void tmr_kick(struct dev *d, struct tmr *t)
{
	t->enabled = 2; // want region "struct dev.a.enabled" region "struct dev.b.enabled"
	schedule_work(&d->work);
}

static void dev_work(struct work_struct *w);

/* A helper that installs a callback (INIT_WORK makes a registration site
 * of the entry-point pass) stays one function: its calls stay merged. */
static struct sdev {
	struct tmr a;
	struct tmr b;
	struct work_struct work;
} sd;

static void tmr_setup(struct tmr *t)
{
	t->expires = 0; // want region "struct sdev.{a..b}"
	INIT_WORK(&sd.work, dev_work);
}

static void tmr_start(struct dev *d, struct tmr *t)
{
	t->expires = 5; // want region "struct dev.a.expires" region "struct dev.b.expires"
	kick(d);
}

static void dev_work(struct work_struct *w)
{
}

static void read_block(u8 *values, int len)
{
	memcpy(values, buffer, len); // want region "struct dev.block1[]" region "struct dev.block3[]" region "global buffer[]"
}

/* A copy whose every call passes one constant knows it: a length read
 * from a const table with it (lm93's lm93_block_read_cmds[fbn].len) is
 * exact, so the copy through a struct member (block1_t) stays in it. */
static const struct { u8 cmd; u8 len; } cmds[4] = { { 1, 8 }, { 2, 4 }, { 3, 2 }, { 4, 2 } };

static void read_cmd(u8 fbn, u8 *values)
{
	memcpy(values, buffer, cmds[fbn].len); // want region "struct regs.block1.s1" region "struct regs.block1.s2" region "struct regs.block2" region "global buffer[]" region "global cmds[].len"
}

/* A variable index gives no constant: the length is unknown, and the
 * copy from a struct member reaches the rest of the struct (A4). */
static void read_any(u8 fbn, u8 *values)
{
	memcpy(values, buffer, cmds[fbn].len); // want region "struct regs.block1.s1" region "struct regs.block1.s2" region "struct regs.block2" region "struct regs.after" region "global buffer[]" region "global cmds[].len"
}

struct pair {
	u8 s1;
	u8 s2;
};

struct regs {
	struct pair block1;
	struct pair block2;
	int after;
};

static long regs_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct regs *r = file->private_data;

	read_cmd(2, (u8 *)&r->block1);
	read_cmd(3, (u8 *)&r->block2);
	read_any(arg & 3, (u8 *)&r->block1);
	r->after = 1;    // want region "struct regs.after"
	r->block1.s2 = 1; // want region "struct regs.block1.s2"
	return 0;
}

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dev *d = file->private_data;

	tmr_remove(d, &d->a);
	tmr_remove(d, &d->b);
	INIT_WORK(&d->work, dev_work);
	tmr_start(d, &d->a);
	tmr_start(d, &d->b);
	tmr_kick(d, &d->a);
	tmr_kick(d, &d->b);
	tmr_setup(&sd.a);
	tmr_setup(&sd.b);
	read_block(d->block1, arg);
	read_block(d->block3, arg);
	d->a.enabled = 1;   // want region "struct dev.a.enabled"
	d->b.expires = 1;   // want region "struct dev.b.expires"
	d->mid[arg & 3] = 1; // want region "struct dev.mid[]"
	d->after = 1;       // want region "struct dev.after"
	return 0;
}

static const struct file_operations fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = dev_ioctl,
	.compat_ioctl = regs_ioctl,
};

static struct miscdevice misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "member_calls",
	.fops = &fops,
};

static int __init mod_init(void)
{
	return misc_register(&misc);
}
module_init(mod_init);
MODULE_LICENSE("GPL");
