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

// select returns the files a -p run analyses: every entry when args is
// empty, the entries below each directory argument, and each file argument.
// A file the database does not know is an input error that names it.
func (db *compDB) selectFiles(args []string) ([]string, error) {
	if len(args) == 0 {
		if len(db.files) == 0 {
			return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: no C file", db.path)}
		}
		return relToCwd(db.files), nil
	}
	var out []string
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if err != nil {
			return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: %v", a, err)}
		}
		if st, err := os.Stat(a); err == nil && st.IsDir() {
			n := 0
			for _, f := range db.files {
				if strings.HasPrefix(f, abs+string(filepath.Separator)) {
					out = append(out, relToCwd([]string{f})[0])
					n++
				}
			}
			if n == 0 {
				return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: no file of %s lies below this directory", a, db.path)}
			}
			continue
		}
		if db.commands[abs] == nil {
			return nil, &exitError{code: exitInput, msg: fmt.Sprintf("%s: not in %s (is it built in this configuration?)", a, db.path)}
		}
		out = append(out, a)
	}
	return out, nil
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
