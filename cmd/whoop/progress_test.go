package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/yieldinst"
)

// fakeTerminal is a progress line on a terminal that keeps what was
// written to it (lockedBuffer: the ticker draws from its own goroutine).
func fakeTerminal(total int) (*sweepProgress, *lockedBuffer) {
	var out lockedBuffer
	return newProgressOn(&out, total, true, func() int { return 0 }, 0), &out
}

// progressScreen is the terminal's lines after what out received.
func progressScreen(out *lockedBuffer) []string { return termScreen(string(out.bytes())) }

// TestProgressRedrawnAfterLines: a warning written through the progress
// line lands on a line of its own and the progress line comes back under
// it, at once, not at the next update.
func TestProgressRedrawnAfterLines(t *testing.T) {
	p, out := fakeTerminal(3)
	defer p.stop()
	p.start("a.c")
	if _, err := p.Write([]byte("a.c:3:1: warning: something\n")); err != nil {
		t.Fatal(err)
	}
	got := progressScreen(out)
	want := []*regexp.Regexp{
		regexp.MustCompile(`^a\.c:3:1: warning: something$`),
		regexp.MustCompile(`^whoop: \[0/3 files, [0-9]+s, ETA -\] a\.c: parsing$`),
	}
	if len(got) != len(want) {
		t.Fatalf("screen %q, want %d lines", got, len(want))
	}
	for i, re := range want {
		if !re.MatchString(got[i]) {
			t.Errorf("line %d: %q, want %v", i+1, got[i], re)
		}
	}
}

// TestProgressPhases: the line names each phase of a file's work, with
// its steps, and a sweep's estimate once a file is done.
func TestProgressPhases(t *testing.T) {
	p, out := fakeTerminal(2)
	defer p.stop()
	for _, c := range []struct {
		step func()
		want string
	}{
		{func() { p.start("a.c") }, `\[0/2 files, [0-9]+s, ETA -\] a\.c: parsing$`},
		{func() { p.phase("a.c", "summaries", 0, 0) }, `a\.c: summaries$`},
		{func() { p.pairs("a.c", 3, 10) }, `a\.c: pairs 3/10$`},
		{func() { p.phase("a.c", "confirming", 1, 2) }, `a\.c: confirming 1/2$`},
		{func() { p.phase("a.c", "lock checks", 0, 0) }, `a\.c: lock checks$`},
		{func() { p.finish("a.c"); p.start("b.c") }, `\[1/2 files, [0-9]+s, ETA [0-9]+s\] b\.c: parsing$`},
	} {
		c.step()
		s := progressScreen(out)
		if len(s) != 1 || !regexp.MustCompile(`^whoop: .*`+c.want).MatchString(s[0]) {
			t.Errorf("screen %q, want one line matching %q", s, c.want)
		}
	}
	// One file: no file count, the time so far.
	p1, out1 := fakeTerminal(1)
	defer p1.stop()
	p1.phase("x.c", "summaries", 0, 0)
	if s := progressScreen(out1); len(s) != 1 || !regexp.MustCompile(`^whoop: x\.c: summaries \([0-9]+s\)$`).MatchString(s[0]) {
		t.Errorf("one file: %q", s)
	}
}

// TestProgressHoldAndStop: nothing is drawn while output is held, and
// after stop nothing is drawn at all, whatever work still reports: the
// terminal is left without the line (and without a ^C echoed after it).
func TestProgressHoldAndStop(t *testing.T) {
	p, out := fakeTerminal(2)
	p.start("a.c")
	resume := p.hold()
	p.pairs("a.c", 1, 2)
	if s := progressScreen(out); len(s) != 0 {
		t.Errorf("held, the screen shows %q", s)
	}
	resume()
	if s := progressScreen(out); len(s) != 1 || !strings.HasSuffix(s[0], "a.c: pairs 1/2") {
		t.Errorf("resumed, the screen shows %q", s)
	}
	out.Write([]byte("^C")) // the terminal's echo of a Ctrl-C
	p.stop()
	p.finish("a.c") // work in flight that reports late
	p.start("b.c")
	p.Write([]byte("whoop: interrupted by SIGINT: 1 of 2 files checked\n"))
	if s := progressScreen(out); len(s) != 1 || s[0] != "whoop: interrupted by SIGINT: 1 of 2 files checked" {
		t.Errorf("after stop, the screen shows %q", s)
	}
}

// TestProgressOff: on a writer that is not a terminal nothing is drawn.
func TestProgressOff(t *testing.T) {
	var out lockedBuffer
	p := newProgressOn(&out, 2, false, func() int { return 0 }, 0)
	p.start("a.c")
	p.Write([]byte("a line\n"))
	p.stop()
	if got := string(out.bytes()); got != "a line\n" {
		t.Errorf("wrote %q", got)
	}
}

// termScreen is what a terminal shows after text: lines as a terminal draws
// them, with carriage returns going back to the start of the line and
// ESC [ K erasing to its end (the sequences whoop writes).
func termScreen(text string) []string {
	var lines []string
	var line []rune
	col := 0
	put := func(r rune) {
		for len(line) <= col {
			line = append(line, ' ')
		}
		line[col] = r
		col++
	}
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; {
		case r == '\r':
			col = 0
		case r == '\n':
			lines = append(lines, strings.TrimRight(string(line), " "))
			line, col = nil, 0
		case r == 0x1b && i+2 < len(rs) && rs[i+1] == '[' && rs[i+2] == 'K':
			if col < len(line) {
				line = line[:col]
			}
			i += 2
		default:
			put(r)
		}
	}
	if s := strings.TrimRight(string(line), " "); s != "" {
		lines = append(lines, s)
	}
	return lines
}

// TestRunnerPhases: a file's work reports each of its phases, --confirm's
// exploration included, in order.
func TestRunnerPhases(t *testing.T) {
	ctx := context.Background()
	base := lockset.Options{Jobs: 1}
	confirm := explore.Options{CSB: explore.DefaultCSB, Unroll: explore.DefaultUnroll, Mode: yieldinst.MR, Jobs: 1}
	var phases []string
	progress := newSweepProgress(io.Discard, 1, false)
	progress.onPhase = func(path, phase string, done, total int) {
		if total > 0 {
			phase += fmt.Sprintf(" %d/%d", done, total)
		}
		phases = append(phases, path+": "+phase)
	}
	r := &fileRunner{base: base, confirm: &confirm, runRaces: true, runLocking: true,
		watch: startMemWatch(0, 0, func(error) {}), progress: progress}
	w := r.run(ctx, "testdata/signal/racy.c")
	if w.loadErr != nil || w.checkErr != nil || w.lockErr != nil {
		t.Fatalf("racy.c: %v %v %v", w.loadErr, w.checkErr, w.lockErr)
	}
	want := []string{"parsing", "summaries", "pairs 0/1", "pairs 1/1", "confirming 0/1", "confirming 1/1", "lock checks"}
	for i := range want {
		want[i] = "testdata/signal/racy.c: " + want[i]
	}
	if strings.Join(phases, "\n") != strings.Join(want, "\n") {
		t.Errorf("phases:\n%s\nwant:\n%s", strings.Join(phases, "\n"), strings.Join(want, "\n"))
	}
}
