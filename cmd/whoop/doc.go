// Command whoop is a race-freedom verifier for Linux device drivers.
//
//	whoop [flags] FILE.c...
//
// For each driver it finds the entry points the kernel calls, pairs those
// that can run concurrently, and proves each pair race-free with symbolic
// pairwise lockset analysis, or reports the two accesses that may race.
// Run "whoop --help" for flags, output formats and exit codes.
//
// This package holds only the command line: flags, subcommands, output
// selection and exit codes. The analysis lives in the other packages.
package main
