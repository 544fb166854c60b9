/* whoop model: linux/clk.h - the common clock consumer API. */
#ifndef _WHOOP_LINUX_CLK_H
#define _WHOOP_LINUX_CLK_H

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/notifier.h>

struct device;
struct clk;

extern struct clk *clk_get(struct device *dev, const char *id);
extern struct clk *devm_clk_get(struct device *dev, const char *id);
extern void clk_put(struct clk *clk);
extern void devm_clk_put(struct device *dev, struct clk *clk);
extern int clk_prepare(struct clk *clk);
extern void clk_unprepare(struct clk *clk);
extern int clk_enable(struct clk *clk);
extern void clk_disable(struct clk *clk);
extern unsigned long clk_get_rate(struct clk *clk);
extern int clk_set_rate(struct clk *clk, unsigned long rate);
extern long clk_round_rate(struct clk *clk, unsigned long rate);
extern int clk_set_parent(struct clk *clk, struct clk *parent);
extern struct clk *clk_get_parent(struct clk *clk);

static inline int clk_prepare_enable(struct clk *clk)
{
	int ret;

	ret = clk_prepare(clk);
	if (ret)
		return ret;
	ret = clk_enable(clk);
	if (ret)
		clk_unprepare(clk);
	return ret;
}

static inline void clk_disable_unprepare(struct clk *clk)
{
	clk_disable(clk);
	clk_unprepare(clk);
}

#endif /* _WHOOP_LINUX_CLK_H */
