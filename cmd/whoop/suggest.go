package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/urfave/cli/v2"
)

// Typos are said, with the nearest thing whoop knows: an unknown flag (in
// every mode, kbuild's included), a command name that is no file.

// nearest returns the candidate closest to name by edit distance when it is
// close enough to be a typo of it (at most two edits, and fewer than half
// of name's letters), or "".
func nearest(name string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if d := editDistance(name, c); d < bestD && 2*d < len(name) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance of a and b:
// insertions, deletions, substitutions and swaps of neighbours.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// flagNames lists flags as the command line spells them: --name, -n.
func flagNames(flags []cli.Flag) []string {
	var out []string
	for _, f := range flags {
		for _, n := range f.Names() {
			if len(n) == 1 {
				out = append(out, "-"+n)
			} else {
				out = append(out, "--"+n)
			}
		}
	}
	return out
}

// undefinedFlag matches the flag package's message for an unknown flag.
var undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)

// unknownFlag rewrites the flag package's message for an unknown flag
// ("flag provided but not defined: -json-outt") as whoop says it, with the
// nearest flag of flags; other errors are returned as they are.
func unknownFlag(err error, flags []cli.Flag) error {
	m := undefinedFlag.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	name := "--" + m[1]
	if len(m[1]) == 1 {
		name = "-" + m[1]
	}
	return fmt.Errorf("unknown flag %s%s", name, didYouMean(name, flagNames(flags)))
}

// didYouMean is "; did you mean X?" for the nearest of candidates to
// name, or "".
func didYouMean(name string, candidates []string) string {
	if n := nearest(name, candidates); n != "" {
		return "; did you mean " + n + "?"
	}
	return ""
}

// commandTypo returns a usage error when the first argument of a check is
// no file but nearly the name of a command ("whoop entrypoint f.c").
func commandTypo(app *cli.App, args []string, exists func(string) bool) error {
	if len(args) == 0 || strings.ContainsAny(args[0], "./") || exists(args[0]) {
		return nil
	}
	var names []string
	for _, c := range app.Commands {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	if n := nearest(args[0], names); n != "" {
		return usageErrorf("%s: no such file, and no command; did you mean \"whoop %s\"?", args[0], n)
	}
	return nil
}
