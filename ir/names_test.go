package ir

import "testing"

// TestUniqueNames checks the name index behind NewLocal: suffixes continue
// where the last one for a base name ended, a copied Function value names
// its own variables, a dropped variable's name is given again, and a
// variable appended without NewLocal is still seen.
func TestUniqueNames(t *testing.T) {
	f := NewFunction("f", nil, Pos{})
	f.NewParam("x", Int, nil, Pos{})
	var got []string
	for range 3 {
		got = append(got, f.NewLocal("x", Int, nil, Pos{}).Name)
	}
	want := []string{"x.1", "x.2", "x.3"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("names %v, want %v", got, want)
		}
	}
	tmp := f.NewLocal("", Int, nil, Pos{})
	f.Locals = f.Locals[:len(f.Locals)-1] // a temporary dropped again
	if n := f.NewLocal("", Int, nil, Pos{}).Name; n != tmp.Name {
		t.Errorf("after dropping temporary %s: %s, want the same name again", tmp.Name, n)
	}
	f.Locals = f.Locals[:len(f.Locals)-2] // x.3 and the temporary
	if n := f.NewLocal("x", Int, nil, Pos{}).Name; n != "x.3" {
		t.Errorf("after dropping x.3: %s, want x.3 again", n)
	}
	f.Locals = append(f.Locals, &Var{Name: "y", Func: f})
	if n := f.NewLocal("y", Int, nil, Pos{}).Name; n != "y.1" {
		t.Errorf("name after a direct append: %s, want y.1", n)
	}
	g := *f
	g.Locals = append([]*Var(nil), f.Locals...)
	if a, b := f.NewLocal("z", Int, nil, Pos{}).Name, g.NewLocal("z", Int, nil, Pos{}).Name; a != "z" || b != "z" {
		t.Errorf("copied function: names %s and %s, want z and z", a, b)
	}
	seen := map[string]bool{}
	for _, v := range append(f.Params, f.Locals...) {
		if seen[v.Name] {
			t.Errorf("duplicate name %s", v.Name)
		}
		seen[v.Name] = true
	}
}

// BenchmarkNewLocal names 10,000 temporaries and 10,000 copies of one
// name: linear, where rescanning the locals for each name was quadratic.
func BenchmarkNewLocal(b *testing.B) {
	for b.Loop() {
		f := NewFunction("f", nil, Pos{})
		for range 10000 {
			f.NewLocal("", Int, nil, Pos{})
			f.NewLocal("nd", Bool, nil, Pos{})
		}
	}
}
