package privacy_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/privacy"
	"github.com/gradapply/gradapply/core/window"
)

type clock struct{ t time.Time }

func (c clock) Now() time.Time { return c.t }

type expireCall struct {
	kind   privacy.Kind
	cutoff time.Time
	action privacy.Action
}

// store holds some kinds; Expire answers the results given per kind.
type store struct {
	held    map[privacy.Kind]bool
	results map[privacy.Kind]privacy.ExpireResult
	fail    privacy.Kind
	calls   []expireCall
}

var errStore = errors.New("store down")

func (s *store) Holds(k privacy.Kind) bool { return s.held[k] }

func (s *store) Expire(_ context.Context, k privacy.Kind, cutoff time.Time, a privacy.Action) (privacy.ExpireResult, error) {
	s.calls = append(s.calls, expireCall{k, cutoff, a})
	if k == s.fail {
		return privacy.ExpireResult{}, errStore
	}
	return s.results[k], nil
}

type files struct {
	deleted []string
	fail    string
}

func (f *files) Delete(_ context.Context, name string) error {
	if name == f.fail {
		return errStore
	}
	f.deleted = append(f.deleted, name)
	return nil
}

type recorded struct {
	actor, action, target string
	detail                map[string]any
}

type audit struct{ rows []recorded }

func (a *audit) Record(_ context.Context, actor, action, target string, detail map[string]any) error {
	a.rows = append(a.rows, recorded{actor, action, target, detail})
	return nil
}

// A run goes through every kind of seed section 9 in order: what the build
// holds is expired with the cutoff taken in Asia/Seoul, academic records are
// kept for ever, the files of removed records are deleted, and the run with
// its figures is written to the audit log as the system's.
func TestRetentionJobRun(t *testing.T) {
	t.Parallel()
	// 2026-03-01 08:30 in Seoul is still 2026-02-28 in UTC: the cutoff is
	// counted from the Seoul date.
	now := time.Date(2026, 2, 28, 23, 30, 0, 0, time.UTC)
	st := &store{
		held: map[privacy.Kind]bool{privacy.Application: true, privacy.Academic: true, privacy.WebVisit: true, privacy.AccessLog: true},
		results: map[privacy.Kind]privacy.ExpireResult{
			privacy.Application: {Done: 2, Kept: 5, Files: []string{"a/1.pdf", "a/2.jpg"}},
			privacy.Academic:    {Kept: 7},
			privacy.WebVisit:    {Done: 40, Kept: 3},
		},
	}
	fs, au := &files{}, &audit{}
	job := privacy.Job{Policy: privacy.DefaultPolicy(), Store: st, Files: fs, Audit: au, Clock: clock{now}}
	out, err := job.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	seoul := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 8, 30, 0, 0, window.Seoul) }
	wantCalls := []expireCall{
		{privacy.Application, seoul(2016, 3, 1), privacy.Anonymise},
		{privacy.Academic, time.Time{}, privacy.Keep},
		{privacy.WebVisit, seoul(2025, 12, 1), privacy.Delete},
		{privacy.AccessLog, seoul(2024, 3, 1), privacy.Delete},
	}
	if len(st.calls) != len(wantCalls) {
		t.Fatalf("expired %+v", st.calls)
	}
	for i, c := range st.calls {
		w := wantCalls[i]
		if c.kind != w.kind || !c.cutoff.Equal(w.cutoff) || c.action != w.action {
			t.Errorf("call %d: %s before %v (%s), want %s before %v (%s)", i, c.kind, c.cutoff, c.action, w.kind, w.cutoff, w.action)
		}
	}
	if !slices.Equal(fs.deleted, []string{"a/1.pdf", "a/2.jpg"}) {
		t.Errorf("files deleted %v", fs.deleted)
	}
	want := map[privacy.Kind]privacy.KindReport{
		privacy.Application: {Kind: privacy.Application, Action: privacy.Anonymise, Cutoff: "2016-03-01T08:30:00+09:00", Done: 2, Kept: 5, Held: true},
		privacy.Academic:    {Kind: privacy.Academic, Action: privacy.Keep, Kept: 7, Held: true},
		privacy.Consignment: {Kind: privacy.Consignment, Action: privacy.Delete, Cutoff: "2025-03-01T08:30:00+09:00"},
		privacy.WebVisit:    {Kind: privacy.WebVisit, Action: privacy.Delete, Cutoff: "2025-12-01T08:30:00+09:00", Done: 40, Kept: 3, Held: true},
		privacy.AccessLog:   {Kind: privacy.AccessLog, Action: privacy.Delete, Cutoff: "2024-03-01T08:30:00+09:00", Held: true},
	}
	var kinds []privacy.Kind
	for _, r := range out {
		kinds = append(kinds, r.Kind)
		if w, ok := want[r.Kind]; ok && r != w {
			t.Errorf("%s: %+v, want %+v", r.Kind, r, w)
		}
		if !r.Held && (r.Done != 0 || r.Kept != 0) {
			t.Errorf("%s not held but counted: %+v", r.Kind, r)
		}
	}
	if !slices.Equal(kinds, privacy.Kinds) {
		t.Errorf("kinds %v, want %v", kinds, privacy.Kinds)
	}
	if len(au.rows) != 1 {
		t.Fatalf("audit %+v", au.rows)
	}
	r := au.rows[0]
	if r.actor != "system" || r.action != "job.retention" || r.target != "retention" || r.detail["at"] != "2026-02-28T23:30:00Z" {
		t.Errorf("audit %+v", r)
	}
	if k := reflect.ValueOf(r.detail["kinds"]); k.Kind() != reflect.Slice || k.Len() != len(privacy.Kinds) {
		t.Errorf("audit kinds %v", r.detail["kinds"])
	}
}

// A failure stops the run where it happened, answers what was done so far
// and writes no audit row claiming a complete run.
func TestRetentionJobStopsOnFailure(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 10, 3, 0, 0, 0, time.UTC)
	held := map[privacy.Kind]bool{privacy.Application: true, privacy.Payment: true, privacy.Complaint: true}
	noRule := privacy.DefaultPolicy()
	delete(noRule, privacy.Contract)
	for _, tc := range []struct {
		name     string
		policy   privacy.Policy
		fail     privacy.Kind
		failFile string
		reported int
		check    func(error) bool
	}{
		{"store fails on payments", privacy.DefaultPolicy(), privacy.Payment, "", 3, func(err error) bool { return errors.Is(err, errStore) }},
		{"a file cannot be deleted", privacy.DefaultPolicy(), "", "p/1.pdf", 3, func(err error) bool { return errors.Is(err, errStore) }},
		{"a kind without a rule", noRule, "", "", 4, func(err error) bool { return apperr.CodeOf(err) == privacy.CodeKindUnknown }},
	} {
		st := &store{held: held, fail: tc.fail, results: map[privacy.Kind]privacy.ExpireResult{privacy.Payment: {Done: 1, Files: []string{"p/1.pdf"}}}}
		au := &audit{}
		out, err := privacy.Job{Policy: tc.policy, Store: st, Files: &files{fail: tc.failFile}, Audit: au, Clock: clock{now}}.Run(context.Background())
		if !tc.check(err) {
			t.Errorf("%s: %v", tc.name, err)
		}
		if len(out) != tc.reported {
			t.Errorf("%s: %d kinds reported, want %d", tc.name, len(out), tc.reported)
		}
		for _, c := range st.calls {
			if c.kind == privacy.Complaint {
				t.Errorf("%s: went on to complaints", tc.name)
			}
		}
		if len(au.rows) != 0 {
			t.Errorf("%s: audited %+v", tc.name, au.rows)
		}
	}
}
