package frontend

import (
	"errors"
	"os"
)

// StdinPath is the file name "-" (the driver's text on standard input)
// stands for in positions and reports, as gcc names it.
const StdinPath = "<stdin>"

// readSource returns the driver file's text: Config.Stdin for "-" (or
// StdinPath), else the file at path. Only regular files are read: a FIFO
// or a device would block the run, or never end.
func readSource(path string, cfg Config) (string, []byte, error) {
	if path == "-" || path == StdinPath {
		if cfg.Stdin == nil {
			return StdinPath, nil, errors.New("no standard input given")
		}
		return StdinPath, cfg.Stdin, nil
	}
	if err := checkRegular(path); err != nil {
		return path, nil, err
	}
	src, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return path, nil, err
	}
	return path, src, nil
}

// checkRegular refuses what is not a regular file (after symbolic links):
// a directory, and a FIFO, socket or device, whose reading can block.
func checkRegular(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return err
	}
	switch {
	case st.IsDir():
		return errors.New("is a directory")
	case !st.Mode().IsRegular():
		return errors.New("not a regular file (pipe the text to whoop - instead)")
	}
	return nil
}
