package yieldinst

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
)

// WriteText prints one line per pair and one indented line per yield.
func WriteText(w io.Writer, s *Set) error {
	ew := &errWriter{w: w}
	ew.printf("%s: %d yields in %d concurrent pairs (mode %s)\n", s.Path, s.Total(), len(s.Pairs), s.Mode)
	for _, p := range s.Pairs {
		ew.printf("pair %s / %s (%s): %d yields\n", p.First, p.Second, p.Verdict, len(p.Yields))
		for _, y := range p.Yields {
			switch y.Kind {
			case LockYield:
				ew.printf("  %s: yield before %s in %s [%s]\n", y.Pos, y.Lock, y.Func, y.EntryPoint)
			default:
				ew.printf("  %s: yield after %s of %s (%s) in %s [%s]; race check\n", y.Pos, y.Access, y.LValue, y.Region, y.Func, y.EntryPoint)
			}
		}
	}
	return ew.err
}

// WriteJSON prints the set as one indented JSON object.
func WriteJSON(w io.Writer, s *Set) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteXML prints the set as a <yields> document.
func WriteXML(w io.Writer, s *Set) error {
	type doc struct {
		XMLName xml.Name `xml:"yields"`
		*Set
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc{Set: s}); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
