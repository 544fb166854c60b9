//go:build cgo

package z3

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestCloseIsIdempotentAndUseAfterCloseFails(t *testing.T) {
	c, err := NewContext(Config{})
	if err != nil {
		t.Fatal(err)
	}
	x := c.Const("x", c.IntSort())
	f := c.FuncDecl("f", []*Sort{c.IntSort()}, c.IntSort())
	srt := c.BVSort(8)
	s := c.NewSolver()
	s.Assert(c.Gt(x, c.Int(1)))
	if r, _ := s.Check(context.Background()); r != Sat {
		t.Fatal("want sat")
	}
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if !errors.Is(c.Err(), ErrClosed) {
		t.Errorf("Err after Close = %v", c.Err())
	}
	// Old values are invalid and harmless.
	if x.IsValid() || x.String() != "<invalid>" || x.ID() != 0 || x.Sort().IsValid() {
		t.Error("expression usable after Close")
	}
	if srt.IsValid() || srt.String() != "<invalid>" || f.IsValid() || f.String() != "<invalid>" {
		t.Error("sort or declaration usable after Close")
	}
	// Constructors return invalid values.
	for _, e := range []*Expr{
		c.Int(1), c.Const("y", c.IntSort()), c.Add(x, x), c.Not(c.True()), c.BV(1, 8),
		c.Apply(f, x), c.Extract(3, 0, x), c.Simplify(x), c.Distinct(x),
	} {
		if e.IsValid() {
			t.Errorf("constructor after Close returned a valid %s", e)
		}
	}
	if c.BoolSort().IsValid() || c.ArraySort(srt, srt).IsValid() {
		t.Error("sort after Close is valid")
	}
	// Solvers and models report ErrClosed.
	if err := s.Assert(x); !errors.Is(err, ErrClosed) {
		t.Errorf("Assert after Close = %v", err)
	}
	if r, err := s.Check(context.Background()); r != Unknown || !errors.Is(err, ErrClosed) {
		t.Errorf("Check after Close = %v, %v", r, err)
	}
	if _, err := s.Model(); !errors.Is(err, ErrClosed) {
		t.Errorf("Model after Close = %v", err)
	}
	if err := s.Pop(1); !errors.Is(err, ErrClosed) {
		t.Errorf("Pop after Close = %v", err)
	}
	s.Push()
	s.SetTimeout(time.Second)
	s.Reset()
	if s.NumScopes() != 0 || s.UnsatCore() != nil || s.ReasonUnknown() != "" || s.String() != "<closed>" {
		t.Error("solver accessors after Close")
	}
	if _, err := m.Eval(x, true); !errors.Is(err, ErrClosed) {
		t.Errorf("Eval after Close = %v", err)
	}
	if _, ok := m.Int64(x); ok {
		t.Error("Int64 after Close")
	}
	s2 := c.NewSolver()
	if r, err := s2.Check(context.Background()); r != Unknown || !errors.Is(err, ErrClosed) {
		t.Errorf("new solver after Close: %v, %v", r, err)
	}
	c.Interrupt()
	s.Close()
	s2.Close()
	m.Close()
	if c.AllocatedBytes() == 0 {
		t.Error("AllocatedBytes = 0")
	}
	// Solver and model Close before the context's.
	c3 := newCtx(t, Config{})
	s3 := c3.NewSolver()
	s3.Close()
	s3.Close()
	if err := s3.Assert(c3.True()); !errors.Is(err, ErrClosed) {
		t.Errorf("Assert on closed solver = %v", err)
	}
	var nilCtx *Context
	if nilCtx.Close() != nil || nilCtx.Int(1).IsValid() || !errors.Is(nilCtx.Err(), ErrClosed) {
		t.Error("nil context")
	}
}

// TestCloseDeepChainIsFast: Z3_del_context with a 20k-deep chain still
// referenced takes about 20 s; Close releases the references first.
func TestCloseDeepChainIsFast(t *testing.T) {
	c, err := NewContext(Config{})
	if err != nil {
		t.Fatal(err)
	}
	acc, chain := deepChain(c, 20000)
	s := c.NewSolver()
	s.Assert(c.Gt(acc, c.Int(0))) // the solver holds the chain too
	start := time.Now()
	c.Close()
	// Generous bound: about 10 ms expected, 20 s without the release.
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Close took %v", d)
	}
	runtime.KeepAlive(chain)
}

// TestMemoryStaysBounded builds 100,000 iterations of terms with two new
// numerals each (arena mode would keep ~1.4 KB per numeral, >250 MB) and
// checks Z3's own allocation counter.
func TestMemoryStaysBounded(t *testing.T) {
	c := newCtx(t, Config{})
	x := c.Const("x", c.IntSort())
	runtime.GC()
	c.LiveHandles() // drain
	before := c.AllocatedBytes()
	peak := before
	for i := range int64(100000) {
		e := c.Gt(c.Add(x, c.Int(i)), c.Int(7*i))
		if !e.IsValid() {
			t.Fatal(c.Err())
		}
		if i%2000 == 0 {
			runtime.GC()
			peak = max(peak, c.AllocatedBytes())
		}
	}
	// Cleanups run shortly after a collection, not during it.
	live := c.LiveHandles()
	for i := 0; i < 100 && live > 2000; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		live = c.LiveHandles()
	}
	after := c.AllocatedBytes()
	growth := int64(peak) - int64(before)
	t.Logf("Z3 alloc: before %d KB, peak %d KB, after %d KB, growth %d KB; live handles %d",
		before>>10, peak>>10, after>>10, growth>>10, live)
	// Measured 1-11 MB (the spread is cleanup timing); holding every term
	// instead grows it by about 300 MB.
	if growth > 64<<20 {
		t.Errorf("Z3 allocation grew by %d MB over 100k iterations; want < 64 MB", growth>>20)
	}
	if live > 2000 { // x, sorts and ~1000 cached small numerals remain
		t.Errorf("%d live handles after GC; references are not being released", live)
	}
	simp(t, c, c.Add(c.Int(3), c.Int(4)), "7")
}

// TestReleaseUnderGCPressure collects constantly while terms are built, so
// cleanups run concurrently with construction; results must stay right.
func TestReleaseUnderGCPressure(t *testing.T) {
	old := debug.SetGCPercent(1)
	defer debug.SetGCPercent(old)
	c := newCtx(t, Config{})
	x := c.Const("x", c.IntSort())
	sum := c.Int(0)
	for i := range int64(20000) {
		c.Gt(c.Add(x, c.Int(i)), c.Int(i)) // garbage
		sum = c.Simplify(c.Add(sum, c.Int(i)))
		if i%500 == 0 {
			runtime.GC()
		}
	}
	simp(t, c, sum, "199990000")
}

// TestParallelContexts runs the Houdini job in 4 goroutines, one context
// each; all must agree with the expected result and with each other.
func TestParallelContexts(t *testing.T) {
	const jobs = 4
	type out struct {
		alive  []bool
		checks int
		err    error
	}
	res := make(chan out, jobs)
	for range jobs {
		go func() {
			c, err := NewContext(Config{})
			if err != nil {
				res <- out{err: err}
				return
			}
			defer c.Close()
			p := buildCascade(c, 50)
			alive, checks, err := p.run(context.Background())
			res <- out{alive, checks, err}
		}()
	}
	var first out
	for i := range jobs {
		o := <-res
		if o.err != nil {
			t.Fatal(o.err)
		}
		if i == 0 {
			first = o
			continue
		}
		if o.checks != first.checks || !slices.Equal(o.alive, first.alive) {
			t.Errorf("job results differ: %d checks vs %d", o.checks, first.checks)
		}
	}
	want := cascadeSurvivors(50)
	if !slices.Equal(first.alive, want) {
		t.Errorf("survivors %v, want %v", first.alive, want)
	}
}

// KeepTerms holds every term until Close: collection releases nothing, the
// ids of dropped terms are never reused, and Close gives all the memory
// back.
func TestKeepTerms(t *testing.T) {
	probe := newCtx(t, Config{}) // AllocatedBytes is process-wide
	base := probe.AllocatedBytes()
	c, err := NewContext(Config{KeepTerms: true})
	if err != nil {
		t.Fatal(err)
	}
	x := c.Const("x", c.IntSort())
	ids := make(map[uint32]bool)
	for i := range int64(3000) {
		e := c.Gt(c.Add(x, c.Int(5000+i)), c.Int(9000+i))
		if ids[e.ID()] {
			t.Fatalf("term %d reuses id %d", i, e.ID())
		}
		ids[e.ID()] = true
		if i%500 == 0 {
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
	}
	held := c.LiveHandles()
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	if got := c.LiveHandles(); got != held || got < 3*3000 {
		t.Errorf("live handles %d after GC, %d before; want every term kept (>= 9000)", got, held)
	}
	s := c.NewSolver()
	s.Assert(c.Eq(x, c.Int(2)))
	if r, err := s.Check(context.Background()); r != Sat || err != nil {
		t.Fatalf("check: %v %v", r, err)
	}
	c.Close()
	if grown := int64(probe.AllocatedBytes()) - int64(base); grown > 1<<20 {
		t.Errorf("Z3 allocation %d KB above the start after Close", grown>>10)
	}
}

// Threads runs every function, never more than n at once, each on a thread
// of its own for the function's whole run, and Close waits for them all.
func TestThreads(t *testing.T) {
	const n, funcs = 3, 40
	th := StartThreads(n, ThreadsConfig{Warm: 2, HugePages: true})
	var (
		mu      sync.Mutex
		running int
		most    int
		ran     int
		tids    = make(map[int]bool)
	)
	for range funcs {
		th.Go(func() {
			mu.Lock()
			running++
			most = max(most, running)
			tids[syscall.Gettid()] = true
			mu.Unlock()
			tid := syscall.Gettid()
			for range 20 {
				runtime.Gosched() // a locked goroutine never changes thread
				if syscall.Gettid() != tid {
					t.Error("function moved to another thread")
				}
			}
			mu.Lock()
			running--
			ran++
			mu.Unlock()
		})
	}
	th.Close()
	if ran != funcs || most > n || len(tids) > n {
		t.Errorf("ran %d of %d, at most %d at once on %d threads; want all, <= %d, <= %d", ran, funcs, most, len(tids), n, n)
	}
	var nilThreads *Threads
	done := make(chan bool)
	nilThreads.Go(func() { done <- true })
	<-done
	if nilThreads.N() != 1 {
		t.Errorf("nil Threads N = %d", nilThreads.N())
	}
	nilThreads.Close()
}
