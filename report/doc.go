// Package report writes whoop's results: text (gcc-style), XML (etree),
// SARIF 2.1.0 and JSON, for races and for entry-point/pair listings. It
// formats values computed elsewhere and computes nothing itself. Every
// writer is deterministic: the same result always gives the same bytes.
package report
