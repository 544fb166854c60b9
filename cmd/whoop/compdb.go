package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
	"mvdan.cc/sh/v3/shell"

	"github.com/whoopverify/whoop/frontend/ktree"
)

// A compilation database (compile_commands.json, as the kernel's `make
// compile_commands.json` or bear writes it) gives each file the command
// that compiles it; whoop takes each file's include directories, forced
// includes and macros from there (ktree.Command).

// compDB maps absolute source paths to their commands, and keeps the
// database's order for a run over all of it.
type compDB struct {
	path     string
	commands map[string]*ktree.Command
	files    []string // sorted
}

// compDBEntry is one entry: "arguments" (argv) or "command" (a shell
// string), run in "directory".
type compDBEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Command   string   `json:"command"`
	Arguments []string `json:"arguments"`
}

// readCompDB reads dir/compile_commands.json (or dir itself when it names a
// .json file).
func readCompDB(dir string) (*compDB, error) {
	path := dir
	if !strings.HasSuffix(dir, ".json") {
		path = filepath.Join(dir, "compile_commands.json")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &exitError{code: exitInput, msg: fmt.Sprintf("-p: %v (run `make compile_commands.json` in the kernel build directory)", err)}
	}
	var entries []compDBEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: not a compilation database: %v", path, err)}
	}
	db := &compDB{path: path, commands: map[string]*ktree.Command{}}
	for i, e := range entries {
		args := e.Arguments
		if len(args) == 0 {
			if args, err = shell.Fields(e.Command, func(string) string { return "" }); err != nil {
				return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: entry %d (%s): command: %v", path, i+1, e.File, err)}
			}
		}
		if len(args) == 0 || e.File == "" {
			return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: entry %d: no file or no command", path, i+1)}
		}
		if !filepath.IsAbs(e.Directory) {
			// Not in the format's specification (it wants absolute
			// directories), but a database that moves with its tree.
			e.Directory = filepath.Join(filepath.Dir(path), e.Directory)
		}
		if abs, err := filepath.Abs(e.Directory); err == nil {
			e.Directory = abs
		}
		cmd, err := ktree.ParseCommand(args[1:], e.Directory)
		if err != nil {
			return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: entry %d (%s): %v", path, i+1, e.File, err)}
		}
		file := e.File
		if !filepath.IsAbs(file) {
			file = filepath.Join(e.Directory, file)
		}
		file = filepath.Clean(file)
		if !strings.HasSuffix(file, ".c") {
			continue // assembler sources
		}
		if _, dup := db.commands[file]; !dup {
			db.files = append(db.files, file)
		}
		db.commands[file] = cmd
	}
	slices.Sort(db.files)
	return db, nil
}

// lookup returns path's command, or nil.
func (db *compDB) lookup(path string) *ktree.Command {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return db.commands[filepath.Clean(path)]
}

// selectFiles returns the files a -p run analyses: every entry when args
// is empty, the entries below each directory argument, and each file
// argument; never the generated ones (generatedSource). The other .c files
// below a directory are not built by the configuration the database
// describes: left out and listed, or checked with --all-files (allFiles).
// A file argument the database does not know is an input error that
// names it.
func (db *compDB) selectFiles(args []string, allFiles bool) (sweepFiles, error) {
	var out sweepFiles
	var mine []string
	for _, f := range db.files {
		if !generatedSource(f) {
			mine = append(mine, f)
		}
	}
	if len(args) == 0 {
		if len(mine) == 0 {
			return out, &exitError{code: exitInput, msg: fmt.Sprintf("%s: no C file", db.path)}
		}
		out.paths, out.swept = relToCwd(mine), len(mine) > 1
		return out, nil
	}
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if err != nil {
			return out, &exitError{code: exitInput, msg: fmt.Sprintf("%s: %v", a, err)}
		}
		if st, err := os.Stat(a); err == nil && st.IsDir() {
			listed := map[string]bool{}
			for _, f := range mine {
				if strings.HasPrefix(f, abs+string(filepath.Separator)) {
					listed[f] = true
				}
			}
			var files []string // below a, listed or (--all-files) not
			if below, err := cFilesBelow(a); err == nil {
				for _, f := range below {
					fa, _ := filepath.Abs(f)
					name := relToCwd([]string{fa})[0]
					switch {
					case listed[fa]:
						delete(listed, fa)
						files = append(files, name)
					case allFiles:
						files = append(files, name)
					default:
						out.unbuilt = append(out.unbuilt, unbuiltFile{name, "not in " + db.path})
					}
				}
			}
			for f := range listed { // listed, but the walk did not see it (hidden directories)
				files = append(files, relToCwd([]string{f})[0])
			}
			if len(files) == 0 {
				return out, &exitError{code: exitInput, msg: fmt.Sprintf("%s: no file of %s lies below this directory", a, db.path)}
			}
			slices.Sort(files)
			out.paths = append(out.paths, files...)
			out.swept = true
			continue
		}
		if db.commands[abs] == nil {
			return out, &exitError{code: exitInput, msg: fmt.Sprintf("%s: not in %s (is it built in this configuration?)", a, db.path)}
		}
		out.paths = append(out.paths, a)
	}
	out.swept = out.swept || len(out.paths) > 1
	return out, nil
}

// generatedSource reports whether a database entry is a file kbuild
// generates or adds to a module build, not the driver's: foo.mod.c
// (modpost) and scripts/module-common.c (compiled into every module of an
// external build).
func generatedSource(path string) bool {
	return strings.HasSuffix(path, ".mod.c") ||
		filepath.Base(path) == "module-common.c" && filepath.Base(filepath.Dir(path)) == "scripts"
}

// compDBOf returns the database -p names, read once per run (the
// configuration of every file and the file selection share it), or nil.
func compDBOf(c *cli.Context) *compDB {
	db, _ := c.App.Metadata[compDBKey].(*compDB)
	return db
}

const compDBKey = "compdb"

// loadCompDB reads -p's database into the run's metadata.
func loadCompDB(c *cli.Context) error {
	dir := c.String("p")
	if dir == "" || compDBOf(c) != nil {
		return nil
	}
	db, err := readCompDB(dir)
	if err != nil {
		return err
	}
	if c.App.Metadata == nil {
		c.App.Metadata = map[string]any{}
	}
	c.App.Metadata[compDBKey] = db
	return nil
}

// relToCwd names files below the working directory relatively, as a
// kernel developer names them from the tree's root.
func relToCwd(files []string) []string {
	wd, err := os.Getwd()
	if err != nil {
		return files
	}
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f
		if r, err := filepath.Rel(wd, f); err == nil && !strings.HasPrefix(r, "..") {
			out[i] = r
		}
	}
	return out
}
