package explore

// Rlimits replaces the solver's resource budgets of each query's
// attempts (tests).
func Rlimits(o Options, budgets ...uint64) Options { o.rlimits = budgets; return o }

// FileUnits replaces the file's solver budget (tests).
func FileUnits(o Options, units uint64) Options { o.units = units; return o }
