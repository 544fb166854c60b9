package frontend

import (
	"bytes"
	"fmt"
	"os"
	"sync"
)

// HeaderCache holds what the gcc front end learns of a tree header that is
// the same for every file one process reads (a sweep, a module's parts):
// whether a path is a file, its text, its include directives (the scan's)
// and its text rewritten for the mirror (mirrorText's). Each is a function
// of the header's absolute path alone within one run (the tree is not
// edited under a run; a compiler reading it assumes the same), so a hit
// gives the bytes a miss computes and the output does not depend on which
// file, or which of --jobs workers, came first. Safe for concurrent use;
// the texts it keeps are bounded (headerCacheMax), past which a header is
// computed every time as without the cache. A nil *HeaderCache caches
// nothing.
type HeaderCache struct {
	mu     sync.Mutex
	exists map[string]bool
	heads  map[string]*cachedHeader
	size   int // bytes of text held
}

// cachedHeader is one header's entry; its fields are not changed once
// stored.
type cachedHeader struct {
	text       []byte
	includes   []includeDirective // nil with ok false: the scan cannot read them
	ok         bool
	computed   bool // an include whose name a macro gives
	hasInclude bool
	rewritten  []byte   // the mirror's text; nil when it is text (a link)
	builtins   []string // the names its __has_builtin asks about
}

// includeDirective is one #include, #include_next or #import line.
type includeDirective struct {
	next, angle bool
	name        string
}

// headerCacheMax bounds the texts kept: a sweep of drivers/watchdog
// reaches about 1,500 headers, 12 MB, twice that with their rewrites.
const headerCacheMax = 256 << 20

// NewHeaderCache returns an empty cache.
func NewHeaderCache() *HeaderCache {
	return &HeaderCache{exists: map[string]bool{}, heads: map[string]*cachedHeader{}}
}

// isFile reports whether a regular file (or a link to one) is at the tree
// path p.
func (c *HeaderCache) isFile(p string) bool {
	if c != nil {
		c.mu.Lock()
		ok, done := c.exists[p]
		c.mu.Unlock()
		if done {
			return ok
		}
	}
	fi, err := os.Stat(p)
	ok := err == nil && !fi.IsDir()
	if c != nil {
		c.mu.Lock()
		c.exists[p] = ok
		c.mu.Unlock()
	}
	return ok
}

// header returns the entry of the tree header p, reading and scanning it
// on a miss.
func (c *HeaderCache) header(p string) (*cachedHeader, error) {
	if c != nil {
		c.mu.Lock()
		h := c.heads[p]
		c.mu.Unlock()
		if h != nil {
			return h, nil
		}
	}
	text, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", p, err)
	}
	h := newCachedHeader(text)
	if c != nil {
		c.mu.Lock()
		if old := c.heads[p]; old != nil {
			h = old // another worker's, the same bytes
		} else if c.size+len(text)+len(h.rewritten) <= headerCacheMax {
			c.heads[p] = h
			c.size += len(text) + len(h.rewritten)
		}
		c.mu.Unlock()
	}
	return h, nil
}

// newCachedHeader scans and rewrites a header's text.
func newCachedHeader(text []byte) *cachedHeader {
	h := scannedText(text)
	// None of the rewrites changes its input in place.
	t := newRewriteText(text)
	t.apply(wEllipsis, rewriteNamedVariadics)
	t.kernelRewrites()
	t.apply(0, endSplice)
	t.apply(wHasOp, func(src []byte) []byte {
		data, builtins := hasOperatorsText(src)
		h.builtins = builtins
		return data
	})
	if !bytes.Equal(t.src, text) {
		h.rewritten = t.src
	}
	return h
}

// scannedText scans a text's include directives.
func scannedText(text []byte) *cachedHeader {
	h := &cachedHeader{text: text, hasInclude: bytes.Contains(text, []byte("__has_include"))}
	h.ok = scanDirectives(text, func(next, angle bool, name string) {
		h.includes = append(h.includes, includeDirective{next, angle, name})
	}, func() { h.computed = true })
	if !h.ok {
		h.includes = nil
	}
	return h
}
