package leak

// Agg is an aggregate with its own methods.
type Agg struct{ count int }

// Add is its one change.
func (a *Agg) Add() { a.count++ }
