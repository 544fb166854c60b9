package frontend

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// wordTexts are texts for the one-pass scans' tests: edge cases, random
// texts over the trigger words' bytes, and the tree's include/linux
// headers when WHOOP_KERNEL_TREE names a tree.
func wordTexts(t *testing.T) [][]byte {
	texts := [][]byte{nil, []byte("."), []byte(".."), []byte("..."), []byte("x ..."), []byte("__has_"),
		[]byte("_unlock; }"), []byte("__must_be_array(a"), []byte("typeo"), []byte("#ifdef __HAVE_BUILTIN_BSWAP16__"),
		[]byte("a ?: b"), []byte("(x) ? : y ?: z"), []byte("x?:?:"), []byte(") \t?\t :"), []byte("? :"), []byte("a?b:c")}
	r := rand.New(rand.NewSource(1))
	pieces := []string{"...", ".", "#define M(", "args", ") x", ",", "__", "_", "has_", "typeof", "type", "y", "?", ":", " ", "\t", ")", "(", "a", "1", "\n",
		"__VA_ARGS__", ";", "__label__", "__SEQ_LOCK(", "_unlock; }", "__auto_type", "STATIC_CALL_TRAMP(name);",
		"#ifdef __HAVE_BUILTIN_BSWAP", "__must_be_array(a)"}
	for i := 0; i < 3000; i++ {
		var b bytes.Buffer
		for n := r.Intn(12); n >= 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		texts = append(texts, b.Bytes())
	}
	if tree := os.Getenv("WHOOP_KERNEL_TREE"); tree != "" {
		names, _ := filepath.Glob(filepath.Join(tree, "include/linux/*.h"))
		for _, n := range names {
			if data, err := os.ReadFile(n); err == nil {
				texts = append(texts, data)
			}
		}
	}
	return texts
}

// TestRewriteWords: each bit is bytes.Contains of its word.
func TestRewriteWords(t *testing.T) {
	found := wordSet(0)
	for _, text := range wordTexts(t) {
		got := rewriteWords(text)
		for _, w := range rewriteTriggers {
			if want := bytes.Contains(text, []byte(w.word)); (got&w.bit != 0) != want {
				t.Fatalf("rewriteWords(%q): %q %v, want %v", text, w.word, got&w.bit != 0, want)
			}
		}
		found |= got
	}
	if all := wordSet(1)<<len(rewriteTriggers) - 1; found != all {
		t.Errorf("words found in the texts %b, want all %b", found, all)
	}
}

// TestElvisMatches: the matches are the regular expression's.
func TestElvisMatches(t *testing.T) {
	n := 0
	for _, text := range wordTexts(t) {
		got, want := elvisMatches(text), elvisOp.FindAllIndex(text, -1)
		if len(got) != len(want) {
			t.Fatalf("elvisMatches(%q) = %v, want %v", text, got, want)
		}
		for i := range got {
			if got[i][0] != want[i][0] || got[i][1] != want[i][1] {
				t.Fatalf("elvisMatches(%q) = %v, want %v", text, got, want)
			}
		}
		n += len(got)
	}
	if n == 0 {
		t.Error("no match in the texts")
	}
}

// TestHasNamedDots: a text rewriteNamedVariadics would change passes its
// gate.
func TestHasNamedDots(t *testing.T) {
	texts := append(wordTexts(t), []byte("#define M(fmt, args ...) f(fmt, ## args)"),
		[]byte("#define M(a,\targs\t...) g(a, args)\n"), []byte("#define M(...) f(__VA_ARGS__)\n/* wait... */"))
	changed := 0
	for _, text := range texts {
		if !bytes.Equal(rewriteVariadicDefines(text), text) {
			changed++
			if !hasNamedDots(text) {
				t.Errorf("hasNamedDots(%q) = false, and the rewrite changes it", text)
			}
		}
	}
	if changed < 2 {
		t.Errorf("%d texts rewritten, want at least 2", changed)
	}
	if hasNamedDots([]byte("#define M(...) f(__VA_ARGS__)\n/* (...) */")) {
		t.Error("hasNamedDots true for a text without a named variadic")
	}
}
