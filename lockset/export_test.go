package lockset

// VerifyConstruction makes o's checks also prove the instrumentation's
// stated loop invariants, failing with an internal error otherwise.
func VerifyConstruction(o Options) Options {
	o.verifyConstruction = true
	return o
}

// KeepDeadSites makes o's pair programs select dead sites too.
func KeepDeadSites(o Options) Options {
	o.keepDeadSites = true
	return o
}

// KeepLockRecords makes o's pair programs record every lock at every
// selection, as before narrow.
func KeepLockRecords(o Options) Options {
	o.keepLockRecords = true
	return o
}

// FreshSize makes o's pair checks use fresh solvers for init pairs of at
// least size statements.
func FreshSize(o Options, size int) Options {
	o.freshSize = size
	return o
}

// SessionSize makes o's pair checks open a new Z3 context once a group's
// pairs in the current one pass size statements (maxSessionSize).
func SessionSize(o Options, size int) Options {
	o.sessionSize = size
	return o
}

// CheckRepeats makes o check every pair itself, also one whose program
// repeats an earlier pair's.
func CheckRepeats(o Options) Options {
	o.checkRepeats = true
	return o
}
