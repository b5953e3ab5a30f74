package round

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/school"
)

// Query is a page of the round list.
type Query struct {
	SchoolCode string // "" every school (system admin); else that school only
	EnterYear  int    // 0: every year
	Search     string // part of a name
	Sort       string // one of SortFields
	Desc       bool
	Offset     int
	Limit      int
}

// SortFields are the list's sortable fields.
var SortFields = []string{"id", "schoolCode", "enterYear", "recruitPartSeq", "korName", "updatedAt"}

// Summary is one row of the round list.
type Summary struct {
	application.RoundKey
	KorName, EngName             string
	SchoolKorName, SchoolEngName string
	FeeKrw, FeeUsd               int64
	Windows                      []Window
	Applications                 int
	UpdatedAt                    time.Time
}

// Completion is a completed application of a round, in completion order.
type Completion struct {
	ApplNo       int64
	UserID       string
	ApplID       string
	MajorCode    string
	CategoryCode string
	CompletedAt  time.Time
}

// Store keeps rounds as staff set them.
type Store interface {
	List(ctx context.Context, q Query) ([]Summary, int, error)
	// Get answers a not-found error (CodeNotFound) for an unknown round.
	Get(ctx context.Context, k application.RoundKey) (*Settings, error)
	// Create stores a new round; a conflict (CodeExists, at the field
	// recruitPartSeq) when the round exists.
	Create(ctx context.Context, s *Settings) error
	// Update is the only way a stored round changes: in one transaction
	// (the caller's when ctx carries one) it locks the round, loads it,
	// calls fn and, when fn answers nil and changed the settings, writes
	// them back and keeps their retired consent versions in the version
	// history. A not-found error (CodeNotFound) for an unknown round.
	Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, s *Settings) error) error
	// Majors lists the school's majors.
	Majors(ctx context.Context, schoolCode string) ([]Major, error)
	// PartsInUse are the parts of the round that applications chose.
	PartsInUse(ctx context.Context, k application.RoundKey) (map[int64]bool, error)
	// ConsentInUse reports whether an application of the round accepted
	// that version of an item.
	ConsentInUse(ctx context.Context, k application.RoundKey, code, version string) (bool, error)
	// AcceptedConsents answers the items an application accepted, each
	// with the text of the version it accepted (ok false when the text is
	// not stored: the service defaults).
	AcceptedConsents(ctx context.Context, k application.RoundKey, acc []school.Acceptance) ([]school.ConsentItem, error)
	// ConsentHistory answers the earlier versions kept for a round's own
	// items, or for the school's items (every round) when k.EnterYear is 0.
	ConsentHistory(ctx context.Context, k application.RoundKey) ([]school.ConsentItem, error)

	// LockNumbers takes the round's exam-number counter lock for the
	// caller's transaction: completions of the round wait for it.
	LockNumbers(ctx context.Context, k application.RoundKey) error
	// InFlight counts the round's applications waiting on a payment.
	InFlight(ctx context.Context, k application.RoundKey) (int, error)
	// Completions lists the COMPLETE applications in completion order.
	Completions(ctx context.Context, k application.RoundKey) ([]Completion, error)
	// Renumber clears the round's numbers, stores the new ones (applNo ->
	// number), sets the counter to len(ids) and the rule.
	Renumber(ctx context.Context, k application.RoundKey, ids map[int64]string, rule string) error

	School(ctx context.Context, code string) (SchoolSettings, error)
	SaveSchool(ctx context.Context, s SchoolSettings) error
}

// Docs answers the document items that may apply to a round.
type Docs interface {
	Items(ctx context.Context, k application.RoundKey) ([]document.DocItem, error)
}
