package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// sweepProgress draws one line on stderr while files are checked, when
// stderr is a terminal: the files done, the time so far and an estimate of
// the time left, and the file in hand with its phase (parsing, summaries,
// pairs 12/55, confirming 1/3, lock checks). It appears one second into
// the run and is redrawn every second, so that a parse of 20 s still shows
// its clock; every other line whoop writes on stderr goes through it
// (Write), which takes the line away, writes, and draws it again. stop
// takes it away for good. Hand-written: one line, no library.
type sweepProgress struct {
	mu      sync.Mutex
	w       io.Writer
	on      bool          // drawing: a terminal, until stop
	width   func() int    // the terminal's columns, 0 when unknown
	delay   time.Duration // before the first drawing
	total   int
	done    int
	begin   time.Time
	current string // the file and phase last reported
	shown   bool   // the line is on the terminal
	held    int    // hold calls not yet resumed: nothing is drawn
	quit    chan struct{}
	// onPhase, when set, is a sweep worker's report of each phase to its
	// parent.
	onPhase func(path, phase string, done, total int)
}

// progressDelay is how long a run goes before its progress line appears:
// most single files are done before.
const progressDelay = time.Second

func newSweepProgress(w io.Writer, total int, enabled bool) *sweepProgress {
	isTerm, width := false, func() int { return 0 }
	if f, ok := w.(*os.File); ok && enabled && term.IsTerminal(int(f.Fd())) {
		isTerm = true
		width = func() int {
			if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
				return cols
			}
			return 0
		}
	}
	return newProgressOn(w, total, isTerm, width, progressDelay)
}

// newProgressOn is newSweepProgress for a writer known to be a terminal
// (isTerm) or not, of the given width.
func newProgressOn(w io.Writer, total int, isTerm bool, width func() int, delay time.Duration) *sweepProgress {
	p := &sweepProgress{w: w, on: isTerm, width: width, delay: delay, total: total, begin: time.Now(), quit: make(chan struct{})}
	if isTerm {
		go p.tick()
	}
	return p
}

// tick redraws the line every second until stop.
func (p *sweepProgress) tick() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			p.mu.Lock()
			p.draw()
			p.mu.Unlock()
		case <-p.quit:
			return
		}
	}
}

func (p *sweepProgress) start(path string) { p.phase(path, "parsing", 0, 0) }

// pairs reports the pair checks of path: done of total.
func (p *sweepProgress) pairs(path string, done, total int) { p.phase(path, "pairs", done, total) }

// phase reports that path's work is in phase name, with done of total
// steps when total > 0.
func (p *sweepProgress) phase(path, name string, done, total int) {
	if p.onPhase != nil {
		p.onPhase(path, name, done, total)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.current = path + ": " + name
	if total > 0 {
		p.current += fmt.Sprintf(" %d/%d", done, total)
	}
	p.draw()
}

func (p *sweepProgress) finish(path string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.draw()
}

// line is the progress line; the caller holds mu.
func (p *sweepProgress) line() string {
	elapsed := time.Since(p.begin)
	if p.total <= 1 {
		return fmt.Sprintf("whoop: %s (%v)", p.current, elapsed.Round(time.Second))
	}
	eta := "ETA -"
	if p.done > 0 && p.done < p.total {
		left := time.Duration(float64(elapsed) / float64(p.done) * float64(p.total-p.done))
		eta = "ETA " + left.Round(time.Second).String()
	}
	return fmt.Sprintf("whoop: [%d/%d files, %v, %s] %s", p.done, p.total, elapsed.Round(time.Second), eta, p.current)
}

// draw writes the line over the last one; the caller holds mu.
func (p *sweepProgress) draw() {
	if !p.on || p.held > 0 || p.current == "" || time.Since(p.begin) < p.delay {
		return
	}
	line := p.line()
	if width := p.width(); width > 1 && len(line) >= width {
		line = line[:width-1]
	}
	// ESC [ K erases the rest of the old line (and a ^C the terminal
	// echoed after it).
	fmt.Fprintf(p.w, "\r%s\x1b[K", line)
	p.shown = true
}

// erase takes the line off the terminal; the caller holds mu.
func (p *sweepProgress) erase() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// Write writes b on the progress line's writer with the line taken away,
// and draws it again after a whole line.
func (p *sweepProgress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	n, err := p.w.Write(b)
	if bytes.HasSuffix(b, []byte("\n")) {
		p.draw()
	}
	return n, err
}

// hold takes the line away until the returned function is called: for
// output that goes to stdout as well as stderr (the same terminal).
func (p *sweepProgress) hold() (resume func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	p.held++
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.held--
		p.draw()
	}
}

// stop takes the line away for good: before the run's last lines, and
// before an interrupted run's message.
func (p *sweepProgress) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	if p.on {
		p.on = false
		close(p.quit)
	}
}
