package postgres

// u64 is a list offset or limit as squirrel takes it. Callers validate
// pages, but a negative number must never wrap around to 2^64-1 (an
// OFFSET PostgreSQL refuses): it reads as 0.
func u64(n int) uint64 {
	if n < 0 {
		return 0
	}
	return uint64(n)
}
