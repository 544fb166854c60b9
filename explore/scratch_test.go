package explore_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"testing"

	"github.com/whoopverify/whoop/explore"
	"github.com/whoopverify/whoop/frontend"
	"github.com/whoopverify/whoop/lockset"
)

func TestScratch(t *testing.T) {
	path := os.Getenv("EXPLORE_FILE")
	if path == "" {
		t.Skip()
	}
	ctx := context.Background()
	prog, err := frontend.Load(ctx, path, frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lockset.Check(ctx, prog, lockset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var dbg io.Writer
	if os.Getenv("DEBUG") != "" {
		dbg = os.Stderr
	}
	csb, _ := strconv.Atoi(os.Getenv("CSB"))
	out, err := explore.Confirm(ctx, prog, res, explore.Options{CSB: csb, Debug: dbg})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range out.Races {
		pr := res.Pairs[r.Pair]
		race := pr.Races[r.Race]
		fmt.Printf("%s|%s %s %s:%d/%d: %s %s bound=%v\n", pr.Pair.First.Name(), pr.Pair.Second.Name(), race.Region, race.Accesses[0].LValue, race.Accesses[0].Pos.Line, race.Accesses[1].Pos.Line, r.Status, r.Note, r.Bounded)
		for _, s := range r.Steps {
			fmt.Printf("   T%d %s %s:%d %s %s = %s\n", s.Thread, s.EntryPoint, s.Func, s.Pos.Line, s.Kind, s.LValue, s.Value)
		}
	}
	fmt.Printf("%+v\n", out.Stats)
	for _, e := range out.Internal {
		fmt.Println("INTERNAL", e)
	}
}
