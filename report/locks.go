package report

import (
	"io"
	"strings"

	"github.com/whoopverify/whoop/lockset"
)

// WriteLockErrors writes the lock-discipline findings of each file as
// gcc-style `error:` lines, each with a note per related acquire.
func WriteLockErrors(w io.Writer, files []*lockset.LockResult) error {
	out := &raceErrWriter{w: w}
	for _, file := range files {
		for _, e := range file.Errors {
			if e.Suppressed != "" {
				continue // counted by the caller's summary
			}
			out.printf("%s: error: %s [%s] (entry point %s)\n", racePos(e.Pos, file.Path), e.Msg, e.Kind, joinNames(e.EntryPoints))
			for _, r := range e.Related {
				out.printf("%s: note: %s\n", racePos(r.Pos, file.Path), r.Msg)
				if r.Source != "" {
					out.printf("\t%s\n", strings.TrimSpace(r.Source))
				}
			}
		}
	}
	return out.err
}

func joinNames(names []string) string { return strings.Join(names, ", ") }
