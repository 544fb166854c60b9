package lockset

// VerifyConstruction makes o's checks also prove the instrumentation's
// stated loop invariants, failing with an internal error otherwise.
func VerifyConstruction(o Options) Options {
	o.verifyConstruction = true
	return o
}
