package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/whoopverify/whoop/findings"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
)

var raceTestOpts = Options{Version: "0.1.0-test"}

type raceCase struct {
	name    string
	files   func() []*lockset.FileResult
	verbose bool
}

func raceCases() []raceCase {
	return []raceCase{
		{"nvram", func() []*lockset.FileResult { return []*lockset.FileResult{raceFixNvram()} }, false},
		{"clean", func() []*lockset.FileResult { return []*lockset.FileResult{raceFixClean()} }, false},
		{"empty", func() []*lockset.FileResult { return []*lockset.FileResult{raceFixEmpty()} }, false},
		{"two", func() []*lockset.FileResult { return []*lockset.FileResult{raceFixNvram(), raceFixDemo()} }, false},
	}
}

var raceExt = map[Format]string{Text: ".txt", XML: ".xml", JSON: ".json", SARIF: ".sarif"}

func raceWrite(t *testing.T, f Format, files []*lockset.FileResult, opts Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteRaces(&buf, f, files, opts); err != nil {
		t.Fatalf("WriteRaces(%s): %v", f, err)
	}
	return buf.Bytes()
}

func raceGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden(t, "races", name, got)
}

func TestWriteRacesGolden(t *testing.T) {
	for _, c := range raceCases() {
		for _, f := range Formats() {
			t.Run(c.name+"/"+string(f), func(t *testing.T) {
				raceGolden(t, c.name+raceExt[f], raceWrite(t, f, c.files(), raceTestOpts))
			})
		}
		t.Run(c.name+"/text-verbose", func(t *testing.T) {
			opts := raceTestOpts
			opts.Verbose = true
			raceGolden(t, c.name+".verbose.txt", raceWrite(t, Text, c.files(), opts))
		})
	}
}

// The block the design document promises, independent of the golden
// files: one finding per racy variable, its sites and site pairs.
func TestWriteRacesTextBlock(t *testing.T) {
	out := string(raceWrite(t, Text, []*lockset.FileResult{raceFixNvram()}, Options{}))
	want := "driver.c:41:13: warning: potential race on 'file->f_pos': read at line 41 and written at line 52 with no lock in common [read-write, medium]\n" +
		"driver.c:41:13: note: read in nvram_llseek, holding no lock\n" +
		"\toffset += file->f_pos;\n" +
		"driver.c:52:2: note: write in nvram_llseek, holding no lock\n" +
		"\tfile->f_pos = offset;\n" +
		"driver.c:54:9: note: read in nvram_llseek, holding no lock\n" +
		"\treturn file->f_pos;\n" +
		"driver.c:41:13: note: line 41 (read) races with line 52 (write) in 1 pair: nvram_llseek × nvram_llseek\n" +
		"driver.c:52:2: note: line 52 (write) races with line 54 (read) in 1 pair: nvram_llseek × nvram_llseek\n"
	if !strings.Contains(out, want) {
		t.Errorf("text output lacks the finding block:\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got, want := lines[len(lines)-1], "driver.c: 2 findings on 2 variables (2 racy pairs of 14 concurrent, 1 inconclusive)"; got != want {
		t.Errorf("summary = %q, want %q", got, want)
	}
	// One warning per variable: f_pos's two races fold into one.
	var anchors []string
	for _, l := range lines {
		if strings.Contains(l, ": warning: ") {
			anchors = append(anchors, strings.SplitN(l, ": ", 2)[0])
		}
	}
	if want := []string{"driver.c:41:13", "driver.c:65:15"}; !slices.Equal(anchors, want) {
		t.Errorf("warning anchors = %q, want %q", anchors, want)
	}
	if strings.Contains(out, "not concurrent") || strings.Contains(out, "nvram_sync") {
		t.Errorf("non-verbose output lists non-concurrent pairs or warnings:\n%s", out)
	}
}

// TestWriteRacesTextMinRank: --min-rank hides the lower findings from the
// text and says so in the summary.
func TestWriteRacesTextMinRank(t *testing.T) {
	out := string(raceWrite(t, Text, []*lockset.FileResult{raceFixDemo()}, Options{MinRank: findings.Medium}))
	if strings.Contains(out, "'dev->count'") || !strings.Contains(out, "'dev->flags'") {
		t.Errorf("--min-rank medium shows the stale read or hides the read-write:\n%s", out)
	}
	if !strings.HasSuffix(out, "demo.c: 2 findings on 3 variables (2 racy pairs of 4 concurrent, 1 inconclusive); 1 below --min-rank medium\n") {
		t.Errorf("summary:\n%s", out)
	}
}

func TestWriteRacesTextNotes(t *testing.T) {
	opts := Options{Verbose: true}
	out := string(raceWrite(t, Text, []*lockset.FileResult{raceFixDemo()}, opts))
	for _, want := range []string{
		"drivers/demo/demo.c:40:3: note: write in demo_reset, holding global demo_lock (from demo_open)\n",
		"drivers/demo/demo.c:60:6: note: read (marked) in demo_irq, holding no lock\n",
		"drivers/demo/demo.c:63:2: note: write (atomic) in demo_irq, holding no lock\n",
		"drivers/demo/demo.c:80:32: note: read in demo_copy, holding global demo_lock, struct demo_dev.lock (from demo_ioctl)\n",
		"\tif (copy_to_user(ubuf, dev->buf, n))\n",
		// -v: every race as a block of its own, under its finding.
		"drivers/demo/demo.c:40:3: note: write by demo_open, in demo_reset, holding global demo_lock\n",
		"drivers/demo/demo.c:80:32: note: read by demo_ioctl, in demo_copy, holding global demo_lock, struct demo_dev.lock\n",
		"drivers/demo/demo.c: note: pair demo_ioctl and demo_ioctl inconclusive\n",
		"drivers/demo/demo.c: note: pair demo_irq and demo_irq not concurrent: an interrupt handler does not run concurrently with itself\n",
		"drivers/demo/demo.c: note: pair demo_open and demo_open race-free\n",
		"drivers/demo/demo.c: warning: unknown ops struct demo_ops: role of demo_ioctl guessed from its field name\n",
		"drivers/demo/demo.c: 3 findings on 3 variables (2 racy pairs of 4 concurrent, 1 inconclusive)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("verbose text lacks %q:\n%s", want, out)
		}
	}
	nopos := raceFixNvram()
	nopos.Pairs[0].Races[0].Accesses[1].Pos = ir.Pos{}
	nopos.Pairs[0].Races[0].Accesses[1].Source = ""
	if out := string(raceWrite(t, Text, []*lockset.FileResult{nopos}, Options{})); !strings.Contains(out,
		"driver.c: note: read in nvram_llseek, holding no lock\n") {
		t.Errorf("access without position or source printed wrongly:\n%s", out)
	}
	one := raceFixClean()
	one.Pairs[0].Verdict = lockset.Racy
	one.Pairs[0].Races = raceFixNvram().Pairs[0].Races[:1]
	if out := string(raceWrite(t, Text, []*lockset.FileResult{one}, Options{})); !strings.HasSuffix(out, "clean.c: 1 finding on 1 variable (1 racy pair of 2 concurrent)\n") {
		t.Errorf("singular summary wrong:\n%s", out)
	}
}

// TestWriteRacesTextInconclusive (issue 50, item 6): a file with more
// inconclusive than decided pairs says most of it was not checked; the
// inconclusive notes are capped, each and in number, with counts.
func TestWriteRacesTextInconclusive(t *testing.T) {
	f := raceFixDemo()
	var parts []string
	for i := range 40 {
		parts = append(parts, fmt.Sprintf("struct demo_dev.f%d: timeout after 10s", i))
	}
	for i := range f.Pairs {
		if f.Pairs[i].Pair.Concurrent {
			f.Pairs[i].Verdict, f.Pairs[i].Races, f.Pairs[i].Note = lockset.Inconclusive, nil, strings.Join(parts, "; ")
		}
	}
	for range 12 {
		f.Pairs = append(f.Pairs, f.Pairs[len(f.Pairs)-1])
	}
	out := string(raceWrite(t, Text, []*lockset.FileResult{f}, Options{}))
	n := f.InconclusivePairs()
	for _, want := range []string{
		"drivers/demo/demo.c: note: pair demo_open and demo_irq inconclusive: struct demo_dev.f0: timeout after 10s; struct demo_dev.f1: timeout after 10s; struct demo_dev.f2: timeout after 10s; and 37 more regions\n",
		fmt.Sprintf("drivers/demo/demo.c: note: and %d more inconclusive pairs (-v lists them)\n", n-10),
		fmt.Sprintf("drivers/demo/demo.c: warning: %d of %d concurrent pairs inconclusive: most of the file was not checked\n", n, f.ConcurrentPairs()),
		fmt.Sprintf("drivers/demo/demo.c: 0 findings on 0 variables (0 racy pairs of %d concurrent, %d inconclusive)\n", f.ConcurrentPairs(), n),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if c := strings.Count(out, " inconclusive: struct"); c != 10 {
		t.Errorf("%d inconclusive pairs listed, want 10", c)
	}
}

func TestWriteRacesDeterministic(t *testing.T) {
	for _, f := range Formats() {
		files := []*lockset.FileResult{raceFixNvram(), raceFixDemo()}
		first := raceWrite(t, f, files, raceTestOpts)
		second := raceWrite(t, f, files, raceTestOpts)
		if !bytes.Equal(first, second) {
			t.Errorf("%s: two writes of the same result differ", f)
		}
		// The order races arrive in does not matter.
		for _, file := range files {
			for i := range file.Pairs {
				slices.Reverse(file.Pairs[i].Races)
			}
		}
		if third := raceWrite(t, f, files, raceTestOpts); !bytes.Equal(first, third) {
			t.Errorf("%s: output depends on the order of races within a pair", f)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"text": Text, "XML": XML, " json ": JSON, "Sarif": SARIF} {
		got, err := ParseFormat(in)
		if err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "html", "sarif2"} {
		if _, err := ParseFormat(in); err == nil {
			t.Errorf("ParseFormat(%q) succeeded", in)
		}
	}
}

type raceFailWriter struct{}

func (raceFailWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteRacesErrors(t *testing.T) {
	noFunc := raceFixClean()
	noFunc.Pairs[1].Pair.Second = nil
	noEP := raceFixClean()
	noEP.EntryPoints[0] = &ir.EntryPoint{}
	for name, files := range map[string][]*lockset.FileResult{
		"nil file":      {nil},
		"nil pair side": {noFunc},
		"nil function":  {noEP},
	} {
		for _, f := range Formats() {
			if err := WriteRaces(&bytes.Buffer{}, f, files, Options{}); err == nil {
				t.Errorf("%s/%s: no error", name, f)
			}
		}
	}
	if err := WriteRaces(&bytes.Buffer{}, "html", nil, Options{}); err == nil || !strings.Contains(err.Error(), "unknown format") {
		t.Errorf("unknown format: err = %v", err)
	}
	for _, f := range Formats() {
		err := WriteRaces(raceFailWriter{}, f, []*lockset.FileResult{raceFixNvram()}, Options{})
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s: write error not reported: %v", f, err)
		}
	}
}

func BenchmarkWriteRaces(b *testing.B) {
	files := []*lockset.FileResult{raceFixNvram(), raceFixDemo()}
	for _, f := range Formats() {
		b.Run(string(f), func(b *testing.B) {
			for b.Loop() {
				if err := WriteRaces(io.Discard, f, files, raceTestOpts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
