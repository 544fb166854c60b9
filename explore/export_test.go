package explore

// SkewOracle makes the replay read every oracle value plus one (tests).
func SkewOracle(o Options) Options { o.skewOracle = true; return o }
