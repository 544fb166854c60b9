// Package want reads the expectations test programs carry inline,
// analysistest-style: the text after "// want" on a source line. Each test
// package gives that text its own grammar (entry points, regions, races).
package want
