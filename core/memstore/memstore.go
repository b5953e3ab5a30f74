// Package memstore is the in-memory implementation of the store ports of
// core (applications, forms and drafts, documents, exam numbers, outbox,
// users, reference data, access log, payments, applicants' contacts) and
// of the file store. Core tests use it instead of hand-written fakes; the contract
// suites of core/storetest check that it behaves like the PostgreSQL stores.
//
// One mutex stands for the row locks: a transaction (InTx, Update, or any
// single call outside a transaction) holds it from start to end, so
// transactions serialize. A transaction works on a copy of the data
// (copy-on-write) that replaces the data only when it commits: a failed
// closure leaves nothing behind. A store call made inside a transaction
// must be given the transaction's ctx (as with PostgreSQL, where a call on
// another connection would wait for the row lock forever).
package memstore

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/school"
)

// Store holds every table. The zero value is not usable: call New.
type Store struct {
	mu sync.Mutex
	d  *data
	// files are outside the transactions, as on a disk.
	fmu      sync.Mutex
	files    map[string][]byte
	nextFile int
	// Now is the clock of rows the stores stamp themselves (outbox
	// created_at, user created_at); nil is time.Now.
	Now func() time.Time
}

// Job is one outbox row.
type Job struct {
	ID        int64
	TaskType  string
	Payload   any
	CreatedAt time.Time
	Recipient int64 // the account a mail is to (0: none known)
	Attempts  int
	Delivered bool
}

type stepKey struct {
	applNo int64
	step   application.Status
}

type surveyKey struct {
	applNo int64
	stage  string
}

type addInfo struct {
	certs  []form.Certificate
	essays []form.Essay
}

// data is one version of every table. Values are never changed in place:
// a write replaces the map entry, so a shallow copy of the maps is a
// snapshot.
type data struct {
	nextApplNo int64
	apps       map[int64]application.Header
	parts      map[int64]application.Part
	consents   map[int64][]school.Acceptance
	info       map[int64]form.ApplicantInfo
	academic   map[int64][]form.AcademicRecord
	languages  map[int64][]form.LanguageEntry
	careers    map[int64][]form.Career
	addInfo    map[int64]addInfo
	surveys    map[surveyKey]application.SurveyData
	saved      map[stepKey]time.Time
	drafts     map[stepKey]application.Draft
	docs       map[int64][]document.Document // per application, in upload order
	rules      map[application.RoundKey]string
	items      map[application.RoundKey][]document.DocItem
	counters   map[application.RoundKey]int
	nextJob    int64
	outbox     []Job
	nextUserPK int64
	users      map[int64]account.MemberRecord
	revoked    map[string]time.Time
	payments   map[string]payment.Attempt
	payRecords []payment.Record
	rounds     map[application.RoundKey]application.Round
	schools    []application.School
	countries  []application.Country
	univs      map[string]application.Univ
	codes      map[codeKey][]application.Code
	logged     []Logged
	completed  map[int64]time.Time // when Assign gave the exam number
	recs       *recData
	help       *helpData // FAQ and help board (helpdesk.go)
	inqs       *inqData
	closures   map[application.RoundKey]application.Closure
	sanctions  []account.Sanction // by id order; entries are replaced, never changed
	sites      *surveyData
	fees       map[string]feeRow // fee schedules by school (feeschedules.go)
	refunds    *refundData       // refund requests and rule texts (refundrequests.go)
	rset       *roundData        // rounds as staff set them, school settings, pay settings (rounds.go)
	paystaff   *payStaffData     // cancellations and settlement closings (paystaff.go)
	officers   *officerData      // evaluation, decisions, notices and bulk mail (officers.go)
}

func (d *data) clone() *data {
	c := *d
	c.apps = maps.Clone(d.apps)
	c.parts = maps.Clone(d.parts)
	c.consents = maps.Clone(d.consents)
	c.info = maps.Clone(d.info)
	c.academic = maps.Clone(d.academic)
	c.languages = maps.Clone(d.languages)
	c.careers = maps.Clone(d.careers)
	c.addInfo = maps.Clone(d.addInfo)
	c.surveys = maps.Clone(d.surveys)
	c.saved = maps.Clone(d.saved)
	c.drafts = maps.Clone(d.drafts)
	c.docs = maps.Clone(d.docs)
	c.rules = maps.Clone(d.rules)
	c.items = maps.Clone(d.items)
	c.counters = maps.Clone(d.counters)
	c.outbox = d.outbox[:len(d.outbox):len(d.outbox)] // appends copy
	c.users = maps.Clone(d.users)
	c.revoked = maps.Clone(d.revoked)
	c.payments = maps.Clone(d.payments)
	c.payRecords = d.payRecords[:len(d.payRecords):len(d.payRecords)] // appends copy
	c.rounds = maps.Clone(d.rounds)
	c.univs = maps.Clone(d.univs)
	c.codes = maps.Clone(d.codes)
	c.logged = d.logged[:len(d.logged):len(d.logged)] // appends copy
	c.completed = maps.Clone(d.completed)
	c.recs = d.recs.clone()
	c.help = d.help.clone()
	c.inqs = d.inqs.clone()
	c.closures = maps.Clone(d.closures)
	c.sanctions = slices.Clone(d.sanctions)
	c.sites = d.sites.clone()
	c.fees = maps.Clone(d.fees)
	c.refunds = d.refunds.clone()
	c.rset = d.rset.clone()
	c.paystaff = d.paystaff.clone()
	c.officers = d.officers.clone()
	return &c
}

// New is an empty store.
func New() *Store {
	return &Store{files: map[string][]byte{}, d: &data{
		apps: map[int64]application.Header{}, parts: map[int64]application.Part{},
		consents: map[int64][]school.Acceptance{}, info: map[int64]form.ApplicantInfo{},
		academic: map[int64][]form.AcademicRecord{}, languages: map[int64][]form.LanguageEntry{},
		careers: map[int64][]form.Career{}, addInfo: map[int64]addInfo{},
		surveys: map[surveyKey]application.SurveyData{}, saved: map[stepKey]time.Time{},
		drafts: map[stepKey]application.Draft{}, docs: map[int64][]document.Document{},
		rules: map[application.RoundKey]string{}, items: map[application.RoundKey][]document.DocItem{},
		counters: map[application.RoundKey]int{}, users: map[int64]account.MemberRecord{}, revoked: map[string]time.Time{},
		payments: map[string]payment.Attempt{},
		rounds:   map[application.RoundKey]application.Round{}, univs: map[string]application.Univ{},
		codes: map[codeKey][]application.Code{}, completed: map[int64]time.Time{},
		closures: map[application.RoundKey]application.Closure{},
	}}
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

type txKey struct{}

type tx struct {
	s *Store
	d *data
}

// InTx runs fn in one transaction; store calls given the ctx it gets join
// it. A nested call joins the outer transaction.
func (s *Store) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if t, ok := ctx.Value(txKey{}).(*tx); ok && t.s == s {
		return fn(ctx)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t := &tx{s: s, d: s.d.clone()}
	if err := fn(context.WithValue(ctx, txKey{}, t)); err != nil {
		return err
	}
	s.d = t.d
	return nil
}

// do runs one store call on the transaction's data, or alone in its own.
func (s *Store) do(ctx context.Context, fn func(d *data) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		return fn(ctx.Value(txKey{}).(*tx).d)
	})
}

// SetRule sets a round's exam-number template (recruit_part.appl_id_rule).
func (s *Store) SetRule(k application.RoundKey, rule string) {
	_ = s.do(context.Background(), func(d *data) error { d.rules[k] = rule; return nil })
}

// SetItems sets a round's document items.
func (s *Store) SetItems(k application.RoundKey, items []document.DocItem) {
	_ = s.do(context.Background(), func(d *data) error { d.items[k] = append([]document.DocItem(nil), items...); return nil })
}

// Jobs answers the committed outbox rows.
func (s *Store) Jobs() []Job {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Job(nil), s.d.outbox...)
}

// MailsOfKind answers the committed outbox mails of one kind
// ("result_released", "bulk_mail" ...), in the order queued.
func (s *Store) MailsOfKind(kind string) []Mail {
	var out []Mail
	for _, j := range s.Jobs() {
		if m, ok := j.Payload.(Mail); ok && m.Message.Kind() == kind {
			out = append(out, m)
		}
	}
	return out
}
