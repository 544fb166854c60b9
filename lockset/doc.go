// Package lockset is whoop's core check: symbolic pairwise lockset analysis.
//
// It receives an *ir.Program with entry points and regions, decides which
// pairs of entry points the kernel may run concurrently (pairs.go, from the
// models' serialisation rules), builds the instrumented program for the
// pairs (ghost locksets, watched addresses, access records, Houdini
// candidates), has houdini and vc prove it, and returns a verdict per pair
// and per region with both racing accesses.
package lockset
