package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// rlimitFlag reads --rlimit as lockset.Options.Rlimit: unset is 0 (the
// default budget), "0" is no limit (-1), else the count.
func rlimitFlag(c *cli.Context) (int64, error) {
	if !c.IsSet("rlimit") {
		return 0, nil
	}
	n, err := parseCount(c.String("rlimit"))
	switch {
	case err != nil:
		return 0, usageErrorf("--rlimit %s: want a count such as 200M, 50000000 or 0 (no limit)", c.String("rlimit"))
	case n > math.MaxUint32:
		// Z3 takes a 32-bit budget.
		return 0, usageErrorf("--rlimit %s: at most %s (Z3's largest budget), or 0 for no limit", c.String("rlimit"), units(math.MaxUint32))
	case n == 0:
		return -1, nil
	}
	return int64(n), nil
}

// parseCount reads a count with an optional decimal unit: k (10^3), M
// (10^6) or G (10^9), as 200M or 1.5G.
func parseCount(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	mul := 1.0
	if t != "" {
		switch t[len(t)-1] {
		case 'k', 'K':
			mul = 1e3
		case 'M':
			mul = 1e6
		case 'G':
			mul = 1e9
		}
	}
	if mul > 1 {
		t = t[:len(t)-1]
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || n < 0 || n*mul >= 1<<63 || n*mul != math.Trunc(n*mul) {
		return 0, fmt.Errorf("not a count: %q", s)
	}
	return uint64(n * mul), nil
}

// units prints a count the way parseCount reads it, exactly: 200M, 1500k,
// 4294967295.
func units(n uint64) string {
	switch {
	case n >= 1e9 && n%1e9 == 0:
		return fmt.Sprintf("%dG", n/1e9)
	case n >= 1e6 && n%1e6 == 0:
		return fmt.Sprintf("%dM", n/1e6)
	case n >= 1e3 && n%1e3 == 0:
		return fmt.Sprintf("%dk", n/1e3)
	}
	return strconv.FormatUint(n, 10)
}
