package scf

// registerPatterns registers the dialect's canonicalization patterns.
func registerPatterns() {}
