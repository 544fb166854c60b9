//go:build unix

package main

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// workerProcAttr puts a worker in a process group of its own: a Ctrl-C at
// the terminal reaches the parent alone, which passes it on once (a
// second SIGINT would kill the worker before it reports).
func workerProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// signalName is the signal's constant name, "SIGKILL".
func signalName(sig syscall.Signal) string {
	if name := unix.SignalName(sig); name != "" {
		return name
	}
	return sig.String()
}
