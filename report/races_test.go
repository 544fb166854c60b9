package report

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

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

// The block the design document promises, independent of the golden files.
func TestWriteRacesTextBlock(t *testing.T) {
	out := string(raceWrite(t, Text, []*lockset.FileResult{raceFixNvram()}, Options{}))
	want := "driver.c:54:9: warning: potential write-read race on 'file->f_pos' between nvram_llseek and nvram_llseek\n" +
		"driver.c:52:2: note: write by nvram_llseek, holding no lock\n" +
		"\tfile->f_pos = offset;\n" +
		"driver.c:54:9: note: read by nvram_llseek, holding no lock\n" +
		"\treturn file->f_pos;\n"
	if !strings.Contains(out, want) {
		t.Errorf("text output lacks the race block:\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got, want := lines[len(lines)-1], "driver.c: 11 of 14 pairs race-free, 3 potential races, 1 inconclusive"; got != want {
		t.Errorf("summary = %q, want %q", got, want)
	}
	// Races are ordered by the second access: 41:13, 54:9, then 160:2.
	var anchors []string
	for _, l := range lines {
		if strings.Contains(l, ": warning: ") {
			anchors = append(anchors, strings.SplitN(l, ": ", 2)[0])
		}
	}
	if want := []string{"driver.c:41:13", "driver.c:54:9", "driver.c:160:2"}; !slices.Equal(anchors, want) {
		t.Errorf("warning anchors = %q, want %q", anchors, want)
	}
	if strings.Contains(out, "not concurrent") || strings.Contains(out, "nvram_sync") {
		t.Errorf("non-verbose output lists non-concurrent pairs or warnings:\n%s", out)
	}
}

func TestWriteRacesTextNotes(t *testing.T) {
	opts := Options{Verbose: true}
	out := string(raceWrite(t, Text, []*lockset.FileResult{raceFixDemo()}, opts))
	for _, want := range []string{
		"drivers/demo/demo.c:40:3: note: write by demo_open, in demo_reset, holding global demo_lock\n",
		"drivers/demo/demo.c:60:6: note: read by demo_irq, holding no lock (marked)\n",
		"drivers/demo/demo.c:63:2: note: write by demo_irq, holding no lock (atomic)\n",
		"drivers/demo/demo.c:80:32: note: read by demo_ioctl, in demo_copy, holding global demo_lock, struct demo_dev.lock\n",
		"\tif (copy_to_user(ubuf, dev->buf, n))\n",
		"drivers/demo/demo.c: note: pair demo_ioctl and demo_ioctl inconclusive\n",
		"drivers/demo/demo.c: note: pair demo_irq and demo_irq not concurrent: an interrupt handler does not run concurrently with itself\n",
		"drivers/demo/demo.c: note: pair demo_open and demo_open race-free\n",
		"drivers/demo/demo.c: warning: unknown ops struct demo_ops: role of demo_ioctl guessed from its field name\n",
		"drivers/demo/demo.c: 1 of 4 pairs race-free, 3 potential races, 1 inconclusive\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("verbose text lacks %q:\n%s", want, out)
		}
	}
	nopos := raceFixNvram()
	nopos.Pairs[0].Races[0].Accesses[1].Pos = ir.Pos{}
	nopos.Pairs[0].Races[0].Accesses[1].Source = ""
	if out := string(raceWrite(t, Text, []*lockset.FileResult{nopos}, Options{})); !strings.HasPrefix(out,
		"driver.c: warning: potential write-read race on 'file->f_pos' between nvram_llseek and nvram_llseek\n"+
			"driver.c:52:2: note: write by nvram_llseek, holding no lock\n\tfile->f_pos = offset;\n"+
			"driver.c: note: read by nvram_llseek, holding no lock\ndriver.c:41:13: warning:") {
		t.Errorf("access without position or source printed wrongly:\n%s", out)
	}
	one := raceFixClean()
	one.Pairs[0].Verdict = lockset.Racy
	one.Pairs[0].Races = raceFixNvram().Pairs[0].Races[:1]
	if out := string(raceWrite(t, Text, []*lockset.FileResult{one}, Options{})); !strings.HasSuffix(out, "clean.c: 1 of 2 pairs race-free, 1 potential race\n") {
		t.Errorf("singular summary wrong:\n%s", out)
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
