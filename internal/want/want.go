package want

import (
	"fmt"
	"os"
	"regexp"
	"strings"
)

// Line is the expectation text of one source line.
type Line struct {
	N    int    // 1-based line number
	Text string // after "// want", trimmed
}

var comment = regexp.MustCompile(`//\s*want\s+(.*)$`)

// Lines returns the expectations of the file at path in line order.
func Lines(path string) ([]Line, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Line
	for i, l := range strings.Split(string(src), "\n") {
		if m := comment.FindStringSubmatch(l); m != nil {
			out = append(out, Line{N: i + 1, Text: strings.TrimSpace(m[1])})
		}
	}
	return out, nil
}

var quoted = regexp.MustCompile(`"([^"]*)"`)

// Quoted returns the double-quoted strings of text, taken literally (no
// escapes, so a regular expression needs no doubled backslashes).
func Quoted(text string) []string {
	var out []string
	for _, m := range quoted.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// String formats a line's position for messages.
func (l Line) String() string { return fmt.Sprintf("line %d: want %s", l.N, l.Text) }
