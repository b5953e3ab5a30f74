package application

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// RoundKey names a recruitment round (spec section 3 "Recruit part").
type RoundKey struct {
	SchoolCode     string
	EnterYear      int
	RecruitPartSeq int
}

// Code is a common code: a code with its Korean and English values.
type Code struct {
	Code     string
	KorValue string
	EngValue string
	Seq      int
}

// School is a school using the service.
type School struct {
	SchoolCode, KorName, EngName, Slug, Color string
	// LogoURL and the contact are shown on the school page ("" when unset).
	LogoURL, ContactEmail, ContactPhone string
}

// Country is a country with its positions in Korean and English order.
type Country struct {
	Code, KorName, EngName string
	OrderKr, OrderEn       int
}

// Univ is a university of the academic-history search.
type Univ struct {
	SchoolCode, KorName, EngName, CountryCode string
}

// Offer is an application part a round offers: a major in a course.
type Offer struct {
	ApplPartNo          int64
	MajorCode           string
	MajorKorName        string
	MajorEngName        string
	IsMaster            bool
	RemkKor, RemkEng    string
	AddCertificateCount int
	VideoEssay          bool
	Quota               int // how many the part admits; 0: not announced
}

// Exam is a language exam a school accepts, with its names.
type Exam struct {
	form.LanguageExam
	KorName, EngName string
}

// EssayQuestion is an essay rule with its question texts.
type EssayQuestion struct {
	school.EssayRule
	KorQuestion, EngQuestion string
}

// Item is one choice of a survey question.
type Item struct {
	Code
	HasComment bool
}

// Question is a survey question.
type Question struct {
	Code       string
	ParentCode string
	Depth      int
	IsLeaf     bool
	InputType  string // radio, checkbox, text, textarea
	KorText    string
	EngText    string
	Required   bool
	Items      []Item
}

// InfoItem is one setting of which basic-info group a round (and part;
// ApplPartNo 0 = every part) shows and requires.
type InfoItem struct {
	ApplPartNo int64
	ItemCode   string
	Display    bool
	Required   bool
}

// Round is a recruitment round with everything the form needs.
type Round struct {
	RoundKey
	KorName, EngName             string
	SchoolKorName, SchoolEngName string
	Color                        string
	FeeKrw, FeeUsd               int64
	Windows                      []window.Window
	// Closure is set when closing staff closed the round early (the
	// Windows are then already ended at its time: WithClosure).
	Closure       *Closure
	Steps         Steps
	Rules         school.Rules
	Parts         []Offer
	Categories    []Code
	StayTypes     []Code
	LanguageExams []Exam
	Essays        []EssayQuestion
	PartSurvey    []Question
	Survey        []Question
	InfoItems     []InfoItem
	// RoundConsents and SchoolConsents are the consent items stored for
	// the round and for the school (every round); LoadRound decides which
	// apply (Rules.Consents).
	RoundConsents, SchoolConsents []school.ConsentItem
	// SystemCategories and SystemStayTypes are the SYSTEM codes, used when
	// the school has none of its own (Resolve).
	SystemCategories, SystemStayTypes []Code
	// CompetitionHidden keeps the round off the public competition page.
	CompetitionHidden bool
}

// Reference is the reference data store (read only here).
type Reference interface {
	Schools(ctx context.Context) ([]School, error)
	Countries(ctx context.Context) ([]Country, error)
	SearchUnivs(ctx context.Context, q, countryCode string, limit int) ([]Univ, error)
	Univ(ctx context.Context, code string) (Univ, bool, error)
	// CodeGroup returns a group's codes as stored for school ("" for the
	// SYSTEM codes); ok is false when there are none. The fallback from a
	// school's codes to the SYSTEM ones is core's (CodeGroups).
	CodeGroup(ctx context.Context, school, group string) (codes []Code, ok bool, err error)
	Rounds(ctx context.Context, school string) ([]Round, error)
	// Round answers a not-found error (CodeRoundNotFound) for an unknown round.
	Round(ctx context.Context, k RoundKey) (Round, error)
	// Lookups gives the code sets validation needs (countries,
	// universities, company and employment types) and every code group.
	Lookups(ctx context.Context) (form.Lookups, form.CodeChecker, error)
}

// Header is an application without its form.
type Header struct {
	ApplNo        int64
	UserID        string
	Round         RoundKey
	ApplID        string
	State         State
	ApplicantName string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Part is the part an application chose (applPartRequestList).
type Part struct {
	ApplPartNo          int64
	MajorCode           string
	IsMaster            bool
	IsGeneralType       bool
	StayTypeCode        string
	CategoryCode        string
	RemkKor, RemkEng    string
	AddCertificateCount int
}

// SurveyAnswer is one answer as stored (spec section 3 "Survey answer").
type SurveyAnswer struct {
	form.SurveyAnswer
	InputType string
	IsLeaf    bool
	Depth     int
	SubAnswer string
}

// Survey stages.
const (
	StagePart   = "PART"
	StageSurvey = "SURVEY"
)

// SurveyData is what a survey stage stores.
type SurveyData struct {
	Answers     []SurveyAnswer
	Alumni      bool
	ContactCode string
}

// Creation is what creating an application stores: the new aggregate
// (NewApplication) with its part, consents and part survey.
type Creation struct {
	App      *Application
	Part     Part
	Consents []school.Acceptance
	Survey   *SurveyData // nil: no part survey
}

// Applications stores applications (header, part, consents, state).
type Applications interface {
	// Create answers a conflict error (CodeExists, with param applNo) when
	// the user already has an application of the round that is not
	// cancelled.
	Create(ctx context.Context, c Creation) (int64, error)
	// Get answers a not-found error (CodeNotFound) for an unknown number.
	Get(ctx context.Context, applNo int64) (Header, error)
	// Update is the only way a stored application changes. In one
	// transaction (the caller's, when ctx carries one) it locks the row
	// (SELECT ... FOR UPDATE), rebuilds the aggregate with
	// UnmarshalApplicationFromDatabase and calls fn with it and with a
	// context bound to that transaction; when fn returns nil it writes back
	// what the aggregate's methods changed (status pair, applicant name,
	// updated time) and commits. fn decides the rule on the locked state and
	// stages the other writes of the same change (step data, documents,
	// consents, payment, exam number, outbox mail) by calling their stores
	// with the context it was given, so they commit or roll back together.
	// A not-found error (CodeNotFound) answers an unknown number.
	Update(ctx context.Context, applNo int64, fn func(ctx context.Context, a *Application) error) error
	ListByUser(ctx context.Context, userID string) ([]Header, error)
	Part(ctx context.Context, applNo int64) (Part, error)
	SetPart(ctx context.Context, applNo int64, p Part) error
	Consents(ctx context.Context, applNo int64) ([]school.Acceptance, error)
}

// Forms stores the steps of the form and the drafts. Identification
// numbers and drafts are encrypted by the adapter; the service sees plain
// values.
type Forms interface {
	Info(ctx context.Context, applNo int64) (form.ApplicantInfo, bool, error)
	SaveInfo(ctx context.Context, applNo int64, a form.ApplicantInfo) error
	Academic(ctx context.Context, applNo int64) ([]form.AcademicRecord, error)
	SaveAcademic(ctx context.Context, applNo int64, list []form.AcademicRecord) error
	Languages(ctx context.Context, applNo int64) ([]form.LanguageEntry, error)
	SaveLanguages(ctx context.Context, applNo int64, list []form.LanguageEntry) error
	Careers(ctx context.Context, applNo int64) ([]form.Career, error)
	SaveCareers(ctx context.Context, applNo int64, list []form.Career) error
	AddInfo(ctx context.Context, applNo int64) ([]form.Certificate, []form.Essay, error)
	SaveAddInfo(ctx context.Context, applNo int64, certs []form.Certificate, essays []form.Essay) error
	Survey(ctx context.Context, applNo int64, stage string) (SurveyData, error)
	SaveSurvey(ctx context.Context, applNo int64, stage string, d SurveyData) error
	MarkSaved(ctx context.Context, applNo int64, step Status, at time.Time) error
	SavedAt(ctx context.Context, applNo int64, step Status) (time.Time, bool, error)
	Draft(ctx context.Context, applNo int64, step Status) (Draft, bool, error)
	PutDraft(ctx context.Context, applNo int64, step Status, data []byte, at time.Time) error
	DeleteDraft(ctx context.Context, applNo int64, step Status) error
}

// Draft is what the applicant typed and has not saved.
type Draft struct {
	Data    []byte // a JSON object
	SavedAt time.Time
}

// Emails gives a user's e-mail address.
type Emails interface {
	Email(ctx context.Context, userID string) (string, error)
}
