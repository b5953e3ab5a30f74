package application

import "context"

// DefaultColor is the theme colour of a school that has not chosen one.
const DefaultColor = "orange"

// RoundReader reads stored rounds.
type RoundReader interface {
	Round(ctx context.Context, k RoundKey) (Round, error)
}

// LoadRound reads a round as stored and applies the round rules core owns;
// every use case reads rounds through it (or through Resolve).
func LoadRound(ctx context.Context, ref RoundReader, k RoundKey) (Round, error) {
	r, err := ref.Round(ctx, k)
	if err != nil {
		return r, err
	}
	return r.Resolve(), nil
}

// FactsReader is a RoundReader that can answer a round without its
// windows (which are never cached): for work that does not depend on the
// time windows, such as completing an application the provider reports
// paid.
type FactsReader interface {
	RoundFacts(ctx context.Context, k RoundKey) (Round, error)
}

// LoadRoundFacts is LoadRound without the windows when ref can answer so
// (one query less on a hot path), else LoadRound.
func LoadRoundFacts(ctx context.Context, ref RoundReader, k RoundKey) (Round, error) {
	f, ok := ref.(FactsReader)
	if !ok {
		return LoadRound(ctx, ref, k)
	}
	r, err := f.RoundFacts(ctx, k)
	if err != nil {
		return r, err
	}
	return r.Resolve(), nil
}

// Resolve applies the rules of a stored round: the default colour, a
// school's own categories and stay types else the SYSTEM ones, and the
// consent items by precedence: the round's own, else the school's, else
// the service defaults (school.Default, already in Rules).
func (r Round) Resolve() Round {
	if r.Color == "" {
		r.Color = DefaultColor
	}
	if len(r.Categories) == 0 {
		r.Categories = r.SystemCategories
	}
	if len(r.StayTypes) == 0 {
		r.StayTypes = r.SystemStayTypes
	}
	switch {
	case len(r.RoundConsents) > 0:
		r.Rules.Consents = r.RoundConsents
	case len(r.SchoolConsents) > 0:
		r.Rules.Consents = r.SchoolConsents
	}
	return r
}

// CodeReader reads common codes as stored for an owner ("" the SYSTEM ones).
type CodeReader interface {
	CodeGroup(ctx context.Context, school, group string) (codes []Code, ok bool, err error)
}

// CodeGroupFor answers a group's codes for a school: the school's own when
// it has them, else the SYSTEM ones. ok is false when neither exists.
func CodeGroupFor(ctx context.Context, ref CodeReader, school, group string) ([]Code, bool, error) {
	codes, ok, err := ref.CodeGroup(ctx, school, group)
	if err == nil && !ok && school != "" {
		codes, ok, err = ref.CodeGroup(ctx, "", group)
	}
	return codes, ok, err
}
