package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteOutput: output files are written as compilers write theirs: a
// new file's mode follows the umask, a regular file is replaced (a new
// inode, its mode kept), a FIFO and a device are written into and stay
// what they are, a symbolic link is followed (to a file or to nothing yet)
// and stays a link; errors name the user's path and exit 2.
func TestWriteOutput(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)

	fresh := filepath.Join(dir, "new.json")
	if err := writeOutputFile("--json-out", fresh, write("a")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(fresh); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("a new file: %v, mode %v, want 0640 (umask 027)", err, st.Mode().Perm())
	}

	regular := filepath.Join(dir, "old.json")
	if err := os.WriteFile(regular, []byte("old"), 0o604); err != nil {
		t.Fatal(err)
	}
	os.Chmod(regular, 0o604)
	before, _ := os.Stat(regular)
	if err := writeOutputFile("--json-out", regular, write("new")); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(regular)
	if data, _ := os.ReadFile(regular); string(data) != "new" || after.Mode().Perm() != 0o604 || os.SameFile(before, after) {
		t.Errorf("a regular file: %q, mode %v, same inode %v; want new, 0604, a new inode", data, after.Mode().Perm(), os.SameFile(before, after))
	}

	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("old.json", link); err != nil {
		t.Fatal(err)
	}
	if err := writeOutputFile("--json-out", link, write("via link")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", err, st.Mode())
	}
	if data, _ := os.ReadFile(regular); string(data) != "via link" {
		t.Errorf("the link's file holds %q", data)
	}

	// A link to nothing yet: the file it names is made, the link stays.
	dangling := filepath.Join(dir, "dangling.json")
	if err := os.Symlink("made.json", dangling); err != nil {
		t.Fatal(err)
	}
	if err := writeOutputFile("--json-out", dangling, write("made")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(dangling); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link to nothing was replaced: %v %v", err, st.Mode())
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "made.json")); string(data) != "made" {
		t.Errorf("the link's new file holds %q", data)
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- string(data)
	}()
	if err := writeOutputFile("--json-out", fifo, write("through")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through" {
		t.Errorf("the FIFO's reader got %q", s)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", err, st.Mode())
	}

	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "no", "such", "x.json"), "--json-out " + filepath.Join(dir, "no", "such", "x.json") + ": cannot create it: no such file or directory"},
		{dir, "--json-out " + dir + ": is a directory"},
	} {
		err := writeOutputFile("--json-out", c.path, write("x"))
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != exitUsage || ee.msg != c.want {
			t.Errorf("%s: %v, want exit %d and %q", c.path, err, exitUsage, c.want)
		}
	}
	if names, _ := filepath.Glob(filepath.Join(dir, ".*whoop*")); len(names) > 0 {
		t.Errorf("temporary files left: %q", names)
	}
}

// TestWriteOutputDevice: a character device (here a /dev/full made in a
// temporary directory) is written into and reports its error, naming the
// user's path; it stays a device.
func TestWriteOutputDevice(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "full")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, int(1<<8|7)); err != nil {
		t.Skipf("cannot make a device node: %v", err)
	}
	err := writeOutputFile("--json-out", dev, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err })
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitUsage || ee.msg != "--json-out "+dev+": write: no space left on device" {
		t.Errorf("%v, want exit 2 naming %s", err, dev)
	}
	if st, err := os.Lstat(dev); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("the device was replaced: %v %v", err, st.Mode())
	}
	if strings.Contains(ee.msg, ".whoop-") {
		t.Errorf("the message names a temporary file: %s", ee.msg)
	}
}
