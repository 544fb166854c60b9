package want

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.c")
	src := "int a; // want \"race\" \"read a\\[0\\]\"\nint b;\n  b++; //want   region \"global b\"  \n// wanted nothing\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Lines(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []Line{{1, `"race" "read a\[0\]"`}, {3, `region "global b"`}}
	if !slices.Equal(got, want) {
		t.Fatalf("Lines = %q, want %q", got, want)
	}
	if q := Quoted(got[0].Text); !slices.Equal(q, []string{"race", `read a\[0\]`}) {
		t.Errorf("Quoted = %q", q)
	}
	if _, err := Lines(filepath.Join(t.TempDir(), "missing.c")); err == nil {
		t.Error("no error for a missing file")
	}
}
