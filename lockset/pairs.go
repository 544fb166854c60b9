package lockset

import "github.com/whoopverify/whoop/ir"

// Pair is a pair of entry points. (Placeholder: the entry-point work replaces
// this file with the pairing rules; the type stays as declared here.)
type Pair struct {
	First, Second  *ir.EntryPoint
	Concurrent     bool
	Reason         string
	DistinctParams [][2]int
}

// Pairs returns every pair of prog's entry points.
func Pairs(prog *ir.Program) []Pair { return nil }
