//go:build !unix

package main

import "syscall"

func workerProcAttr() *syscall.SysProcAttr { return nil }

func signalName(sig syscall.Signal) string { return sig.String() }
