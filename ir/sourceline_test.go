package ir

import "testing"

// naiveSourceLine is SourceLine as it was before its index: a scan from
// the file's start.
func naiveSourceLine(src string, n int) string {
	if n <= 0 {
		return ""
	}
	line, start := 1, 0
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			if line == n {
				return trimCR(src[start:i])
			}
			line++
			start = i + 1
		}
	}
	if line == n {
		return trimCR(src[start:])
	}
	return ""
}

func TestSourceLineIndex(t *testing.T) {
	for _, src := range []string{"", "\n", "\n\n", "a", "a\n", "a\nb", "a\r\nb\r\n", "x\n\ny\n\n", "\r\n\r"} {
		p := &Program{Sources: map[string]string{"f": src}}
		for n := -1; n < 7; n++ {
			if got, want := p.SourceLine("f", n), naiveSourceLine(src, n); got != want {
				t.Errorf("SourceLine(%q, %d) = %q, want %q", src, n, got, want)
			}
		}
	}
	if got := (&Program{}).SourceLine("g", 1); got != "" {
		t.Errorf("SourceLine of a missing file = %q", got)
	}
}
