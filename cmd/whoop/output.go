package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// Output files (--json-out) are written as compilers write theirs. A
// regular file, or a new one, is replaced atomically: the report goes to a
// temporary file beside it, which is renamed over it once complete, so a
// reader sees the old report or the new one, never half of one. A new
// file's mode follows the umask (0666 less it), an old file keeps its mode.
// Anything else is never replaced: a device or a FIFO is opened and
// written into (--json-out /dev/stdout works; /dev/full reports its
// error), and a symbolic link is followed: the file it names is written
// (created if need be) as above, and the link stays. A directory is
// refused. Every error names the user's path, never the temporary file,
// and exits 2, as a bad command line does.

// writeOutputFile writes path (the value of flag) with write, and returns
// an error that exits 2.
func writeOutputFile(flag, path string, write func(io.Writer) error) error {
	if err := writeOutput(path, write); err != nil {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("%s %s: %v", flag, path, err)}
	}
	return nil
}

// checkOutputPath refuses, before any work, an output path that cannot be
// written: a directory, a file in a directory that does not exist.
func checkOutputPath(flag, path string) error {
	if path == "" {
		return nil
	}
	target, _, err := outputTarget(path)
	if err != nil {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("%s %s: %v", flag, path, err)}
	}
	if st, err := os.Stat(filepath.Dir(target)); err != nil || !st.IsDir() {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("%s %s: no directory %s to write it in", flag, path, filepath.Dir(target))}
	}
	return nil
}

// outputTarget returns the file writing path writes (path, or the file a
// chain of symbolic links ends at) and what is there (nil: nothing yet).
func outputTarget(path string) (string, fs.FileInfo, error) {
	for range 40 { // the kernel's limit of links in a path
		st, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return path, nil, nil
		case err != nil:
			return "", nil, bare(err)
		case st.IsDir():
			return "", nil, errors.New("is a directory")
		case st.Mode()&fs.ModeSymlink == 0:
			return path, st, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", nil, bare(err)
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return "", nil, errors.New("too many levels of symbolic links")
}

// writeOutput writes path with write, as the package comment says.
func writeOutput(path string, write func(io.Writer) error) error {
	target, st, err := outputTarget(path)
	if err != nil {
		return err
	}
	if st != nil && !st.Mode().IsRegular() {
		// A device or a FIFO: written into, never replaced.
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return bare(err)
		}
		err = write(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return bare(err)
	}
	tmp, err := createBeside(target)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary file's name is no concern of the user
		}
		return fmt.Errorf("cannot create it: %v", err)
	}
	defer os.Remove(tmp.Name()) // after a failure; gone once renamed
	err = write(tmp)
	if err == nil && st != nil {
		err = tmp.Chmod(st.Mode().Perm())
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return bare(err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("cannot replace it: %v", bare(err))
	}
	return nil
}

// createBeside creates a new file in path's directory with a name of its
// own, mode 0666 less the umask (os.CreateTemp's is 0600).
func createBeside(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	seed := time.Now().UnixNano()
	for i := range 100 {
		name := filepath.Join(dir, "."+base+".whoop-"+strconv.Itoa(os.Getpid())+"-"+strconv.FormatInt(seed+int64(i), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("no free name for a temporary file")
}

// bare is err without the file name an *fs.PathError or *os.LinkError
// carries: the caller names the user's path.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
