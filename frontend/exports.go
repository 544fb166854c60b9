package frontend

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/whoopverify/whoop/frontend/entry"
)

// closeExports sets ir.Program.ClosedExports for a module of several files
// read in a kernel tree (the module-exports assumption): the exported
// symbols the files use themselves (entry.UsedExports) that no other C
// file or header of the tree names, apart from the headers beside the
// files (the module's own, ad525x_dpot.h). ad525x_dpot.c's ad_dpot_probe,
// called only by ad525x_dpot-i2c.c and -spi.c, is closed when all three
// are given; ptp.ko's ptp_find_pin, which ptp_chardev.c and many network
// drivers call, stays open. Outside a tree nothing is closed.
func closeExports(st *state) error {
	prog := st.prog
	if st.cfg.OpenExports || st.cfg.Kernel == nil || len(prog.Files) < 2 {
		return nil
	}
	cands := entry.UsedExports(prog)
	if len(cands) == 0 {
		return nil
	}
	given := map[string]bool{}
	dirs := map[string]bool{}
	for _, f := range prog.Files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return fmt.Errorf("module-exports: %w", err)
		}
		given[abs] = true
		dirs[filepath.Dir(abs)] = true
	}
	open := map[string]bool{}
	root, err := filepath.Abs(st.cfg.Kernel.Tree)
	if err != nil {
		return fmt.Errorf("module-exports: %w", err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable directory names nothing we can see
		}
		if cerr := st.ctx.Err(); cerr != nil {
			return cerr
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		isH := strings.HasSuffix(path, ".h")
		if !isH && !strings.HasSuffix(path, ".c") || given[path] || isH && dirs[filepath.Dir(path)] {
			return nil
		}
		src, rerr := os.ReadFile(path)
		if rerr != nil {
			return nil
		}
		for _, c := range cands {
			if !open[c] && namesWord(src, c) {
				open[c] = true
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("module-exports: searching %s: %w", root, err)
	}
	for _, c := range cands {
		if !open[c] {
			if prog.ClosedExports == nil {
				prog.ClosedExports = map[string]bool{}
			}
			prog.ClosedExports[c] = true
		}
	}
	return nil
}

// namesWord reports whether src holds name as a C identifier.
func namesWord(src []byte, name string) bool {
	ident := func(b byte) bool {
		return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
	}
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte(name))
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !ident(src[j-1])) && (end == len(src) || !ident(src[end])) {
			return true
		}
		i = j + 1
	}
}
