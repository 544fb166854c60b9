package frontend

import (
	"bytes"
	"regexp"
	"slices"
)

// Source rewrites for a real kernel tree's headers (tree mode). cc/v4 rejects
// a few GCC constructs the kernel headers use; each rule below rewrites one of
// them into a form with the same meaning that cc/v4 reads. They apply to the
// text cc/v4 sees (through sourceFS), never to the tree on disk, and never to
// the driver's own positions: every rule keeps line breaks where they were.
//
// Measured on Linux 6.12 (../shared/reference/kernel-tree-notes.md).

// Typeof of a type parameter: typeof applied to a macro parameter named
// `type` or `_type`.
// cc/v4 parses typeof(expression) but not typeof(type-name) in declaration
// specifiers (its checker has no case for TypeSpecifierTypeofType, and a
// qualified type name does not parse at all). A compound literal of the type
// has exactly that type, arrays included, so typeof((T){}) is typeof(T).
// Only macros with a parameter named `type` are rewritten: that is the
// kernel's convention for type parameters (percpu-defs.h, typecheck.h,
// device.h), and an expression argument there would not compile with gcc.

// typeofOfName matches typeof applied to a type-parameter-like name; the
// rewrite applies only where the name is a parameter of the macro.
var typeofOfName = regexp.MustCompile(`\b(?:__typeof__|__typeof|typeof)\s*\(\s*(_*type)\s*\)`)

// autoTypeConst matches `const __auto_type` and `__auto_type const`, which
// cc/v4 rejects; plain __auto_type works. Dropping the const only loses a
// compile-time check the analysis does not need.
var autoTypeConst = regexp.MustCompile(`\bconst\s+__auto_type\b|\b__auto_type\s+const\b`)

// vaMember matches a struct member made only of a macro's variadic
// arguments (`__VA_ARGS__;` on its own line, cleanup.h's lock guards). With no
// arguments it leaves an empty member declaration, on which cc/v4 prints a
// stray trace line to stderr; __whoop_member (treePrelude) adds the
// semicolon only when there are arguments.
var vaMember = regexp.MustCompile(`(?m)^(\s*)__VA_ARGS__;(\s*\\)$`)

// seqLockMember matches seqlock_types.h's `__SEQ_LOCK(locktype *lock);`
// member, empty without lockdep: the semicolon moves inside the argument so
// that no empty member is left (the same stray trace as vaMember).
var seqLockMember = regexp.MustCompile(`__SEQ_LOCK\(([^;()]*)\);`)

// staticCallTramp matches static_call_types.h's trampoline declaration,
// `extern typeof(func) STATIC_CALL_TRAMP(name);`, where func is a function
// or a function type: neither compound literals nor pointer casts express
// typeof of both, and cc/v4 reads typeof(type-name) in no declaration. The
// trampoline is only ever called through inline asm; an unprototyped
// function declaration serves every use the C code makes of it.
var staticCallTramp = regexp.MustCompile(`extern\s+typeof\(\s*func\s*\)\s+STATIC_CALL_TRAMP\(\s*name\s*\);`)

// guardUnlock matches the null tests of cleanup.h's guard destructors,
// `if (_T) { _unlock; }` and `if (_T->lock) { _unlock; }`. The guard's lock
// pointer is loaded from the guard object, whose contents the checks do not
// track, so the test would keep every guard's lock held on an impossible
// path (false lock-held-at-return and double-lock reports). Without it a
// destructor always releases: for races that only removes locks (sound); a
// failed conditional guard (scoped_cond_guard) then releases a lock it did
// not take, which the lock checks may report as unlock-unheld.
var guardUnlock = regexp.MustCompile(`if \(_T(?:->lock)?\) \{ (_unlock;) \}`)

// builtinBswap matches uapi/linux/swab.h's choice of __builtin_bswapN for
// __swabN. cc/v4 cannot evaluate the builtin in a constant expression, and
// drivers use htons() in case labels (`case htons(ETH_P_IPV6):`, r8169,
// netdevice.h); the header's fallback gives the same value through
// ___constant_swabN for constants and __fswabN otherwise.
var builtinBswap = regexp.MustCompile(`#ifdef __HAVE_BUILTIN_BSWAP(16|32|64)__`)

// localLabel matches a GNU local label declaration, `__label__ name;`.
// cc/v4 parses it but gives every label its function's scope, so a macro
// that declares one (wait.h's ___wait_event and its swait and wait_bit
// twins: `__label__ __out;`, instruction_pointer.h's _THIS_IP_) used twice
// in one function is "two labels of the same name", which its checker
// rejects (drivers/misc/mei/hw-me.c, bus.c, genwqe/card_ddcb.c). In the
// macro's body the name becomes name##__LINE__: within one expansion
// __LINE__ is one line, so the body's uses still agree, and expansions on
// different lines get different labels. Two expansions on one line still
// collide (localLabelsError explains that error).
var localLabel = regexp.MustCompile(`\b__label__\s+([A-Za-z_][A-Za-z0-9_]*)\s*;`)

// macroHead matches the start of a #define's text after `define`: the
// macro's name and, for a function-like macro, its parameter list.
var macroHead = regexp.MustCompile(`^\s+[A-Za-z_][A-Za-z0-9_]*(?:\(([^)]*)\))?`)

// rewriteLocalLabels renames the local labels of every #define that
// declares some (localLabel). Line breaks stay where they were.
func rewriteLocalLabels(src []byte) []byte {
	return eachDefine(src, func(text []byte) []byte {
		m := macroHead.FindSubmatchIndex(text)
		if m == nil || !localLabel.Match(text) {
			return text
		}
		params := map[string]bool{}
		if m[2] >= 0 {
			for _, p := range bytes.Split(text[m[2]:m[3]], []byte(",")) {
				params[string(bytes.TrimSpace(p))] = true
			}
		}
		body := text[m[1]:]
		for _, d := range localLabel.FindAllSubmatch(body, -1) {
			name := string(d[1])
			if params[name] {
				continue // a label named by the caller: the caller's to keep apart
			}
			word := regexp.MustCompile(`\b` + name + `\b`)
			body = word.ReplaceAll(body, []byte("__whoop_cat("+name+", __LINE__)"))
		}
		return append(slices.Clip(text[:m[1]]), body...)
	})
}

// rewriteKernelSource applies the tree-mode rewrites to one file's text.
func rewriteKernelSource(src []byte) []byte {
	t := newRewriteText(src)
	t.kernelRewrites()
	return t.src
}

// kernelRewrites applies the tree-mode rewrites, each to a text holding
// its trigger word (rewriteWords).
func (t *rewriteText) kernelRewrites() {
	t.apply(wMustBeArray, rewriteMustBeArray)
	t.apply(0, rewriteElvis)
	t.apply(wLabel, rewriteLocalLabels)
	t.apply(wGuardUnlock, func(src []byte) []byte { return guardUnlock.ReplaceAll(src, []byte("{ $1 }")) })
	t.apply(wStaticCall, func(src []byte) []byte {
		return staticCallTramp.ReplaceAll(src, []byte("extern int STATIC_CALL_TRAMP(name)();"))
	})
	t.apply(wSeqLock, func(src []byte) []byte { return seqLockMember.ReplaceAll(src, []byte("__SEQ_LOCK(${1};)")) })
	t.apply(wVAMember, func(src []byte) []byte {
		return vaMember.ReplaceAll(src, []byte("${1}__whoop_member(__VA_ARGS__)${2}"))
	})
	t.apply(wBswap, func(src []byte) []byte {
		return builtinBswap.ReplaceAll(src, []byte("#ifdef __whoop_no_builtin_bswap${1}__"))
	})
	t.apply(wAutoType, func(src []byte) []byte { return autoTypeConst.ReplaceAll(src, []byte("__auto_type")) })
	t.apply(wTypeof, rewriteTypeofParams)
}

// rewriteTypeofParams rewrites typeof of a macro's type parameter into
// typeof of a compound literal of it (typeofOfName).
func rewriteTypeofParams(src []byte) []byte {
	if !hasTypeOperand(src) {
		return src
	}
	return rewriteDefines(src, func(params [][]byte, body []byte) []byte {
		isParam := map[string]bool{}
		for _, p := range params {
			if typeParam(p) {
				isParam[string(p)] = true
			}
		}
		if len(isParam) == 0 {
			return body
		}
		return typeofOfName.ReplaceAllFunc(body, func(m []byte) []byte {
			name := typeofOfName.FindSubmatch(m)[1]
			if !isParam[string(name)] {
				return m
			}
			return []byte("__typeof__((" + string(name) + "){})")
		})
	})
}

// hasTypeOperand reports whether src has a parenthesised type-parameter
// name, `( _*type )`, which every typeofOfName match contains: the
// regular expression (its \b) costs more than the rewrite of the few
// headers that have one (nvram.c: 5 of 619; the check alone on all 619
// was 270-350 ms, this test under 1 ms).
func hasTypeOperand(src []byte) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("type"))
		if j < 0 {
			return false
		}
		i += j
		k := i - 1
		for k >= 0 && src[k] == '_' {
			k--
		}
		for k >= 0 && isSpace(src[k]) {
			k--
		}
		e := i + len("type")
		for e < len(src) && isSpace(src[e]) {
			e++
		}
		if k >= 0 && src[k] == '(' && e < len(src) && src[e] == ')' {
			return true
		}
		i += len("type")
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// defineHead matches the start of a function-like macro's text after
// `#define`: its name and parameter list.
var defineHead = regexp.MustCompile(`^\s+[A-Za-z_][A-Za-z0-9_]*\(([^)]*)\)`)

// rewriteDefines calls f on the body of every function-like #define in src,
// with its parameter names, and returns src with the bodies f changed.
func rewriteDefines(src []byte, f func(params [][]byte, body []byte) []byte) []byte {
	return eachDefine(src, func(text []byte) []byte {
		m := defineHead.FindSubmatchIndex(text)
		if m == nil {
			return text
		}
		var params [][]byte
		for _, p := range bytes.Split(text[m[2]:m[3]], []byte(",")) {
			params = append(params, bytes.TrimSpace(p))
		}
		body := text[m[1]:]
		nb := f(params, body)
		if bytes.Equal(nb, body) {
			return text
		}
		return append(slices.Clip(text[:m[1]]), nb...)
	})
}

// eachDefine calls f on the text of every #define in src after the word
// `define` (its continuation lines included) and returns src with the
// texts f changed.
func eachDefine(src []byte, f func(text []byte) []byte) []byte {
	var out []byte
	last := 0
	for i := 0; i < len(src); {
		lineEnd := bytes.IndexByte(src[i:], '\n')
		if lineEnd < 0 {
			lineEnd = len(src)
		} else {
			lineEnd += i
		}
		j := skipBlanks(src, i)
		if j < len(src) && src[j] == '#' {
			k := skipBlanks(src, j+1)
			if bytes.HasPrefix(src[k:], []byte("define")) {
				end := logicalLineEnd(src, k+6)
				text := src[k+6 : end]
				if nt := f(text); !bytes.Equal(nt, text) {
					out = append(out, src[last:k+6]...)
					out = append(out, nt...)
					last = end
				}
				lineEnd = end
			}
		}
		i = lineEnd + 1
	}
	if out == nil {
		return src
	}
	return append(out, src[last:]...)
}

// typeParam reports whether a macro parameter name is the kernel's spelling
// of a type parameter (type, _type).
func typeParam(p []byte) bool {
	return bytes.Equal(bytes.TrimLeft(p, "_"), []byte("type"))
}

// unsupportedBuiltins are builtins the kernel headers probe with
// __has_builtin that cc/v4 cannot translate; answering no selects the
// headers' plain-C fallback. __builtin_has_attribute takes an attribute name
// as its second operand, which cc/v4 resolves as an identifier.
var unsupportedBuiltins = map[string]bool{
	"__builtin_has_attribute": true,
}

// kernelHasBuiltin is cc.Config.HasBuiltin in tree mode: cc/v4's default
// answer (builtins by prefix) less the unsupported ones.
func kernelHasBuiltin(name string) bool {
	if unsupportedBuiltins[name] {
		return false
	}
	for _, p := range []string{"__builtin_", "__sync_", "__c11_atomic_"} {
		if len(name) > len(p) && name[:len(p)] == p {
			return true
		}
	}
	return false
}
