package z3

// Warm creates n contexts, all alive at once, and deletes them: the first
// context pays Z3's global initialisation, and every context its 17 MB of
// tables, faulted in once and then kept by the tuned allocator. Called on
// an idle core before n goroutines each create their own contexts, it saves
// each of them that start-up (about 50 ms per context on our VMs). Errors
// are ignored: the later contexts report them.
func Warm(n int) {
	zs := make([]*Context, 0, n)
	for range n {
		zc, err := NewContext(Config{})
		if err != nil {
			break
		}
		zs = append(zs, zc)
	}
	for _, zc := range zs {
		zc.Close()
	}
}
