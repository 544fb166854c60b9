package explore

// SkewOracle makes the replay read every oracle value plus one (tests).
func SkewOracle(o Options) Options { o.skewOracle = true; return o }

// NoConcrete leaves the concrete runs out: the solver alone (tests).
func NoConcrete(o Options) Options { o.noConcrete = true; return o }
