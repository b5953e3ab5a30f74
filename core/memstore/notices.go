package memstore

import (
	"cmp"
	"context"
	"slices"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/notice"
)

// Notices is the store of notices (core/notice).
type Notices struct{ *Store }

// BulkMails is the store of bulk mails and their recipients (core/notice).
type BulkMails struct{ *Store }

var (
	_ notice.Notices = Notices{}
	_ notice.Mails   = BulkMails{}
)

// recipientKey is the unique (mail, member) of a recipient row.
type recipientKey struct {
	mail   int64
	userID string
}

var (
	noticeMap = aggregateMap[int64, notice.NoticeData, notice.Notice]{
		rows:     func(d *data) map[int64]notice.NoticeData { return d.officer().notices },
		notFound: notice.CodeNotFound, load: notice.UnmarshalNoticeFromDatabase, save: notice.Notice.Data, gone: notice.Notice.Removed,
	}
	mailMap = aggregateMap[int64, notice.BulkMailData, notice.BulkMail]{
		rows:     func(d *data) map[int64]notice.BulkMailData { return d.officer().mails },
		notFound: notice.CodeMailNotFound, load: notice.UnmarshalBulkMailFromDatabase, save: notice.BulkMail.Data,
	}
)

type recipientRow struct {
	seq    int64 // insertion order
	mailed bool
}

// Create numbers and stores a notice.
func (s Notices) Create(ctx context.Context, n notice.Notice) (notice.Notice, error) {
	var out notice.Notice
	err := s.do(ctx, func(d *data) error {
		o := d.officer()
		o.nextNotice++
		row := n.Data()
		row.ID = o.nextNotice
		o.notices[row.ID] = row
		var err error
		out, err = notice.UnmarshalNoticeFromDatabase(row)
		return err
	})
	return out, err
}

// Get answers one notice.
func (s Notices) Get(ctx context.Context, id int64) (notice.Notice, error) {
	return noticeMap.get(ctx, s.Store, id)
}

// Update changes one notice in a transaction, deleting it when removed.
func (s Notices) Update(ctx context.Context, id int64, fn func(ctx context.Context, n *notice.Notice) error) error {
	return noticeMap.update(ctx, s.Store, id, fn)
}

// List answers the notices a query selects, newest start first.
func (s Notices) List(ctx context.Context, q notice.Query) ([]notice.Notice, error) {
	var rows []notice.NoticeData
	err := s.do(ctx, func(d *data) error {
		for _, r := range d.officer().notices {
			all := !q.Site && len(q.Schools) == 0
			if all || q.Site && r.Content.School == "" || r.Content.School != "" && slices.Contains(q.Schools, r.Content.School) {
				rows = append(rows, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(rows, func(a, b notice.NoticeData) int {
		return cmp.Or(b.Content.Starts.Compare(a.Content.Starts), cmp.Compare(b.ID, a.ID))
	})
	out := make([]notice.Notice, 0, len(rows))
	for _, r := range rows {
		n, err := notice.UnmarshalNoticeFromDatabase(r)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// Create numbers and stores a bulk mail.
func (s BulkMails) Create(ctx context.Context, m notice.BulkMail) (notice.BulkMail, error) {
	var out notice.BulkMail
	err := s.do(ctx, func(d *data) error {
		o := d.officer()
		o.nextMail++
		row := m.Data()
		row.ID = o.nextMail
		o.mails[row.ID] = row
		var err error
		out, err = notice.UnmarshalBulkMailFromDatabase(row)
		return err
	})
	return out, err
}

// Get answers one bulk mail.
func (s BulkMails) Get(ctx context.Context, id int64) (notice.BulkMail, error) {
	return mailMap.get(ctx, s.Store, id)
}

// Update changes a bulk mail in a transaction.
func (s BulkMails) Update(ctx context.Context, id int64, fn func(ctx context.Context, m *notice.BulkMail) error) error {
	return mailMap.update(ctx, s.Store, id, fn)
}

func (s BulkMails) list(ctx context.Context, keep func(notice.BulkMailData) bool, newest bool) ([]notice.BulkMail, error) {
	var rows []notice.BulkMailData
	err := s.do(ctx, func(d *data) error {
		for _, r := range d.officer().mails {
			if keep(r) {
				rows = append(rows, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(rows, func(a, b notice.BulkMailData) int {
		if newest {
			return cmp.Compare(b.ID, a.ID)
		}
		return cmp.Compare(a.ID, b.ID)
	})
	out := make([]notice.BulkMail, 0, len(rows))
	for _, r := range rows {
		m, err := notice.UnmarshalBulkMailFromDatabase(r)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// List answers a round's mails, newest first.
func (s BulkMails) List(ctx context.Context, k application.RoundKey) ([]notice.BulkMail, error) {
	return s.list(ctx, func(r notice.BulkMailData) bool { return r.Round == k }, true)
}

// Sending lists the mails being sent, oldest first.
func (s BulkMails) Sending(ctx context.Context) ([]notice.BulkMail, error) {
	return s.list(ctx, func(r notice.BulkMailData) bool { return r.State == notice.Sending }, false)
}

// AddRecipients stores recipients; one row per (mail, member).
func (s BulkMails) AddRecipients(ctx context.Context, id int64, userIDs []string) (int, error) {
	n := 0
	err := s.do(ctx, func(d *data) error {
		o := d.officer()
		if _, ok := o.mails[id]; !ok {
			return apperr.NotFound(notice.CodeMailNotFound)
		}
		for _, u := range userIDs {
			k := recipientKey{id, u}
			if _, ok := o.recipients[k]; ok {
				continue
			}
			o.nextRecipient++
			o.recipients[k] = recipientRow{seq: o.nextRecipient}
			n++
		}
		return nil
	})
	return n, err
}

// Batch hands fn up to limit recipients not yet mailed and marks them.
func (s BulkMails) Batch(ctx context.Context, id int64, limit int, fn func(ctx context.Context, userIDs []string) error) (int, error) {
	var due []recipientKey
	err := s.InTx(ctx, func(ctx context.Context) error {
		err := s.do(ctx, func(d *data) error {
			o := d.officer()
			for k, r := range o.recipients {
				if k.mail == id && !r.mailed {
					due = append(due, k)
				}
			}
			slices.SortFunc(due, func(a, b recipientKey) int { return cmp.Compare(o.recipients[a].seq, o.recipients[b].seq) })
			due = due[:min(limit, len(due))]
			return nil
		})
		if err != nil || len(due) == 0 {
			return err
		}
		users := make([]string, len(due))
		for i, k := range due {
			users[i] = k.userID
		}
		if err := fn(ctx, users); err != nil {
			return err
		}
		return s.do(ctx, func(d *data) error {
			o := d.officer()
			for _, k := range due {
				r := o.recipients[k]
				r.mailed = true
				o.recipients[k] = r
			}
			return nil
		})
	})
	if err != nil {
		return 0, err
	}
	return len(due), nil
}

// Progress counts a mail's recipients and those mailed.
func (s BulkMails) Progress(ctx context.Context, id int64) (notice.Progress, error) {
	var p notice.Progress
	err := s.do(ctx, func(d *data) error {
		for k, r := range d.officer().recipients {
			if k.mail == id {
				p.Total++
				if r.mailed {
					p.Sent++
				}
			}
		}
		return nil
	})
	return p, err
}
