//go:build unix

package main

import "syscall"

// workerProcAttr puts a worker in a process group of its own: a Ctrl-C at
// the terminal reaches the parent alone, which passes it on once (a
// second SIGINT would kill the worker before it reports).
func workerProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
