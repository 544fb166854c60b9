package frontend

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrescanLimits checks that input beyond the pre-scan's limits is an
// input error naming the line where the limit is crossed, before cc/v4
// parses it (parentheses nested 100,000 deep overflowed the Go stack), and
// that brackets inside comments, strings and directives do not count.
func TestPrescanLimits(t *testing.T) {
	nestedIfs := func(n int) string {
		return "int g;\nvoid f(int n)\n{\n" + strings.Repeat("if (n)\n", n) + "g++;\n}\n"
	}
	elseIfs := func(n int) string {
		var b strings.Builder
		b.WriteString("int g;\nvoid f(int n)\n{\n\tif (n == 0) g = 0;\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "\telse if (n == %d) { g = %d; g++; }\n", i, i)
		}
		b.WriteString("}\n")
		return b.String()
	}
	terms := func(n int) string {
		return "int g;\nvoid f(int n)\n{\n\tg = n" + strings.Repeat(" + n", n-1) + ";\n}\n"
	}
	parens := func(n int) string {
		return "int g;\nvoid f(void)\n{\n\tg = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";\n}\n"
	}
	tooDeep := fmt.Sprintf("brackets and statements nested more than %d deep: whoop refuses the file before parsing (limit MaxNesting)", MaxNesting)
	cases := []struct {
		name, src string
		want      string // "" for no error
	}{
		{"parentheses 100000", parens(100000), ":4: " + tooDeep},
		{"parentheses at the limit", parens(MaxNesting - 2), ""},
		{"nested ifs 100000", nestedIfs(100000), fmt.Sprintf(":%d: %s", 4+MaxNesting-2, tooDeep)},
		{"nested ifs 200", nestedIfs(200), ""},
		{"else-if chain 1000", elseIfs(1000), fmt.Sprintf(":%d: %s", 4+MaxNesting-3, tooDeep)},
		{"else-if chain 200", elseIfs(200), ""},
		{"20000 terms", terms(20000), fmt.Sprintf(":4: expression with more than %d operators: whoop refuses it before parsing (limit MaxOperators)", MaxOperators)},
		{"2000 terms", terms(2000), ""},
		{"brackets in comments, strings and directives", "#define OPEN " + strings.Repeat("(", 1000) + "\n/* " + strings.Repeat("{", 1000) +
			" */\n// " + strings.Repeat("[", 1000) + "\nchar *s = \"" + strings.Repeat("(", 1000) + "\";\nchar c = '(';\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, "deep.c", c.src)
			_, err := LoadUntil(context.Background(), path, Config{}, "parse")
			if c.want == "" {
				if err != nil {
					t.Fatalf("err = %v, want none", err)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || err.Error() != path+c.want {
				t.Fatalf("err = %v, want an InputError %q", err, path+c.want)
			}
		})
	}
}

// TestPrescanDrivers checks that no shared driver, nor any file of the
// paper suite, comes near the pre-scan's limits.
func TestPrescanDrivers(t *testing.T) {
	files := sharedDrivers(t)
	shared := files[0][:strings.LastIndex(files[0], "/drivers/")]
	err := filepath.WalkDir(filepath.Join(shared, "paper-suite"), func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".c") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := prescan(path, src); err != nil {
			t.Error(err)
		}
	}
}
