// Package regions is the front end's memory analysis: a field-sensitive,
// unification-based points-to analysis over the IR that splits memory into
// disjoint regions, marks thread-local ones, resolves indirect call targets
// and describes what pointer arguments of calls point to.
package regions
