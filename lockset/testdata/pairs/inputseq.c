// Input device callbacks stored at run time (open/close under dev->mutex,
// event under dev->event_lock) and seq_file operations (one m->lock per
// open file: concurrent only on different seq_files). Rules: input-mutex,
// input-event-lock, seq-file.
#include <linux/module.h>
#include <linux/input.h>
#include <linux/seq_file.h>

static int s_state;
static struct input_dev *s_input;

static int i_open(struct input_dev *dev) { s_state = 1; return 0; }
static void i_close(struct input_dev *dev) { s_state = 0; }
static int i_event(struct input_dev *dev, unsigned int type, unsigned int code, int value) { return s_state; }

static void *s_start(struct seq_file *m, loff_t *pos) { return NULL; }
static int s_show(struct seq_file *m, void *v) { return s_state; }

static const struct seq_operations s_ops = {
	.start = s_start,
	.show = s_show,
};

static int s_init(void)
{
	s_input = input_allocate_device();
	if (!s_input)
		return -ENOMEM;
	s_input->open = i_open;
	s_input->close = i_close;
	s_input->event = i_event;
	return input_register_device(s_input);
}

module_init(s_init);

// want pair "s_start s_start concurrent distinct 0:0"
// want pair "s_start s_show concurrent distinct 0:0"
// want pair "s_start i_open concurrent"
// want pair "s_start i_close concurrent"
// want pair "s_start i_event concurrent"
// want pair "s_start s_init concurrent"
// want pair "s_show s_show concurrent distinct 0:0"
// want pair "s_show i_open concurrent"
// want pair "s_show i_close concurrent"
// want pair "s_show i_event concurrent"
// want pair "s_show s_init concurrent"
// want pair "i_open i_open not-concurrent: dev->mutex"
// want pair "i_open i_close not-concurrent: dev->mutex"
// want pair "i_open i_event concurrent"
// want pair "i_open s_init concurrent"
// want pair "i_close i_close not-concurrent: dev->mutex"
// want pair "i_close i_event concurrent"
// want pair "i_close s_init concurrent"
// want pair "i_event i_event not-concurrent: event_lock"
// want pair "i_event s_init concurrent"
// want pair "s_init s_init not-concurrent: runs once and alone"
