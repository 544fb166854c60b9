// Package report writes whoop's results: text (gcc-style), XML (etree),
// SARIF 2.1.0, JSON and a static HTML report, for races and for
// entry-point/pair listings. The unit of a race report is a finding (one
// racy variable, from package findings), ranked worst first; each format
// keeps the races it folds. It formats values computed elsewhere and
// computes nothing itself. Every writer is deterministic: the same result
// always gives the same bytes.
package report
