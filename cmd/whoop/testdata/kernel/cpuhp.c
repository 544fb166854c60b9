// CPU hotplug callbacks: cpuhp_setup_state publishes them (it may run
// startup for every online CPU before it returns) and CPU hotplug runs a
// state's callbacks one at a time under cpu_hotplug_lock (rule cpuhp), so
// their unlocked updates of ch_online race with each other not at all;
// cpuhp_remove_state waits for them. A failed cpuhp_setup_state (a
// negative result) registered nothing: init's write on that path races
// with nothing (assumption failed-registration). Init's write of ch_step
// after the registration races with the callbacks' reads.
#include <linux/module.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>

static int ch_online, ch_step;
static enum cpuhp_state ch_state;

static int ch_up(unsigned int cpu)
{
	ch_online++;
	return ch_step; // want "race"
}

static int ch_down(unsigned int cpu)
{
	ch_online--;
	return ch_step; // want "race"
}

static int __init ch_init(void)
{
	int ret;

	ch_online = 0;
	ch_step = 1;
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "ch:online", ch_up, ch_down);
	if (ret < 0) {
		ch_online = -1;
		return ret;
	}
	ch_state = ret;
	ch_step = 2; // want "race"
	return 0;
}

static void __exit ch_exit(void)
{
	cpuhp_remove_state(ch_state);
	ch_online = 0;
}

module_init(ch_init);
module_exit(ch_exit);
MODULE_LICENSE("GPL");
