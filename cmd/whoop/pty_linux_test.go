package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// A pseudo-terminal for whoop's stderr, so that tests see the progress
// line as a user does: Linux's /dev/ptmx, unlocked by hand (no package).

// openPTY returns a terminal's controller side and the terminal itself.
func openPTY(t *testing.T) (ctl, term *os.File) {
	t.Helper()
	ctl, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(ctl.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		ctl.Close()
		t.Skipf("no pseudo-terminal: unlock: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		ctl.Close()
		t.Skipf("no pseudo-terminal: number: %v", err)
	}
	term, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		ctl.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ctl.Close(); term.Close() })
	return ctl, term
}

// ptyReader collects what is written to a terminal, read from its
// controller side until every writer has closed it.
type ptyReader struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	done chan struct{}
}

func readPTY(ctl *os.File) *ptyReader {
	r := &ptyReader{done: make(chan struct{})}
	go func() {
		defer close(r.done)
		b := make([]byte, 4096)
		for {
			n, err := ctl.Read(b)
			r.mu.Lock()
			r.buf.Write(b[:n])
			r.mu.Unlock()
			if err != nil { // EIO once the last writer has gone
				return
			}
		}
	}()
	return r
}

func (r *ptyReader) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.buf.String()
}

// waitFor waits until the output contains s; false after d.
func (r *ptyReader) waitFor(s string, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if strings.Contains(r.String(), s) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// all returns everything written, once the writers have closed the
// terminal (or after d).
func (r *ptyReader) all(d time.Duration) (string, error) {
	select {
	case <-r.done:
		return r.String(), nil
	case <-time.After(d):
		return r.String(), errors.New("the terminal is still open")
	}
}
