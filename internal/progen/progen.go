// Package progen generates small random driver programs for whoop's
// differential tests: two or three file operations registered through a
// misc device, a few globals, a struct and an array, a mutex and a spinlock
// (with a trylock), branches, a bounded loop, a helper and a call through
// a function pointer; some entry points fill in a stack local, may publish
// it through a global pointer and then keep using it, and some use what
// that pointer points to. The same seed gives the same program.
package progen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// entry is one generated file operation.
type entry struct {
	field, name, sig, ret, arg string
}

var entries = []entry{
	{"read", "dev_read", "struct file *file, char __user *buf, size_t n, loff_t *ppos", "return 0;", "n"},
	{"write", "dev_write", "struct file *file, const char __user *buf, size_t n, loff_t *ppos", "return n;", "n"},
	{"unlocked_ioctl", "dev_ioctl", "struct file *file, unsigned int cmd, unsigned long arg", "return 0;", "arg"},
}

// gen writes one program.
type gen struct {
	r        *rand.Rand
	lr       *rand.Rand // the stack-local statements' choices: r's stream stays as it was
	b        strings.Builder
	depth    int
	inHelper bool
	locks    []string // locks held at this point, innermost last
}

var (
	cells = []string{"g0", "g1", "g2", "st.a", "st.b", "arr[0]", "arr[1]", "arr[v & 3]"}
	locks = []string{"m0", "l1"}
)

// Program returns the C source of the program of seed.
func Program(seed uint64) string {
	g := &gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		lr: rand.New(rand.NewPCG(seed^0x5851f42d4c957f2d, seed))}
	n := 2 + g.r.IntN(2)
	eps := entries[:n]
	g.p("/* whoop progen seed %d */\n", seed)
	g.p("#include <linux/module.h>\n#include <linux/fs.h>\n#include <linux/miscdevice.h>\n")
	g.p("#include <linux/mutex.h>\n#include <linux/spinlock.h>\n#include <linux/atomic.h>\n#include <linux/bitops.h>\n\n")
	g.p("static DEFINE_MUTEX(m0);\nstatic DEFINE_SPINLOCK(l1);\n")
	g.p("static int g0, g1, g2;\nstatic struct { int a, b; } st;\nstatic int arr[4];\n")
	g.p("static atomic_t cnt = ATOMIC_INIT(0);\nstatic unsigned long flags;\n")
	g.p("struct pr { int a, b; };\nstatic struct pr *gp;\n\n")
	g.inHelper = true
	g.p("static int helper(int v)\n{\n\tint i;\n\n")
	g.block(1, 2)
	g.inHelper = false
	g.p("\t(void)i;\n\treturn v;\n}\n\n")
	g.p("static void bump(int v) { g%d += v; }\n", g.r.IntN(3))
	g.p("static void clear(int v) { st.b = v; }\n")
	g.p("static void (*const table[2])(int) = { bump, clear };\n\n")
	for _, e := range eps {
		g.p("static %s %s(%s)\n{\n\tint v = %s;\n\tint i;\n", retType(e), e.name, e.sig, e.arg)
		local := g.lr.IntN(2) == 0
		if local {
			g.p("\tstruct pr loc = { .a = v };\n")
		}
		g.p("\n")
		if local {
			g.localPrologue()
		}
		g.block(1, 3+g.r.IntN(3))
		if g.lr.IntN(2) == 0 {
			g.pointerUse()
		}
		g.p("\t(void)i;\n\t%s\n}\n\n", e.ret)
	}
	g.p("static const struct file_operations dev_fops = {\n\t.owner = THIS_MODULE,\n")
	for _, e := range eps {
		g.p("\t.%s = %s,\n", e.field, e.name)
	}
	g.p("};\n\nstatic struct miscdevice dev_misc = { MISC_DYNAMIC_MINOR, \"progen\", &dev_fops };\n\n")
	g.p("static int __init dev_init(void)\n{\n\tg0 = 1;\n\treturn misc_register(&dev_misc);\n}\n\n")
	g.p("static void __exit dev_exit(void) { misc_deregister(&dev_misc); }\n")
	g.p("module_init(dev_init);\nmodule_exit(dev_exit);\nMODULE_LICENSE(\"GPL\");\n")
	return g.b.String()
}

// localPrologue fills in loc, maybe publishes it through gp (under m0,
// or only on one branch), and uses it after.
func (g *gen) localPrologue() {
	g.p("\tloc.b = v + 1;\n")
	switch g.lr.IntN(4) {
	case 0:
		g.p("\tgp = &loc;\n")
	case 1:
		g.p("\tif (v & 1)\n\t\tgp = &loc;\n")
	case 2:
		g.p("\tmutex_lock(&m0);\n\tgp = &loc;\n\tmutex_unlock(&m0);\n")
	}
	switch g.lr.IntN(3) {
	case 0:
		g.p("\tloc.a = loc.b;\n")
	case 1:
		g.p("\tmutex_lock(&m0);\n\tloc.b++;\n\tmutex_unlock(&m0);\n")
	default:
		g.p("\tv += loc.a;\n")
	}
}

// pointerUse reads or writes what gp points to, if anything, maybe under m0.
func (g *gen) pointerUse() {
	use := [...]string{"gp->a = v;", "v += gp->b;", "gp->b++;"}[g.lr.IntN(3)]
	if g.lr.IntN(2) == 0 {
		g.p("\tmutex_lock(&m0);\n\tif (gp)\n\t\t%s\n\tmutex_unlock(&m0);\n", use)
		return
	}
	g.p("\tif (gp)\n\t\t%s\n", use)
}

func retType(e entry) string {
	if e.field == "unlocked_ioctl" {
		return "long"
	}
	return "ssize_t"
}

func (g *gen) p(format string, args ...any) { fmt.Fprintf(&g.b, format, args...) }

func (g *gen) indent(n int) string { return strings.Repeat("\t", n) }

func (g *gen) cell() string { return cells[g.r.IntN(len(cells))] }

func (g *gen) cond() string {
	switch g.r.IntN(3) {
	case 0:
		return fmt.Sprintf("v > %d", g.r.IntN(4))
	case 1:
		return fmt.Sprintf("%s == %d", g.cell(), g.r.IntN(3))
	}
	return "v & 1"
}

func (g *gen) held(l string) bool {
	for _, h := range g.locks {
		if h == l {
			return true
		}
	}
	return false
}

// block writes n statements at indentation ind.
func (g *gen) block(ind, n int) {
	for range n {
		g.stmt(ind)
	}
}

func (g *gen) stmt(ind int) {
	in := g.indent(ind)
	k := g.r.IntN(12)
	if g.depth >= 2 && k >= 5 && k < 10 {
		k = g.r.IntN(5)
	}
	switch k {
	case 10:
		// Marked and atomic accesses race only with plain ones.
		switch g.r.IntN(4) {
		case 0:
			g.p("%sWRITE_ONCE(g%d, v);\n", in, g.r.IntN(3))
		case 1:
			g.p("%sv += READ_ONCE(g%d);\n", in, g.r.IntN(3))
		case 2:
			g.p("%satomic_inc(&cnt);\n", in)
		default:
			g.p("%sv += atomic_read(&cnt);\n", in)
		}
	case 11:
		switch g.r.IntN(3) {
		case 0:
			g.p("%sset_bit(v & 3, &flags);\n", in)
		case 1:
			g.p("%sclear_bit(1, &flags);\n", in)
		default:
			g.p("%sif (test_bit(0, &flags))\n%s\tflags = v;\n", in, in)
		}
	case 0, 1:
		g.p("%s%s = %s;\n", in, g.cell(), g.valueExpr())
	case 2:
		g.p("%sv += %s;\n", in, g.cell())
	case 3:
		g.p("%s%s++;\n", in, g.cell())
	case 4:
		if g.inHelper || g.r.IntN(2) == 0 {
			g.p("%stable[v & 1](v);\n", in)
		} else {
			g.p("%sv = helper(v);\n", in)
		}
	case 5:
		g.depth++
		g.p("%sif (%s) {\n", in, g.cond())
		g.block(ind+1, 1+g.r.IntN(2))
		if g.r.IntN(2) == 0 {
			g.p("%s} else {\n", in)
			g.block(ind+1, 1)
		}
		g.p("%s}\n", in)
		g.depth--
	case 6:
		g.depth++
		g.p("%sfor (i = 0; i < 2; i++) {\n", in)
		g.block(ind+1, 1+g.r.IntN(2))
		g.p("%s}\n", in)
		g.depth--
	case 7, 8:
		l := locks[g.r.IntN(len(locks))]
		if g.held(l) {
			g.p("%s%s = v;\n", in, g.cell())
			return
		}
		lock, unlock := "mutex_lock", "mutex_unlock"
		if l == "l1" {
			lock, unlock = "spin_lock", "spin_unlock"
		}
		g.depth++
		g.locks = append(g.locks, l)
		g.p("%s%s(&%s);\n", in, lock, l)
		g.block(ind, 1+g.r.IntN(3))
		g.p("%s%s(&%s);\n", in, unlock, l)
		g.locks = g.locks[:len(g.locks)-1]
		g.depth--
	default:
		if g.held("m0") {
			g.p("%s%s = v;\n", in, g.cell())
			return
		}
		g.depth++
		g.locks = append(g.locks, "m0")
		g.p("%sif (mutex_trylock(&m0)) {\n", in)
		g.block(ind+1, 1+g.r.IntN(2))
		g.p("%s\tmutex_unlock(&m0);\n%s}\n", in, in)
		g.locks = g.locks[:len(g.locks)-1]
		g.depth--
	}
}

func (g *gen) valueExpr() string {
	switch g.r.IntN(3) {
	case 0:
		return fmt.Sprintf("%d", g.r.IntN(5))
	case 1:
		return "v"
	}
	return g.cell() + " + 1"
}
