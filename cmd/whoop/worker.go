package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

// Worker processes. A sweep with --jobs N > 1 checks its files in N child
// processes of whoop (sweep workers), each checking one file at a time,
// instead of N goroutines of one process. Files are independent, and
// separate address spaces make that true of the machine too: two processes
// do not share a garbage-collected heap, page tables or the page-fault
// lock, and no TLB shootdown of one interrupts the other. On the first 40
// files of 6.12's drivers/watchdog, two workers took 29.1 s where two
// goroutines took 31.5 s (medians of 3, interleaved): 1.86x --jobs 1
// instead of 1.72x. A file that crashes its worker (a fault in Z3's C++,
// an out-of-memory kill) costs that file only: it is reported, and a new
// worker takes the next one.
//
// The parent starts each worker with its own command line plus
// --sweep-worker=SHARE/TOTAL (the worker's share of --max-memory), so that
// the worker reads files with the same flags, and hands it one file at a
// time on stdin, by index and path. The worker does not expand the command
// line's directories itself: a file created or removed since the parent's
// walk changes nothing. It answers on file descriptor 3 (workerOutFD), not
// stdout, so that nothing a library prints can garble the answers (its
// stdout and stderr go to the parent's stderr): one JSON value per
// message, progress of the pair checks and then the file's results
// (wireWork), which the parent reports as if it had checked the file
// itself: the same bytes, whatever --jobs. WHOOP_PROCESSES=0 keeps a sweep
// in one process.

// workerFlag is the hidden flag that makes a run a sweep worker.
const workerFlag = "sweep-worker"

// workerOutFD is the file descriptor a worker answers on.
const workerOutFD = 3

// workerOut is a worker's answer channel to its parent.
func workerOut() (*os.File, error) {
	f := os.NewFile(workerOutFD, "sweep-worker-results")
	if f == nil {
		return nil, errors.New("sweep worker: no results descriptor: run only by whoop itself")
	}
	if _, err := f.Stat(); err != nil {
		return nil, fmt.Errorf("sweep worker: results descriptor: %w (run only by whoop itself)", err)
	}
	return f, nil
}

// workerGrace is how long the end of a run waits for its workers to exit
// before it kills them.
const workerGrace = 5 * time.Second

// workerKey is the app metadata key of the workerSpawn that lets a run start
// workers; runs without it (tests calling Main, kbuild mode) check files
// in one process.
const workerKey = "whoop.worker"

// parseWorkerFlag reads --sweep-worker=SHARE/TOTAL: the worker's memory
// cap and the whole --max-memory it is a share of, in bytes (0: no cap).
func parseWorkerFlag(v string) (share, total uint64, err error) {
	a, b, ok := strings.Cut(v, "/")
	if !ok {
		return 0, 0, fmt.Errorf("%q: want SHARE/TOTAL in bytes", v)
	}
	if share, err = strconv.ParseUint(a, 10, 64); err == nil {
		total, err = strconv.ParseUint(b, 10, 64)
	}
	return share, total, err
}

// workerSpawn says how to start a worker: the executable, the argv[0] it
// expects (testscript dispatches on it), and the run's arguments.
type workerSpawn struct {
	exe   string
	argv0 string
	args  []string // the run's arguments, without argv[0]
}

// selfSpawn describes this process for starting workers, or nil when its
// executable cannot be found.
func selfSpawn(args []string) *workerSpawn {
	exe, err := os.Executable()
	if err != nil || len(args) == 0 {
		return nil
	}
	return &workerSpawn{exe: exe, argv0: args[0], args: args[1:]}
}

// processesWanted reports whether sweeps may use worker processes.
func processesWanted() bool { return os.Getenv("WHOOP_PROCESSES") != "0" }

// workerRequest asks a worker to check Path, the run's file number Index.
type workerRequest struct {
	Index int    `json:"index"`
	Path  string `json:"path"`
}

// workerMessage is one message of a worker: Progress, or a Result with an
// optional Exit.
type workerMessage struct {
	Progress *workerProgress `json:"progress,omitempty"`
	Result   *wireWork       `json:"result,omitempty"`
	// Exit says why the worker must end after this result (exitReason);
	// the parent ends it and starts another for the next file.
	Exit string `json:"exit,omitempty"`
}

// workerProgress is the phase a file's work is in (sweepProgress.phase).
type workerProgress struct {
	Phase string `json:"phase"`
	Done  int    `json:"done,omitempty"`
	Total int    `json:"total,omitempty"`
}

// wireWork is a fileWork as a worker sends it.
type wireWork struct {
	Index    int                 `json:"index"`
	Path     string              `json:"path"`
	Name     string              `json:"name,omitempty"`
	LoadErr  *wireErr            `json:"loadErr,omitempty"`
	CheckErr *wireErr            `json:"checkErr,omitempty"`
	LockErr  *wireErr            `json:"lockErr,omitempty"`
	Log      string              `json:"log,omitempty"`
	Res      *wireResult         `json:"res,omitempty"`
	Locks    *lockset.LockResult `json:"locks,omitempty"`
}

// wireErr is an error with what the run reads from it: an exit code
// (*exitError) or the signal of an interruption (*interrupted).
type wireErr struct {
	Msg    string `json:"msg"`
	Code   int    `json:"code,omitempty"`
	Signal int    `json:"signal,omitempty"`
}

func toWireErr(err error) *wireErr {
	if err == nil {
		return nil
	}
	var in *interrupted
	if errors.As(err, &in) {
		return &wireErr{Msg: err.Error(), Signal: int(in.sig)}
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return &wireErr{Msg: ee.msg, Code: ee.code}
	}
	return &wireErr{Msg: err.Error()}
}

func (e *wireErr) err() error {
	switch {
	case e == nil:
		return nil
	case e.Signal != 0:
		return &interrupted{sig: syscall.Signal(e.Signal)}
	case e.Code != 0:
		return &exitError{code: e.Code, msg: e.Msg}
	}
	return errors.New(e.Msg)
}

// wireResult is a lockset.FileResult without its pointers: entry points
// keep their function's name and position (all the writers read of it),
// and pairs name their entry points by index. Every other field travels
// as it is, so a field added to the results travels too.
type wireResult struct {
	Path        string          `json:"path"`
	Parts       []string        `json:"parts,omitempty"`
	EntryPoints []wireEntry     `json:"entryPoints,omitempty"`
	Pairs       []wirePair      `json:"pairs,omitempty"`
	Warnings    []ir.Diagnostic `json:"warnings,omitempty"`
	Stats       lockset.Stats   `json:"stats"`
	LocksOnly   bool            `json:"locksOnly,omitempty"`
}

type wireEntry struct {
	ir.EntryPoint        // Func is nil
	FuncName      string `json:"funcName"`
	FuncPos       ir.Pos `json:"funcPos"`
}

type wirePair struct {
	lockset.PairResult     // Pair.First and Pair.Second are nil
	First              int `json:"first"`
	Second             int `json:"second"`
}

func toWireResult(res *lockset.FileResult) (*wireResult, error) {
	if res == nil {
		return nil, nil
	}
	out := &wireResult{Path: res.Path, Parts: res.Parts, Warnings: res.Warnings, Stats: res.Stats, LocksOnly: res.LocksOnly}
	index := make(map[*ir.EntryPoint]int, len(res.EntryPoints))
	for i, ep := range res.EntryPoints {
		if ep == nil || ep.Func == nil {
			return nil, fmt.Errorf("entry point %d has no function", i)
		}
		index[ep] = i
		e := wireEntry{EntryPoint: *ep, FuncName: ep.Func.Name, FuncPos: ep.Func.Pos}
		e.Func = nil
		out.EntryPoints = append(out.EntryPoints, e)
	}
	for _, pr := range res.Pairs {
		a, oka := index[pr.Pair.First]
		b, okb := index[pr.Pair.Second]
		if !oka || !okb {
			return nil, fmt.Errorf("a pair of an entry point the result does not list")
		}
		w := wirePair{PairResult: pr, First: a, Second: b}
		w.Pair.First, w.Pair.Second = nil, nil
		out.Pairs = append(out.Pairs, w)
	}
	return out, nil
}

func (w *wireResult) result() (*lockset.FileResult, error) {
	if w == nil {
		return nil, nil
	}
	res := &lockset.FileResult{Path: w.Path, Parts: w.Parts, Warnings: w.Warnings, Stats: w.Stats, LocksOnly: w.LocksOnly}
	for _, e := range w.EntryPoints {
		ep := e.EntryPoint
		ep.Func = ir.NewFunction(e.FuncName, nil, e.FuncPos)
		res.EntryPoints = append(res.EntryPoints, &ep)
	}
	for _, p := range w.Pairs {
		if p.First < 0 || p.First >= len(res.EntryPoints) || p.Second < 0 || p.Second >= len(res.EntryPoints) {
			return nil, fmt.Errorf("a pair of entry points %d and %d of %d", p.First, p.Second, len(res.EntryPoints))
		}
		pr := p.PairResult
		pr.Pair.First, pr.Pair.Second = res.EntryPoints[p.First], res.EntryPoints[p.Second]
		res.Pairs = append(res.Pairs, pr)
	}
	return res, nil
}

// toWire is w as a worker sends it.
func toWire(index int, w *fileWork) (*wireWork, error) {
	out := &wireWork{Index: index, Path: w.path, Name: w.name, LoadErr: toWireErr(w.loadErr),
		CheckErr: toWireErr(w.checkErr), LockErr: toWireErr(w.lockErr), Log: w.log.String(), Locks: w.lres}
	res, err := toWireResult(w.res)
	if err != nil {
		return nil, err
	}
	out.Res = res
	return out, nil
}

// work is the fileWork the worker checked.
func (ww *wireWork) work() (*fileWork, error) {
	w := &fileWork{path: ww.Path, name: ww.Name, loadErr: ww.LoadErr.err(), checkErr: ww.CheckErr.err(),
		lockErr: ww.LockErr.err(), lres: ww.Locks}
	w.log.WriteString(ww.Log)
	res, err := ww.Res.result()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ww.Path, err)
	}
	w.res = res
	return w, nil
}

// serveFiles is a worker's loop: it checks the files the parent names on
// in, one at a time, and answers on out. It returns when in ends, or after
// the file in hand once ctx is done.
func serveFiles(ctx context.Context, runner *fileRunner, in io.Reader, out io.Writer) error {
	var mu sync.Mutex
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	send := func(m workerMessage) error {
		mu.Lock()
		defer mu.Unlock()
		return enc.Encode(m)
	}
	runner.progress = newSweepProgress(io.Discard, 0, false)
	runner.progress.onPhase = func(_, phase string, done, total int) {
		_ = send(workerMessage{Progress: &workerProgress{Phase: phase, Done: done, Total: total}})
	}
	dec := json.NewDecoder(in)
	for {
		var req workerRequest
		if err := dec.Decode(&req); err != nil {
			if err == io.EOF {
				return nil
			}
			return fmt.Errorf("sweep worker: reading a request: %w", err)
		}
		w := runner.run(ctx, req.Path)
		ww, err := toWire(req.Index, w)
		if err != nil {
			ww = &wireWork{Index: req.Index, Path: req.Path, LoadErr: &wireErr{Code: exitInconclusive,
				Msg: fmt.Sprintf("%s: internal error: the sweep worker cannot send the results: %v", req.Path, err)}}
		}
		msg := workerMessage{Result: ww, Exit: exitReason(ctx, w)}
		if err := send(msg); err != nil {
			return fmt.Errorf("sweep worker: %w", err)
		}
		if msg.Exit != "" {
			return nil
		}
	}
}

// exitReason is why a worker ends after the file w, or "": its run was
// cancelled (a signal, the memory watch's last resort), or w left work
// running that cannot be stopped (a parse past its deadline), which only
// the end of the process ends. A sweep in one process has to let it run
// on; a worker is replaced.
func exitReason(ctx context.Context, w *fileWork) string {
	switch {
	case ctx.Err() != nil:
		return context.Cause(ctx).Error()
	case w.abandoned:
		return w.path + ": stopped, but its work still runs"
	}
	return ""
}

// workerPool runs files in worker processes, at most one file per worker.
type workerPool struct {
	spawn     *workerSpawn
	workers   int
	maxMemory uint64 // the whole --max-memory, shared equally by the workers; 0: no cap
	stderr    io.Writer
	progress  *sweepProgress
	idle      chan *worker // workers waiting for a file
	// inProcess checks a file in this process: the way out when no worker
	// can be started (no executable to run, a sandbox that forbids exec).
	inProcess func(ctx context.Context, path string) *fileWork
	mu        sync.Mutex
	all       map[*worker]bool
	noStart   error // why workers cannot be started, once known
}

// worker is one child process.
type worker struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *os.File // the read end of the worker's descriptor 3
	enc    *json.Encoder
	dec    *json.Decoder
	stderr *tailBuffer
	done   chan struct{} // closed once the process has been waited for
	state  string        // how it ended, once done
}

func newWorkerPool(spawn *workerSpawn, workers int, maxMemory uint64, stderr io.Writer, progress *sweepProgress,
	inProcess func(ctx context.Context, path string) *fileWork) *workerPool {
	return &workerPool{spawn: spawn, workers: workers, maxMemory: maxMemory, stderr: stderr, progress: progress,
		idle: make(chan *worker, workers), inProcess: inProcess, all: map[*worker]bool{}}
}

// start starts a worker.
func (p *workerPool) start() (*worker, error) {
	p.mu.Lock()
	err := p.noStart
	p.mu.Unlock()
	if err != nil {
		return nil, err
	}
	flag := fmt.Sprintf("--%s=%d/%d", workerFlag, p.maxMemory/uint64(p.workers), p.maxMemory)
	args := append([]string{p.spawn.argv0, flag}, p.spawn.args...)
	cmd := &exec.Cmd{Path: p.spawn.exe, Args: args}
	cmd.SysProcAttr = workerProcAttr()
	tail := &tailBuffer{w: p.stderr}
	cmd.Stdout, cmd.Stderr = tail, tail
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, results, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.ExtraFiles = []*os.File{results} // the worker's descriptor 3 (workerOutFD)
	if err := cmd.Start(); err != nil {
		out.Close()
		results.Close()
		return nil, fmt.Errorf("starting a sweep worker: %w", err)
	}
	results.Close() // the worker's copy is the only writer: its exit ends out
	w := &worker{cmd: cmd, in: in, out: out, enc: json.NewEncoder(in), dec: json.NewDecoder(out), stderr: tail, done: make(chan struct{})}
	p.mu.Lock()
	p.all[w] = true
	p.mu.Unlock()
	go func() {
		err := cmd.Wait()
		w.state = exitState(err)
		close(w.done)
	}()
	return w, nil
}

// exitState says how a worker ended.
func exitState(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return "killed by " + signalName(ws.Signal())
		}
		return fmt.Sprintf("exit status %d", ee.ExitCode())
	}
	if err != nil {
		return err.Error()
	}
	return "exit status 0"
}

// run checks paths[i] in a worker and returns its work. It never fails: a
// worker that dies on the file gives the file an error of its own.
func (p *workerPool) run(ctx context.Context, i int, path string) *fileWork {
	if ctx.Err() != nil {
		return &fileWork{path: path, loadErr: context.Cause(ctx), notStarted: true}
	}
	w, err := p.acquire()
	if err != nil {
		return p.inProcess(ctx, path)
	}
	p.progress.start(path)
	defer p.progress.finish(path)
	a, stopped := p.await(ctx, w, path, p.ask(w, i, path))
	if stopped != nil {
		return stopped
	}
	if a.err != nil {
		return p.failed(w, path, a.err)
	}
	if a.exit {
		// It has nothing more to say: end it now, work left running and all.
		p.kill(w)
	} else {
		p.idle <- w
	}
	return a.work
}

// acquire takes an idle worker or starts one. When none can start, it
// says so once; this file and the next then run in this process.
func (p *workerPool) acquire() (*worker, error) {
	select {
	case w := <-p.idle:
		return w, nil
	default:
	}
	w, err := p.start()
	if err != nil {
		p.mu.Lock()
		if p.noStart == nil {
			p.noStart = err
			fmt.Fprintf(p.stderr, "whoop: warning: %v: checking the files in this process\n", err)
		}
		p.mu.Unlock()
		return nil, err
	}
	return w, nil
}

// workerAnswer is a worker's answer for one file: its work, whether
// the worker exits after it, or why no answer came.
type workerAnswer struct {
	work *fileWork
	exit bool
	err  error
}

// ask sends worker w file i and relays its progress; the channel gets
// the file's result, or the error that stopped the exchange.
func (p *workerPool) ask(w *worker, i int, path string) <-chan workerAnswer {
	got := make(chan workerAnswer, 1)
	go func() {
		if err := w.enc.Encode(workerRequest{Index: i, Path: path}); err != nil {
			got <- workerAnswer{err: err}
			return
		}
		for {
			var m workerMessage
			if err := w.dec.Decode(&m); err != nil {
				got <- workerAnswer{err: err}
				return
			}
			if m.Progress != nil {
				p.progress.phase(path, m.Progress.Phase, m.Progress.Done, m.Progress.Total)
				continue
			}
			if m.Result == nil || m.Result.Index != i {
				got <- workerAnswer{err: errors.New("a message that is not the file's result")}
				return
			}
			work, err := m.Result.work()
			got <- workerAnswer{work: work, exit: m.Exit != "", err: err}
			return
		}
	}()
	return got
}

// await waits for w's answer. When the run stops first, stopped is the
// file's work: on an interrupt the worker is signalled too and reports
// what it finished; when the run broke off, the worker is ended.
func (p *workerPool) await(ctx context.Context, w *worker, path string, got <-chan workerAnswer) (a workerAnswer, stopped *fileWork) {
	select {
	case a = <-got:
		return a, nil
	case <-ctx.Done():
	}
	var in *interrupted
	if !errors.As(context.Cause(ctx), &in) {
		p.kill(w)
		return a, &fileWork{path: path, loadErr: context.Cause(ctx)}
	}
	_ = w.cmd.Process.Signal(in.sig)
	t := time.NewTimer(stopGrace + time.Second)
	defer t.Stop()
	select {
	case a = <-got:
	case <-t.C:
		a.err = errors.New("no answer after the signal")
	}
	if a.err != nil {
		p.kill(w)
		return a, &fileWork{path: path, loadErr: in}
	}
	return a, nil
}

// failed blames the file for a worker that died on it or spoke
// nonsense; the next file gets a new worker.
func (p *workerPool) failed(w *worker, path string, err error) *fileWork {
	p.kill(w)
	msg := fmt.Sprintf("%s: internal error: whoop's sweep worker (process %d) %s while checking this file", path, w.cmd.Process.Pid, w.state)
	if err != io.EOF && !errors.Is(err, io.ErrUnexpectedEOF) {
		msg += ": " + err.Error()
	}
	if t := w.stderr.tail(); t != "" {
		msg += "; its last words: " + t
	}
	return &fileWork{path: path, loadErr: &exitError{code: exitInconclusive, msg: msg}}
}

// kill ends a worker at once, and waits until it has exited and its last
// output has reached stderr.
func (p *workerPool) kill(w *worker) {
	_ = w.cmd.Process.Kill()
	<-w.done
	w.out.Close()
	p.mu.Lock()
	delete(p.all, w)
	p.mu.Unlock()
}

// close ends every worker: idle ones see their input end and exit; after
// grace, any still running are killed.
func (p *workerPool) close(grace time.Duration) {
	p.mu.Lock()
	all := make([]*worker, 0, len(p.all))
	for w := range p.all {
		all = append(all, w)
	}
	p.all = map[*worker]bool{}
	p.mu.Unlock()
	for _, w := range all {
		_ = w.in.Close()
	}
	deadline := time.NewTimer(grace)
	defer deadline.Stop()
	for _, w := range all {
		select {
		case <-w.done:
		case <-deadline.C:
			_ = w.cmd.Process.Kill()
			<-w.done
		}
		w.out.Close()
	}
}

// tailBuffer passes a worker's stderr on and keeps its last line, for the
// message of a worker that dies.
type tailBuffer struct {
	mu   sync.Mutex
	w    io.Writer
	last []byte
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.last = append(t.last, b...)
	if len(t.last) > 4096 {
		t.last = t.last[len(t.last)-4096:]
	}
	return t.w.Write(b)
}

func (t *tailBuffer) tail() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := bytes.TrimRight(t.last, "\n")
	if i := bytes.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return string(s)
}
