package frontend

import (
	"bytes"
	"slices"
	"strings"
)

// The header rewrites (rewriteNamedVariadics, rewriteKernelSource,
// hasOperatorsText) each apply only to a text holding a word of their own,
// and most headers hold none. Testing each word with bytes.Contains read a
// header once per word, and the words start with bytes the kernel's text is
// full of ('_', 't', '#'), which is bytes.Index's slow case: on nvram.c's
// 617 headers (4.8 MB) those tests were most of the rewrites' time.
// rewriteWords finds all of them in one pass.

// wordSet is the set of rewriteTriggers a text holds.
type wordSet uint16

// The trigger words, each the test the rewrite it gates made with
// bytes.Contains.
const (
	wEllipsis    wordSet = 1 << iota // rewriteNamedVariadics
	wMustBeArray                     // rewriteMustBeArray
	wLabel                           // rewriteLocalLabels
	wGuardUnlock                     // guardUnlock
	wStaticCall                      // staticCallTramp
	wSeqLock                         // seqLockMember
	wVAMember                        // vaMember
	wBswap                           // builtinBswap
	wAutoType                        // autoTypeConst
	wTypeof                          // the typeof rewrite
	wHasOp                           // hasOperatorsText
)

// rewriteTriggers are the words, each with the byte of it to look for
// first (triggerAnchors).
var rewriteTriggers = []struct {
	word, anchor string
	bit          wordSet
}{
	{"...", ".", wEllipsis},
	{"__must_be_array(a)", "y", wMustBeArray},
	{"__label__", "b", wLabel},
	{"_unlock; }", "}", wGuardUnlock},
	{"STATIC_CALL_TRAMP(name);", "P", wStaticCall},
	{"__SEQ_LOCK(", "Q", wSeqLock},
	{"__VA_ARGS__;", "V", wVAMember},
	{"#ifdef __HAVE_BUILTIN_BSWAP", "W", wBswap},
	{"__auto_type", "y", wAutoType},
	{"typeof", "y", wTypeof},
	{"__has_", "h", wHasOp},
}

// triggerAnchors groups the trigger words by their rarest byte in the
// kernel's headers (counted on nvram.c's 617, 4.7 MB: '?' 481 times, 'Q'
// 1,878, '}' 8,767, '.' 21,651, 'y' 26,718, '_' 223,298, 't' 236,782),
// with its offset in the word: bytes.IndexByte finds the anchors at memory
// speed, and only around them is a word compared.
var triggerAnchors = func() []triggerAnchor {
	var anchors []triggerAnchor
	for i, w := range rewriteTriggers {
		b := w.word[strings.IndexAny(w.word, w.anchor)]
		k := slices.IndexFunc(anchors, func(a triggerAnchor) bool { return a.b == b })
		if k < 0 {
			anchors = append(anchors, triggerAnchor{b: b})
			k = len(anchors) - 1
		}
		anchors[k].words = append(anchors[k].words, i)
		anchors[k].all |= w.bit
	}
	return anchors
}()

type triggerAnchor struct {
	b     byte
	words []int   // indices in rewriteTriggers
	all   wordSet // their bits
}

// rewriteWords returns the trigger words src contains: bit w is set
// exactly when bytes.Contains(src, w's word).
func rewriteWords(src []byte) wordSet {
	var set wordSet
	for _, a := range triggerAnchors {
		for i := 0; set&a.all != a.all; i++ {
			j := bytes.IndexByte(src[i:], a.b)
			if j < 0 {
				break
			}
			i += j
			for _, k := range a.words {
				w := rewriteTriggers[k]
				off := strings.IndexByte(w.word, a.b)
				if set&w.bit == 0 && i >= off && bytes.HasPrefix(src[i-off:], []byte(w.word)) {
					set |= w.bit
				}
			}
		}
	}
	return set
}

// rewriteText holds a text being rewritten and the trigger words it
// contains, found again whenever a rewrite changes it.
type rewriteText struct {
	src   []byte
	words wordSet
}

func newRewriteText(src []byte) *rewriteText {
	return &rewriteText{src: src, words: rewriteWords(src)}
}

// apply runs f on the text when it holds word (every bit of it, 0 for
// always) and keeps f's result.
func (t *rewriteText) apply(word wordSet, f func([]byte) []byte) {
	if t.words&word != word {
		return
	}
	out := f(t.src)
	if bytes.Equal(out, t.src) {
		return // the same text (a regexp's ReplaceAll copies it)
	}
	t.src = out
	t.words = rewriteWords(out)
}
