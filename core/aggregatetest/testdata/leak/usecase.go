package leak

// Bump writes the aggregate's field from outside: the check must refuse it.
func Bump(a *Agg) {
	a.count = 2
	a.count++
	_ = &a.count
	_ = Agg{count: 1}
}
