package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/whoopverify/whoop/z3"
)

// The memory cap (--max-memory). whoop's memory is the Go heap (syntax
// trees, IR, instrumented programs) and Z3's (each solver context). Z3 is
// capped by its own memory_max_size: an allocation past it fails the check,
// which is then inconclusive. The Go side is watched: runtime/metrics plus
// Z3's allocation counter, every memPoll. Past the cap, every file in
// progress is stopped, inconclusive, and the next file starts afresh. The
// Go heap's collector also aims below the cap (debug.SetMemoryLimit), so
// garbage does not count. cc/v4's parser cannot be stopped: a file whose
// parse passes the cap is left to finish on its own (await) and its result
// dropped; should memory still grow past half as much again, the run stops
// (the remaining files are inconclusive) before the machine swaps.

// memPoll is how often memory is sampled.
const memPoll = 50 * time.Millisecond

// memoryCap is the cancellation cause of a file stopped at --max-memory,
// or at a sweep worker's share of it (total: the whole cap).
type memoryCap struct{ limit, total uint64 }

func (e *memoryCap) Error() string {
	if e.total != 0 && e.total != e.limit {
		return "inconclusive: memory use passed " + formatBytes(e.limit) + ", a sweep worker's share of --max-memory " + formatBytes(e.total)
	}
	return "inconclusive: memory use passed --max-memory " + formatBytes(e.limit)
}

// memWatch cancels the files in progress when memory passes the cap.
type memWatch struct {
	limit uint64
	total uint64 // the whole --max-memory, when limit is a sweep worker's share
	run   context.CancelCauseFunc
	mu    sync.Mutex
	files map[int]context.CancelCauseFunc
	next  int
	done  chan struct{}
	wg    sync.WaitGroup
}

// startMemWatch watches memory against limit (0: no cap, nothing runs),
// a sweep worker's share of total (0 otherwise). run cancels the whole
// run.
func startMemWatch(limit, total uint64, run context.CancelCauseFunc) *memWatch {
	w := &memWatch{limit: limit, total: total, run: run, files: map[int]context.CancelCauseFunc{}, done: make(chan struct{})}
	if limit == 0 {
		return w
	}
	z3.SetMaxMemory(limit)
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(min(limit, 1<<62)))
	}
	w.wg.Add(1)
	go w.loop()
	return w
}

// add registers one file's cancel function; the returned function
// unregisters it. A file that starts with memory already past the cap is
// stopped at once.
func (w *memWatch) add(cancel context.CancelCauseFunc) func() {
	if w.limit > 0 && memoryInUse() > w.limit {
		if runtime.GC(); memoryInUse() > w.limit {
			cancel(&memoryCap{limit: w.limit, total: w.total})
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	id := w.next
	w.next++
	w.files[id] = cancel
	return func() {
		w.mu.Lock()
		delete(w.files, id)
		w.mu.Unlock()
	}
}

func (w *memWatch) loop() {
	defer w.wg.Done()
	t := time.NewTicker(memPoll)
	defer t.Stop()
	cause := &memoryCap{limit: w.limit, total: w.total}
	for {
		select {
		case <-w.done:
			return
		case <-t.C:
		}
		used := memoryInUse()
		if used <= w.limit {
			continue
		}
		// Garbage is not use: collect, and look again.
		runtime.GC()
		if used = memoryInUse(); used <= w.limit {
			continue
		}
		if used > w.limit+w.limit/2 {
			w.run(cause)
		}
		w.mu.Lock()
		for _, cancel := range w.files {
			cancel(cause)
		}
		w.mu.Unlock()
	}
}

// memoryInUse is the memory the Go runtime uses (mapped, neither free nor
// returned to the system) plus what Z3 has allocated.
func memoryInUse() uint64 {
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(samples)
	used := z3.AllocatedBytes()
	if samples[0].Value.Kind() == metrics.KindUint64 {
		used += samples[0].Value.Uint64() - samples[1].Value.Uint64() - samples[2].Value.Uint64()
	}
	return used
}

// stop ends the watch.
func (w *memWatch) stop() {
	close(w.done)
	w.wg.Wait()
}

// defaultMaxMemory is 4 GiB for each file checked at a time (workers), or
// half the machine's memory if that is less: a file checked next to
// another has the budget it has alone.
func defaultMaxMemory(workers int) uint64 {
	limit := uint64(max(workers, 1)) * (4 << 30)
	if total := physicalMemory(); total > 0 && total/2 < limit {
		return total / 2
	}
	return limit
}

// parseBytes reads a size: a number with a unit, K, M, G or T (powers of
// 1024; "KB", "KiB" and lower case too) or B for bytes; "0" means no cap.
// A bare number is refused: --max-memory 10 meant 10 bytes, a cap every
// file passes at once.
func parseBytes(s string) (uint64, error) {
	t := strings.TrimSpace(strings.ToUpper(s))
	unit := strings.HasSuffix(t, "B")
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	shift := 0
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			shift = 10
		case 'M':
			shift = 20
		case 'G':
			shift = 30
		case 'T':
			shift = 40
		}
	}
	if shift > 0 {
		t = t[:len(t)-1]
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || n < 0 || n*float64(uint64(1)<<shift) >= 1<<63 {
		return 0, fmt.Errorf("--max-memory %s: want a size such as 4G, 512M or 0 (no cap)", s)
	}
	if n != 0 && shift == 0 && !unit {
		return 0, fmt.Errorf("--max-memory %s: a size needs a unit, as in %sG or %sM (0: no cap)", s, strings.TrimSpace(s), strings.TrimSpace(s))
	}
	return uint64(n * float64(uint64(1)<<shift)), nil
}

// formatBytes prints a size the way parseBytes reads it: "4G", "1.5G".
func formatBytes(n uint64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{40, "T"}, {30, "G"}, {20, "M"}, {10, "K"}} {
		if n >= 1<<u.shift {
			return strconv.FormatFloat(float64(n)/float64(uint64(1)<<u.shift), 'g', 3, 64) + u.name
		}
	}
	return strconv.FormatUint(n, 10)
}
