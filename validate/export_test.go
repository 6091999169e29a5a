package validate

// SetNameOpenings switches the naming of openings on or off (benchmarks).
func SetNameOpenings(on bool) { nameOpenings = on }
