//go:build !cgo

package z3

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestNoCgoExplains(t *testing.T) {
	c, err := NewContext(Config{})
	if c != nil || !errors.Is(err, ErrNoCgo) {
		t.Fatalf("NewContext = %v, %v; want ErrNoCgo", c, err)
	}
	for _, want := range []string{"cgo", "libz3-dev"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
	var s *Solver
	if r, err := s.Check(context.Background()); r != Unknown || !errors.Is(err, ErrNoCgo) {
		t.Errorf("Check = %v, %v", r, err)
	}
}
