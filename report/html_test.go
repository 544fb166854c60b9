package report

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/whoopverify/whoop/lockset"
)

// htmlFixture is nvram (its f_pos race confirmed by the explorer) and demo.
func htmlFixture() []*lockset.FileResult {
	nvram := raceFixNvram()
	for i := range nvram.Pairs {
		p := &nvram.Pairs[i]
		if p.Pair.First.Name() != "nvram_llseek" || p.Pair.Second.Name() != "nvram_llseek" {
			continue
		}
		a := p.Races[0].Accesses
		p.Races[0].Confirmation = &lockset.Confirmation{Status: lockset.Confirmed, Note: "confirmed within csb 2", Steps: []lockset.Step{
			{Thread: 1, EntryPoint: "nvram_llseek", Func: "nvram_llseek", Pos: a[0].Pos, Source: a[0].Source, Kind: "write", LValue: "file->f_pos", Value: "1"},
			{Thread: 1, EntryPoint: "nvram_llseek", Kind: "switch"},
			{Thread: 2, EntryPoint: "nvram_llseek", Func: "nvram_llseek", Pos: a[1].Pos, Source: a[1].Source, Kind: "read", LValue: "file->f_pos", Value: "0"},
			{Thread: 1, EntryPoint: "nvram_llseek", Func: "nvram_llseek", Pos: a[0].Pos, Source: a[0].Source, Kind: "race", LValue: "file->f_pos", Value: "0"},
		}}
	}
	return []*lockset.FileResult{nvram, raceFixDemo()}
}

// htmlOpts reads no files: the source around a site is made up from its
// line number, so the excerpts are checkable.
func htmlOpts() Options {
	return Options{Version: "test", Assumptions: []Assumption{{"one-device", "the driver drives one device at a time"}},
		SourceLine: func(file string, n int) string {
			return "/* " + filepath.Base(file) + " line " + strconv.Itoa(n) + " */"
		}}
}

func htmlPageMap(t *testing.T, files []*lockset.FileResult, opts Options) map[string]string {
	t.Helper()
	pages, err := HTMLPages(files, opts)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, p := range pages {
		m[p.Name] = string(p.Data)
	}
	return m
}

var htmlRowRE = regexp.MustCompile(`<tr class="finding"[^>]*>`)

// TestHTMLPages: the index lists every finding worst first with its class,
// rank and file for the filters; each finding has its page with the source
// around its sites (racy lines marked), the locks, the pairs, the
// assumptions, and for the confirmed one the two-column timeline. Nothing
// is fetched from elsewhere, and C text is escaped.
func TestHTMLPages(t *testing.T) {
	pages := htmlPageMap(t, htmlFixture(), htmlOpts())
	index := pages["index.html"]
	rows := htmlRowRE.FindAllString(index, -1)
	if len(rows) != 5 || len(pages) != 6 {
		t.Fatalf("%d rows, %d pages; want 5 findings and their pages", len(rows), len(pages))
	}
	if !strings.Contains(rows[0], `data-class="read-write"`) || !strings.Contains(rows[0], `data-file="driver.c"`) {
		t.Errorf("first row (the confirmed finding) = %s", rows[0])
	}
	if !strings.Contains(index, `<a href="f/1.html"><code>file-&gt;f_pos</code></a>`) || !strings.Contains(index, `<option>drivers/demo/demo.c</option>`) {
		t.Errorf("index lacks the escaped link or the file filter:\n%s", index)
	}
	confirmed := pages["f/1.html"]
	for _, want := range []string{
		`<span class="badge confirmed">confirmed</span>`,
		`<table class="timeline">`,
		`<th>Thread 1: nvram_llseek</th>`,
		`<tr class="switch"><td colspan="2">context switch after thread 1: the other thread runs</td></tr>`,
		`<span class="l racy"><span class="n">52</span>/* driver.c line 52 */</span>`,
		`<span class="l"><span class="n">50</span>/* driver.c line 50 */</span>`,
		`<li><strong>one-device</strong>: the driver drives one device at a time</li>`,
		`<td>line 41 (read)</td><td>line 52 (write)</td><td>nvram_llseek × nvram_llseek</td>`,
	} {
		if !strings.Contains(confirmed, want) {
			t.Errorf("confirmed finding's page lacks %q:\n%s", want, confirmed)
		}
	}
	for name, p := range pages {
		if regexp.MustCompile(`(src|href)="(https?:)?//`).MatchString(p) {
			t.Errorf("%s refers to another host", name)
		}
	}
	if strings.Contains(pages["f/2.html"], `class="timeline"`) {
		t.Error("an unconfirmed finding has a timeline")
	}
}

// chromiumFlags run Debian's chromium headless with nothing fetched from
// the network and a profile of its own.
func chromiumFlags(profile string) []string {
	return []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + profile}
}

// chromium runs chromium with args and returns its standard output.
func chromium(t *testing.T, bin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(chromiumFlags(t.TempDir()), args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return string(out)
}

// TestHTMLChromium loads the report in headless Chromium from file:// and
// checks the DOM after its script ran: every finding is a row, a filter
// in the URL hides the rows of other classes, and the confirmed finding's
// page has its timeline. It saves a screenshot of the index in
// testdata/html-out (ignored by git) for review. Driven with chromium's
// --dump-dom (and --screenshot): no browser protocol library, and the
// filters read the URL's fragment with the same code the controls use.
func TestHTMLChromium(t *testing.T) {
	bin := os.Getenv("WHOOP_CHROMIUM")
	if bin == "" {
		var err error
		if bin, err = exec.LookPath("chromium"); err != nil {
			t.Skip("chromium is not installed (make chromium installs Debian's package; make test does): the HTML report is not checked in a browser")
		}
	}
	dir := t.TempDir()
	pages, err := HTMLPages(htmlFixture(), htmlOpts())
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteHTMLDir(dir, pages); err != nil {
		t.Fatal(err)
	}
	index := "file://" + filepath.Join(dir, "index.html")
	visible := func(dom string) (shown, all int) {
		for _, r := range htmlRowRE.FindAllString(dom, -1) {
			all++
			if !strings.Contains(r, " hidden") {
				shown++
			}
		}
		return shown, all
	}
	dom := chromium(t, bin, "--dump-dom", index)
	if shown, all := visible(dom); shown != 5 || all != 5 || !strings.Contains(dom, `<span id="shown">5</span>`) {
		t.Errorf("index: %d of %d rows shown, want 5 of 5", shown, all)
	}
	dom = chromium(t, bin, "--dump-dom", index+"#class=stale-read")
	if shown, all := visible(dom); shown != 1 || all != 5 || !strings.Contains(dom, `<span id="shown">1</span>`) {
		t.Errorf("index#class=stale-read: %d of %d rows shown, want 1 of 5", shown, all)
	}
	dom = chromium(t, bin, "--dump-dom", index+"#q=nvram_len")
	if shown, _ := visible(dom); shown != 1 {
		t.Errorf("index#q=nvram_len: %d rows shown, want 1", shown)
	}
	dom = chromium(t, bin, "--dump-dom", "file://"+filepath.Join(dir, "f", "1.html"))
	if n := strings.Count(dom, `<td class="step">`); !strings.Contains(dom, `<table class="timeline">`) || n != 3 {
		t.Errorf("confirmed finding: timeline with %d steps, want 3", n)
	}
	out, err := filepath.Abs(filepath.Join("testdata", "html-out"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(out, "index.png")
	chromium(t, bin, "--window-size=1280,900", "--screenshot="+shot, index)
	if st, err := os.Stat(shot); err != nil || st.Size() == 0 {
		t.Errorf("no screenshot at %s: %v", shot, err)
	}
}
