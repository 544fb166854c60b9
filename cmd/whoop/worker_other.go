//go:build !unix

package main

import "syscall"

func workerProcAttr() *syscall.SysProcAttr { return nil }
