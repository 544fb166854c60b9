package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"whoop":             main, // as the binary runs, memory placement included
		"whoop-fake-worker": fakeWorker,
	})
}

// TestScripts runs the command-line scripts in testdata/script: each one
// runs whoop and checks its exit code and output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("SHARED", sharedDir(t))
			return nil
		},
	})
}

// sharedDir is ../shared beside the repository, holding the real drivers.
func sharedDir(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return dir + "/../../../shared"
}
