package smaps

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// VMFlags returns the VmFlags field ("rd wr mr mw me ac hg ...") of the
// mapping of this process that holds addr.
func VMFlags(addr uintptr) (string, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return "", err
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		// A mapping's first line starts "lo-hi perms ...", in hex.
		if lo, hi, ok := strings.Cut(fields[0], "-"); ok {
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 == nil && err2 == nil {
				in = uint64(addr) >= l && uint64(addr) < h
				continue
			}
		}
		if in && fields[0] == "VmFlags:" {
			return strings.Join(fields[1:], " "), nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("smaps: no mapping holds %#x", addr)
}

// HasFlag reports whether flags (as VMFlags returns them) include flag.
func HasFlag(flags, flag string) bool {
	for _, f := range strings.Fields(flags) {
		if f == flag {
			return true
		}
	}
	return false
}
