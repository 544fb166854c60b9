package models

// FormatUse is what a formatted-I/O helper does through one of its
// variadic arguments.
type FormatUse struct {
	Access bool // it reads or writes through the argument
	Write  bool
	Len    LenKind // LenUnknown (a string) or LenPointee
}

// FormatUses returns, for each variadic argument after the format string
// format of a helper of kind k, in order, what the helper does through it.
// Arguments past the conversions are not used (nil past the end). A
// malformed conversion ends the list: what follows is not known to be
// used, and the caller treats unknown formats (ok false) conservatively.
//
// printf (lib/vsprintf.c): * as width or precision takes an int argument;
// %s reads a string; %p followed by an alphanumeric extension (%pM, %pI4,
// %ph, %pV, %pa, ...) reads what the pointer points to, a plain %p only
// prints the address; every other conversion takes a value.
//
// scanf (lib/vsprintf.c vsscanf): %*... assigns nothing and takes no
// argument; %s, %c and %[...] write a string of unknown length; %n and the
// numeric conversions write the pointee.
func FormatUses(k FormatKind, format string) (uses []FormatUse, ok bool) {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		if i >= len(format) {
			return uses, false
		}
		if format[i] == '%' {
			continue
		}
		suppressed := false
		if k == ScanfFormat && format[i] == '*' {
			suppressed = true
			i++
		}
		// Flags, width, precision, length: a * takes an int (printf).
		for ; i < len(format); i++ {
			c := format[i]
			if c == '*' && k == PrintfFormat {
				uses = append(uses, FormatUse{})
				continue
			}
			if isFlagOrLength(c) {
				continue
			}
			break
		}
		if i >= len(format) {
			return uses, false
		}
		conv := format[i]
		switch k {
		case PrintfFormat:
			switch {
			case conv == 's':
				uses = append(uses, FormatUse{Access: true, Len: LenUnknown})
			case conv == 'p':
				if i+1 < len(format) && isAlnum(format[i+1]) {
					uses = append(uses, FormatUse{Access: true, Len: LenUnknown})
				} else {
					uses = append(uses, FormatUse{})
				}
			case isAlpha(conv):
				uses = append(uses, FormatUse{})
			default:
				return uses, false
			}
		case ScanfFormat:
			if conv == '[' {
				// The scan set runs to the next ']' (one right after the
				// '[' or '[^' belongs to the set).
				j := i + 1
				if j < len(format) && format[j] == '^' {
					j++
				}
				if j < len(format) && format[j] == ']' {
					j++
				}
				for j < len(format) && format[j] != ']' {
					j++
				}
				if j >= len(format) {
					return uses, false
				}
				i = j
			} else if !isAlpha(conv) {
				return uses, false
			}
			if suppressed {
				continue
			}
			u := FormatUse{Access: true, Write: true, Len: LenPointee}
			if conv == 's' || conv == 'c' || conv == '[' {
				u.Len = LenUnknown
			}
			uses = append(uses, u)
		default:
			return nil, false
		}
	}
	return uses, true
}

func isFlagOrLength(c byte) bool {
	switch c {
	case '-', '+', ' ', '#', '0', '.', '\'', 'h', 'l', 'L', 'q', 'j', 'z', 'Z', 't':
		return true
	}
	return c >= '1' && c <= '9'
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isAlnum(c byte) bool { return isAlpha(c) || c >= '0' && c <= '9' }
