package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/report"
)

// sweepFlags select and shard the files of a directory sweep.
func sweepFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "shard", Usage: "check only shard `I/N` of the files (after directories are expanded, " +
			"every N-th file from the I-th, 1 <= I <= N), for spreading a sweep over machines; join the JSON reports with whoop merge"},
		&cli.StringFlag{Name: "p", Usage: "read each file's compiler command (include directories, forced includes, macros) from " +
			"`BUILD_DIR`/compile_commands.json (make compile_commands.json writes it); with no FILE, check every C file it lists; " +
			"a DIR selects the files it lists below DIR"},
	}
}

// expandPaths replaces each directory argument by the .c files below it,
// sorted by path (generated *.mod.c files and hidden directories skipped),
// and then keeps the files of --shard.
func expandPaths(c *cli.Context, args []string) ([]string, bool, error) {
	var out []string
	swept := false
	if db := compDBOf(c); db != nil {
		files, err := db.selectFiles(args)
		if err != nil {
			return nil, false, err
		}
		out, swept, args = files, len(files) > 1, nil
	}
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			out = append(out, a) // the file check reports a missing file
			continue
		}
		swept = true
		var files []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && p != a && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".c") && !strings.HasSuffix(p, ".mod.c") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, swept, &exitError{code: exitInput, msg: fmt.Sprintf("%s: %v", a, err)}
		}
		if len(files) == 0 {
			return nil, swept, &exitError{code: exitInput, msg: fmt.Sprintf("%s: no .c file below this directory", a)}
		}
		slices.Sort(files)
		out = append(out, files...)
	}
	spec := c.String("shard")
	if spec == "" {
		return out, swept, nil
	}
	i, n, err := parseShard(spec)
	if err != nil {
		return nil, swept, err
	}
	var mine []string
	for k, f := range out {
		if k%n == i-1 {
			mine = append(mine, f)
		}
	}
	if len(mine) == 0 {
		return nil, swept, &exitError{code: exitInconclusive, msg: fmt.Sprintf("--shard %s: no file falls in this shard (%d files)", spec, len(out))}
	}
	return mine, true, nil
}

func parseShard(spec string) (int, int, error) {
	is, ns, ok := strings.Cut(spec, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, usageErrorf("--shard %q: want I/N with 1 <= I <= N (2/4 is the second of four shards)", spec)
	}
	return i, n, nil
}

// closingTable prints the sweep's totals: files, analysed, race-free, with
// races, inconclusive, input errors by cause, and the time.
func closingTable(w io.Writer, results []*lockset.FileResult, errs []report.FileError, start time.Time) {
	raceFree, racy, inconclusive := 0, 0, 0
	for _, r := range results {
		switch {
		case r.RacyPairs() > 0:
			racy++
		case r.InconclusivePairs() > 0 || len(r.EntryPoints) == 0:
			inconclusive++
		default:
			raceFree++
		}
	}
	causes := map[string]int{}
	for _, e := range errs {
		causes[errorCause(e.Msg)]++
	}
	fmt.Fprintf(w, "whoop: %d files: %d analysed (%d race-free, %d with races, %d inconclusive), %d not analysed",
		len(results)+len(errs), len(results), raceFree, racy, inconclusive, len(errs))
	if len(causes) > 0 {
		var keys []string
		for k := range causes {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s: %d", k, causes[k]))
		}
		fmt.Fprintf(w, " (%s)", strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "; %v\n", time.Since(start).Round(100*time.Millisecond))
}

// errorCause names the kind of a file's failure for the closing table,
// from its first line (notes after it, such as a Makefile line, are not
// causes).
func errorCause(msg string) string {
	first, _, _ := strings.Cut(msg, "\n")
	m := strings.ToLower(first)
	for _, c := range []struct{ key, cause string }{
		{"no model for", "missing header"},
		{"not found in the kernel tree", "missing header"},
		{"file-timeout", "file deadline"},
		{"deadline", "file deadline"},
		{"internal error", "internal error"}, // before "memory": "invalid memory address"
		{"memory", "memory cap"},
		{"interrupt", "interrupted"},
		{"no such file", "missing file"},
		{"unsupported", "unsupported C"},
	} {
		if strings.Contains(m, c.key) {
			return c.cause
		}
	}
	return "C front end"
}
