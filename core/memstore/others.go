package memstore

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/submission"
)

// AccessLog records staff reads of personal data.
type AccessLog struct{ *Store }

// Emails answers an applicant's address.
type Emails struct{ *Store }

// Applicants reads applicants' contact data and completed applications.
type Applicants struct{ *Store }

// Files keeps uploaded files in memory. Like a file system it is not
// transactional: a file put during a transaction that rolls back stays.
type Files struct{ *Store }

var (
	_ port.AuditLog         = AccessLog{}
	_ application.Emails    = Emails{}
	_ submission.Applicants = Applicants{}
	_ submission.Payments   = Payments{}
	_ document.FileStore    = Files{}
)

// Logged is one access-log row.
type Logged struct {
	Actor, Action, Target string
	Detail                map[string]any
}

// String is "actor action target".
func (l Logged) String() string { return l.Actor + " " + l.Action + " " + l.Target }

// Record writes an access-log row in the caller's transaction.
func (s AccessLog) Record(ctx context.Context, actor, action, target string, detail map[string]any) error {
	return s.do(ctx, func(d *data) error {
		d.logged = append(d.logged, Logged{Actor: actor, Action: action, Target: target, Detail: detail})
		return nil
	})
}

// Logged answers the committed access-log rows.
func (s *Store) Logged() []Logged {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.d.logged)
}

// Email answers the address of an account.
func (s Emails) Email(ctx context.Context, userID string) (string, error) {
	c, err := Applicants(s).Recipient(ctx, userID)
	return c.Email, err
}

// Contact answers an account's address and locale.
func (s Applicants) Recipient(ctx context.Context, userID string) (port.Recipient, error) {
	var c port.Recipient
	err := s.do(ctx, func(d *data) error {
		u, ok := d.byUserID(userID)
		if !ok {
			return apperr.NotFound("user.not_found")
		}
		c = port.Recipient{Email: u.Email, Locale: u.Locale}
		return nil
	})
	return c, err
}

// CompletedByEmail lists the COMPLETE applications with an exam number of
// the accounts using an address (compared case-insensitively), in the
// order they completed.
func (s Applicants) CompletedByEmail(ctx context.Context, email string) ([]submission.Completed, error) {
	var out []submission.Completed
	err := s.do(ctx, func(d *data) error {
		var apps []application.Header
		for _, u := range d.users {
			if !strings.EqualFold(u.Email, email) {
				continue
			}
			for _, h := range d.apps {
				if h.UserID == u.UserID && h.State.Status == application.Complete && h.ApplID != "" {
					apps = append(apps, h)
				}
			}
		}
		slices.SortFunc(apps, func(a, b application.Header) int {
			if c := d.completed[a.ApplNo].Compare(d.completed[b.ApplNo]); c != 0 {
				return c
			}
			return int(a.ApplNo - b.ApplNo)
		})
		for _, h := range apps {
			r, ok := d.rounds[h.Round]
			if !ok {
				continue // the round's row is missing: an inner join drops it
			}
			u, _ := d.byUserID(h.UserID)
			out = append(out, submission.Completed{SchoolKorName: r.SchoolKorName, SchoolEngName: r.SchoolEngName,
				RoundKorName: r.KorName, RoundEngName: r.EngName, ApplID: h.ApplID, Locale: u.Locale})
		}
		return nil
	})
	return out, err
}

// Put stores at most limit bytes of r under a new name.
func (s Files) Put(ctx context.Context, r io.Reader, limit int64) (string, int64, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return "", 0, err
	}
	if err := ctx.Err(); err != nil {
		return "", 0, err
	}
	if int64(len(b)) > limit {
		return "", 0, document.ErrTooLarge
	}
	s.fmu.Lock()
	defer s.fmu.Unlock()
	s.nextFile++
	name := "file-" + strconv.Itoa(s.nextFile)
	s.files[name] = b
	return name, int64(len(b)), nil
}

// Open reads a stored file.
func (s Files) Open(_ context.Context, name string) (io.ReadCloser, error) {
	s.fmu.Lock()
	defer s.fmu.Unlock()
	b, ok := s.files[name]
	if !ok {
		return nil, errors.New("memstore: no such file " + name)
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}

// Delete removes a stored file; an unknown name is not an error.
func (s Files) Delete(_ context.Context, name string) error {
	s.fmu.Lock()
	defer s.fmu.Unlock()
	delete(s.files, name)
	return nil
}

// FileNames answers the names of the stored files.
func (s *Store) FileNames() []string {
	s.fmu.Lock()
	defer s.fmu.Unlock()
	var out []string
	for n := range s.files {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Seed stores an application row as storage holds it, with its part: for
// tests that start from a given state (a row another request wrote).
func (s *Store) Seed(h application.Header, p application.Part) {
	_ = s.do(context.Background(), func(d *data) error {
		d.apps[h.ApplNo] = h
		d.parts[h.ApplNo] = p
		d.nextApplNo = max(d.nextApplNo, h.ApplNo)
		return nil
	})
}

// Counter answers the last exam-number sequence taken in a round.
func (s *Store) Counter(k application.RoundKey) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.d.counters[k]
}

// LoggedCount answers how many committed access-log rows have the action.
func (s *Store) LoggedCount(action string) int {
	n := 0
	for _, l := range s.Logged() {
		if l.Action == action {
			n++
		}
	}
	return n
}
