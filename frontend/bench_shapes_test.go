package frontend

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/lockset"
)

// Shapes of generated C that once made whoop's work grow faster than its
// input (issue 11): each should scale about linearly, or be refused by the
// pre-scan as an input error.
const shapeHeader = "#include <linux/module.h>\n#include <linux/fs.h>\n#include <linux/spinlock.h>\nstatic int g;\nstatic DEFINE_SPINLOCK(lk);\n"

// shapeFops registers read (and write, when given) as file operations.
func shapeFops(write bool) string {
	w := ""
	if write {
		w = "\t.write = wr,\n"
	}
	return "static const struct file_operations fops = {\n\t.read = rd,\n" + w + "};\n" +
		"static int __init m_init(void) { return register_chrdev(0, \"x\", &fops); }\nmodule_init(m_init);\n"
}

const (
	shapeRead  = "static ssize_t rd(struct file *f, char __user *u, size_t n, loff_t *p)\n{\n"
	shapeWrite = "static ssize_t wr(struct file *f, const char __user *u, size_t n, loff_t *p)\n{\n"
)

// shapeSource returns the C text of shape with n repetitions.
func shapeSource(shape string, n int) string {
	var b strings.Builder
	b.WriteString(shapeHeader)
	switch shape {
	case "ifs": // n sequential ifs in one entry point
		b.WriteString(shapeRead + strings.Repeat("\tif (n & 1) g++;\n", n) + "\treturn 0;\n}\n")
		b.WriteString(shapeWrite + "\tspin_lock(&lk); g++; spin_unlock(&lk);\n\treturn 0;\n}\n" + shapeFops(true))
	case "fields": // a struct of n fields
		b.WriteString("struct big {\n")
		for i := range n {
			fmt.Fprintf(&b, "\tint f%d;\n", i)
		}
		b.WriteString("};\nstatic struct big bg;\n")
		b.WriteString(shapeRead + "\tbg.f0++;\n\treturn 0;\n}\n")
		fmt.Fprintf(&b, shapeWrite+"\tbg.f%d++;\n\treturn 0;\n}\n", n-1)
		b.WriteString(shapeFops(true))
	case "entries": // n entry points in a driver-defined ops table
		for i := range n {
			fmt.Fprintf(&b, "static int g%d;\nstatic int h%d(void *d) { g%d++; return 0; }\n", i, i, i)
		}
		b.WriteString("struct myops { int (*fn)(void *); };\nint my_register(struct myops *o);\nstatic struct myops ops[] = {\n")
		for i := range n {
			fmt.Fprintf(&b, "\t{ h%d },\n", i)
		}
		b.WriteString("};\nstatic int __init m_init(void) { return my_register(ops); }\nmodule_init(m_init);\n")
	case "nested-ifs": // n nested ifs
		b.WriteString(shapeRead + strings.Repeat("\tif (n)\n", n) + "\tg++;\n\treturn 0;\n}\n" + shapeFops(false))
	case "terms": // one line of n terms
		b.WriteString(shapeRead + "\tg = (int)n" + strings.Repeat(" + (int)n", n-1) + ";\n\treturn 0;\n}\n" + shapeFops(false))
	case "parens": // parentheses nested n deep
		b.WriteString(shapeRead + "\tg = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";\n\treturn 0;\n}\n" + shapeFops(false))
	default:
		panic("unknown shape " + shape)
	}
	return b.String()
}

// BenchmarkShapes runs each shape end to end (front end, entry points,
// regions, lockset check) at the size issue 11 names. A shape the pre-scan
// refuses measures the time to the input error.
//
//	go test ./frontend -run '^$' -bench Shapes -benchtime 1x
func BenchmarkShapes(b *testing.B) {
	for _, c := range []struct {
		shape string
		n     int
	}{
		{"ifs", 1000}, {"ifs", 3000}, {"ifs", 10000}, {"fields", 2000}, {"entries", 1000},
		{"nested-ifs", 100000}, {"terms", 20000}, {"parens", 100000},
	} {
		b.Run(fmt.Sprintf("%s-%d", c.shape, c.n), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), c.shape+".c")
			if err := os.WriteFile(path, []byte(shapeSource(c.shape, c.n)), 0o644); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				prog, err := Load(context.Background(), path, Config{})
				var ie *InputError
				if errors.As(err, &ie) {
					continue
				}
				if err != nil {
					b.Fatal(err)
				}
				if _, err := lockset.Check(context.Background(), prog, lockset.Options{Jobs: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
