package memstore

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/submission"
)

// Documents is the document store.
type Documents struct{ *Store }

// ExamNumbers numbers completed applications.
type ExamNumbers struct{ *Store }

// Outbox is the job outbox: a job exists if and only if the transaction
// that wrote it commits.
type Outbox struct{ *Store }

var (
	_ document.Documents     = Documents{}
	_ submission.ExamNumbers = ExamNumbers{}
	_ submission.Consents    = Applications{}
	_ port.Mailer            = Outbox{}
	_ port.Mailer            = Outbox{}
)

// Items answers the round's document items.
func (s Documents) Items(ctx context.Context, k application.RoundKey) ([]document.DocItem, error) {
	var out []document.DocItem
	err := s.do(ctx, func(d *data) error { out = slices.Clone(d.items[k]); return nil })
	return out, err
}

// List answers an application's documents by slot and item.
func (s Documents) List(ctx context.Context, applNo int64) ([]document.Document, error) {
	var out []document.Document
	err := s.do(ctx, func(d *data) error {
		out = slices.Clone(d.docs[applNo])
		slices.SortStableFunc(out, func(a, b document.Document) int {
			if c := cmp.Compare(a.Slot, b.Slot); c != 0 {
				return c
			}
			return cmp.Compare(a.ItemCode, b.ItemCode)
		})
		return nil
	})
	return out, err
}

// Put stores a document, replacing the one of the same item and slot.
func (s Documents) Put(ctx context.Context, doc document.Document) (document.Document, bool, error) {
	var old document.Document
	var replaced bool
	err := s.do(ctx, func(d *data) error {
		if err := d.needApp(doc.ApplNo); err != nil {
			return err
		}
		for _, l := range d.docs {
			for _, o := range l {
				if o.FileKey == doc.FileKey && (o.ApplNo != doc.ApplNo || o.ItemCode != doc.ItemCode || o.Slot != doc.Slot) {
					return fmt.Errorf("memstore: file key %q is taken", doc.FileKey) // the primary key
				}
			}
		}
		list := slices.Clone(d.docs[doc.ApplNo])
		for n, o := range list {
			if o.ItemCode == doc.ItemCode && o.Slot == doc.Slot {
				old, replaced = o, true
				list = slices.Delete(list, n, n+1)
				break
			}
		}
		d.docs[doc.ApplNo] = append(list, doc)
		return nil
	})
	return old, replaced, err
}

// Get answers one document of an application.
func (s Documents) Get(ctx context.Context, applNo int64, fileKey string) (document.Document, error) {
	var doc document.Document
	err := s.do(ctx, func(d *data) error {
		for _, o := range d.docs[applNo] {
			if o.FileKey == fileKey {
				doc = o
				return nil
			}
		}
		return apperr.NotFound(document.CodeFileNotFound)
	})
	return doc, err
}

// Delete removes a document.
func (s Documents) Delete(ctx context.Context, applNo int64, fileKey string) error {
	return s.do(ctx, func(d *data) error {
		list := d.docs[applNo]
		n := slices.IndexFunc(list, func(o document.Document) bool { return o.FileKey == fileKey })
		if n < 0 {
			return apperr.NotFound(document.CodeFileNotFound)
		}
		d.docs[applNo] = slices.Delete(slices.Clone(list), n, n+1)
		return nil
	})
}

// Rule answers the round's exam-number template (SetRule).
func (s ExamNumbers) Rule(ctx context.Context, k application.RoundKey) (string, error) {
	var rule string
	err := s.do(ctx, func(d *data) error {
		var ok bool
		if rule, ok = d.rules[k]; !ok {
			return apperr.NotFound(application.CodeRoundNotFound)
		}
		return nil
	})
	return rule, err
}

// Next takes the round's next sequence number in the caller's
// transaction, with the round's rule.
func (s ExamNumbers) Next(ctx context.Context, k application.RoundKey) (int, string, error) {
	var n int
	var rule string
	err := s.do(ctx, func(d *data) error {
		var ok bool
		if rule, ok = d.rules[k]; !ok {
			return apperr.NotFound(application.CodeRoundNotFound)
		}
		d.counters[k]++
		n = d.counters[k]
		return nil
	})
	return n, rule, err
}

// Assign stores an exam number and the completion time; a number already
// given in the round is a conflict.
func (s ExamNumbers) Assign(ctx context.Context, applNo int64, applID string, at time.Time) error {
	return s.do(ctx, func(d *data) error {
		h, ok := d.apps[applNo]
		if !ok {
			return nil // PostgreSQL: an UPDATE of no row
		}
		for n, o := range d.apps {
			if n != applNo && o.Round == h.Round && o.ApplID == applID && applID != "" {
				return apperr.Conflict("examno.seq_overflow")
			}
		}
		h.ApplID = applID
		d.apps[applNo] = h
		d.completed[applNo] = at
		return nil
	})
}

// Enqueue writes a job to the outbox.
func (s Outbox) Enqueue(ctx context.Context, taskType string, payload any) error {
	if taskType == "" {
		return errors.New("memstore: outbox enqueue: empty task type")
	}
	return s.do(ctx, func(d *data) error {
		d.nextJob++
		d.outbox = append(d.outbox, Job{ID: d.nextJob, TaskType: taskType, Payload: payload, CreatedAt: s.now()})
		return nil
	})
}

// Queue is core's mail port on the outbox: one "mail:send" job, written
// only when the caller's transaction commits.
func (s Outbox) Queue(ctx context.Context, locale, to string, m mailmsg.Message) error {
	if m == nil {
		return errors.New("memstore: queue mail: no message")
	}
	pk, tagged := port.MailRecipient(ctx)
	return s.do(ctx, func(d *data) error {
		if !tagged {
			for _, u := range d.users {
				if u.Status != account.StatusWithdraw && strings.EqualFold(u.Email, to) {
					pk = u.PK
				}
			}
		}
		d.nextJob++
		d.outbox = append(d.outbox, Job{ID: d.nextJob, TaskType: "mail:send", Payload: Mail{Locale: locale, To: to, Message: m}, CreatedAt: s.now(), Recipient: pk})
		return nil
	})
}

// Mail is the payload Queue writes.
type Mail struct {
	Locale, To string
	Message    mailmsg.Message
}

// Pending counts the committed outbox rows.
func (s Outbox) Pending(ctx context.Context) (int, error) {
	var n int
	err := s.do(ctx, func(d *data) error { n = len(d.outbox); return nil })
	return n, err
}
