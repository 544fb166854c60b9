// Package findings turns a race check's results into what a person reads:
// one finding per racy variable (region), with its conflicting access
// sites, the entry-point pairs that race through them, a class, a rank
// and a one-line reason.
//
// Annotate reads the program at each reported access (what the statement
// does with the value: a read-modify-write, a check then a use, a free,
// a constant store) into lockset.Access.Shape; Of groups a file's races by
// region and classifies each finding from those shapes, the access kinds,
// the locks held and the explorer's verdict. Ranking only orders and
// explains: every race of the result is in exactly one finding, and
// nothing here decides whether a race is reported. The report package
// renders findings; it computes none of this itself.
package findings
