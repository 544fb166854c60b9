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

	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/report"
)

// sweepFlags select and shard the files of a directory sweep.
func sweepFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "shard", Usage: "check only shard `I/N` of the files (after directories are expanded, " +
			"every N-th file from the I-th, 1 <= I <= N), for spreading a sweep over machines; join the JSON reports with whoop merge"},
		&cli.StringFlag{Name: "p", Usage: "read each file's compiler command (include directories, forced includes, macros) from " +
			"`BUILD_DIR`/compile_commands.json (make compile_commands.json writes it); with no FILE, check every C file it lists " +
			"(not the generated *.mod.c and module-common.c); a DIR selects the files it lists below DIR"},
		&cli.BoolFlag{Name: "all-files", Usage: "sweep every .c file below a DIR; by default, in a configured kernel tree (or with -p), " +
			"only the files the configuration builds are checked and the others listed as not built"},
	}
}

// unbuiltFile is a file below a swept directory that the configuration
// does not build, and why (a Makefile line, or the database it is not in).
type unbuiltFile struct{ path, why string }

// sweepFiles is what the command line's files and directories expand to.
type sweepFiles struct {
	paths   []string
	swept   bool          // a directory or a database was expanded
	unbuilt []unbuiltFile // left out of a directory (not --all-files)
}

// reportUnbuilt lists the files a sweep left out, one line each, and how
// to check them.
func reportUnbuilt(w io.Writer, unbuilt []unbuiltFile) {
	for _, u := range unbuilt {
		fmt.Fprintf(w, "whoop: %s: not built by this configuration (%s)\n", u.path, u.why)
	}
	if n := len(unbuilt); n > 0 {
		fmt.Fprintf(w, "whoop: %d %s not built by this configuration left out (--all-files checks %s)\n",
			n, plural(n, "file", "files"), plural(n, "it", "them"))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// builtFiles splits files below a directory into those the configuration
// of their kernel tree builds (all of them outside a configured tree) and
// the others.
func builtFiles(c *cli.Context, files []string) ([]string, []unbuiltFile) {
	if len(files) == 0 || c.Bool("all-files") {
		return files, nil
	}
	opts := treeOptions(c)
	opts.Log = nil // said again for each file it checks
	l, err := frontend.ResolveTree(files[0], opts)
	if err != nil || l == nil || l.Cmd != nil {
		return files, nil // each file says why it cannot be read
	}
	f, err := l.BuildFilter()
	if err != nil {
		return files, nil
	}
	var built []string
	var unbuilt []unbuiltFile
	for _, file := range files {
		if why := f.Unbuilt(file); why != "" {
			unbuilt = append(unbuilt, unbuiltFile{file, why})
		} else {
			built = append(built, file)
		}
	}
	return built, unbuilt
}

// expandPaths replaces each directory argument by the .c files below it,
// sorted by path (generated *.mod.c files and hidden directories skipped;
// in a configured tree, the files the configuration does not build, unless
// --all-files), and then keeps the files of --shard.
func expandPaths(c *cli.Context, args []string) (sweepFiles, error) {
	var out sweepFiles
	if db := compDBOf(c); db != nil {
		sel, err := db.selectFiles(args, c.Bool("all-files"))
		if err != nil {
			return out, err
		}
		out, args = sel, nil
	}
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			out.paths = append(out.paths, a) // the file check reports a missing file
			continue
		}
		out.swept = true
		files, err := cFilesBelow(a)
		if err != nil {
			return out, err
		}
		built, unbuilt := builtFiles(c, files)
		if len(built) == 0 {
			return out, &exitError{code: exitInconclusive, msg: fmt.Sprintf("%s: none of its %d .c files is built by this configuration (--all-files checks them)", a, len(files))}
		}
		out.paths = append(out.paths, built...)
		out.unbuilt = append(out.unbuilt, unbuilt...)
	}
	spec := c.String("shard")
	if spec == "" {
		return out, nil
	}
	i, n, err := parseShard(spec)
	if err != nil {
		return out, err
	}
	var mine []string
	for k, f := range out.paths {
		if k%n == i-1 {
			mine = append(mine, f)
		}
	}
	if len(mine) == 0 {
		return out, &exitError{code: exitInconclusive, msg: fmt.Sprintf("--shard %s: no file falls in this shard (%d files)", spec, len(out.paths))}
	}
	out.paths, out.swept = mine, true
	return out, nil
}

// cFilesBelow returns the .c files below dir, sorted (generated *.mod.c
// files and hidden directories skipped); none is an input error.
func cFilesBelow(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".c") && !strings.HasSuffix(p, ".mod.c") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: %v", dir, err)}
	}
	if len(files) == 0 {
		return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: no .c file below this directory", dir)}
	}
	slices.Sort(files)
	return files, nil
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

// closingTable prints the sweep's totals: files, analysed (race-free, with
// races, inconclusive; with --checks locking, with and without lock
// errors), input errors by cause, files not built, inconclusive lock
// checks, and the time. docs are the files analysed.
func closingTable(w io.Writer, docs []*lockset.FileResult, errs []report.FileError, unbuilt int, locks []*lockset.LockResult, start time.Time) {
	lockErrs := map[string]int{}
	for _, l := range locks {
		lockErrs[l.Path] = l.NewErrors()
	}
	raceFree, racy, inconclusive, clean, faulty := 0, 0, 0, 0, 0
	for _, r := range docs {
		switch {
		case r.LocksOnly && lockErrs[r.Path] > 0:
			faulty++
		case r.LocksOnly:
			clean++
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
	how := fmt.Sprintf("%d race-free, %d with races, %d inconclusive", raceFree, racy, inconclusive)
	if clean+faulty > 0 {
		how = fmt.Sprintf("%d without lock errors, %d with lock errors", clean, faulty)
	}
	fmt.Fprintf(w, "whoop: %d files: %d analysed (%s), %d not analysed", len(docs)+len(errs), len(docs), how, len(errs))
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
	if unbuilt > 0 {
		fmt.Fprintf(w, "; %d not built by this configuration", unbuilt)
	}
	lockUnsure, lockFiles := 0, 0
	for _, l := range locks {
		if l.Inconclusive > 0 {
			lockUnsure += l.Inconclusive
			lockFiles++
		}
	}
	if lockUnsure > 0 {
		fmt.Fprintf(w, "; %d lock %s inconclusive in %d %s", lockUnsure, plural(lockUnsure, "check", "checks"), lockFiles, plural(lockFiles, "file", "files"))
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
