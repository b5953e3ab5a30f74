package postgres

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
	"github.com/gradapply/gradapply/core/notice"
)

// Notices stores notices (notice).
type Notices struct{ DB *DB }

// BulkMails stores bulk mails and their recipients (bulk_mail,
// bulk_mail_recipient).
type BulkMails struct{ DB *DB }

var (
	_ notice.Notices = Notices{}
	_ notice.Mails   = BulkMails{}
)

var noticeSelect = Builder.Select("id", "coalesce(school_code, '')", "enter_year", "recruit_part_seq", "title_ko", "title_en",
	"body_ko", "body_en", "starts_at", "ends_at", "created_by", "created_at", "updated_by", "updated_at").From("notice")

func scanNotice(row pgx.Row) (notice.Notice, error) {
	var d notice.NoticeData
	var year, seq *int
	c := &d.Content
	if err := row.Scan(&d.ID, &c.School, &year, &seq, &c.Title.Ko, &c.Title.En, &c.Body.Ko, &c.Body.En, &c.Starts, &c.Ends,
		&d.CreatedBy, &d.CreatedAt, &d.UpdatedBy, &d.UpdatedAt); err != nil {
		return notice.Notice{}, err
	}
	if year != nil && seq != nil {
		c.Round = &application.RoundKey{SchoolCode: c.School, EnterYear: *year, RecruitPartSeq: *seq}
	}
	return notice.UnmarshalNoticeFromDatabase(d)
}

func noticeValues(n notice.Notice) map[string]any {
	d := n.Data()
	c := d.Content
	var year, seq any
	if c.Round != nil {
		year, seq = c.Round.EnterYear, c.Round.RecruitPartSeq
	}
	var school any
	if c.School != "" {
		school = c.School
	}
	return map[string]any{"school_code": school, "enter_year": year, "recruit_part_seq": seq, "title_ko": c.Title.Ko,
		"title_en": c.Title.En, "body_ko": c.Body.Ko, "body_en": c.Body.En, "starts_at": c.Starts, "ends_at": c.Ends,
		"created_by": d.CreatedBy, "created_at": d.CreatedAt, "updated_by": d.UpdatedBy, "updated_at": d.UpdatedAt}
}

var noticeRows = aggregateRows[notice.Notice]{table: "notice", what: "notice", sel: noticeSelect, scan: scanNotice,
	notFound: notice.CodeNotFound, values: plainValues(noticeValues), gone: notice.Notice.Removed}

// Create numbers and stores a notice.
func (s Notices) Create(ctx context.Context, n notice.Notice) (notice.Notice, error) {
	var id int64
	if err := s.DB.queryRow(ctx, Builder.Insert("notice").SetMap(noticeValues(n)).Suffix("RETURNING id")).Scan(&id); err != nil {
		return n, fmt.Errorf("postgres: create notice: %w", err)
	}
	return s.Get(ctx, id)
}

// Get answers one notice.
func (s Notices) Get(ctx context.Context, id int64) (notice.Notice, error) {
	return noticeRows.get(ctx, s.DB, noticeSelect.Where(sq.Eq{"id": id}))
}

// Update locks one notice's row for fn and writes it back (or deletes it
// when removed).
func (s Notices) Update(ctx context.Context, id int64, fn func(ctx context.Context, n *notice.Notice) error) error {
	return noticeRows.update(ctx, s.DB, sq.Eq{"id": id}, fn)
}

// List answers the notices a query selects, newest start first.
func (s Notices) List(ctx context.Context, q notice.Query) ([]notice.Notice, error) {
	b := noticeSelect.OrderBy("starts_at DESC", "id DESC")
	if q.Site || len(q.Schools) > 0 {
		or := sq.Or{sq.Eq{"school_code": q.Schools}}
		if q.Site {
			or = append(or, sq.Eq{"school_code": nil})
		}
		b = b.Where(or)
	}
	return noticeRows.list(ctx, s.DB, b)
}

var mailSelect = Builder.Select("id", "school_code", "enter_year", "recruit_part_seq", "filter_status", "filter_decision",
	"subject_ko", "subject_en", "body_ko", "body_en", "state", "created_by", "created_at", "sent_by", "sent_at", "done_at").From("bulk_mail")

func scanMail(row pgx.Row) (notice.BulkMail, error) {
	var d notice.BulkMailData
	var status, dec, state string
	l := &d.Letter
	if err := row.Scan(&d.ID, &d.Round.SchoolCode, &d.Round.EnterYear, &d.Round.RecruitPartSeq, &status, &dec, &l.Subject.Ko,
		&l.Subject.En, &l.Body.Ko, &l.Body.En, &state, &d.CreatedBy, &d.CreatedAt, &d.SentBy, &d.SentAt, &d.DoneAt); err != nil {
		return notice.BulkMail{}, err
	}
	l.Filter = notice.Filter{Status: application.Status(status), Decision: decision.Kind(dec)}
	d.State = notice.State(state)
	return notice.UnmarshalBulkMailFromDatabase(d)
}

func mailValues(m notice.BulkMail) map[string]any {
	d := m.Data()
	l := d.Letter
	return map[string]any{"filter_status": string(l.Filter.Status), "filter_decision": string(l.Filter.Decision),
		"subject_ko": l.Subject.Ko, "subject_en": l.Subject.En, "body_ko": l.Body.Ko, "body_en": l.Body.En, "state": string(d.State),
		"sent_by": d.SentBy, "sent_at": d.SentAt, "done_at": d.DoneAt}
}

var mailRows = aggregateRows[notice.BulkMail]{table: "bulk_mail", what: "bulk mail", sel: mailSelect, scan: scanMail,
	notFound: notice.CodeMailNotFound, values: plainValues(mailValues)}

// Create numbers and stores a bulk mail.
func (s BulkMails) Create(ctx context.Context, m notice.BulkMail) (notice.BulkMail, error) {
	v := mailValues(m)
	k := m.Round()
	v["school_code"], v["enter_year"], v["recruit_part_seq"] = k.SchoolCode, k.EnterYear, k.RecruitPartSeq
	v["created_by"], v["created_at"] = m.CreatedBy(), m.CreatedAt()
	var id int64
	if err := s.DB.queryRow(ctx, Builder.Insert("bulk_mail").SetMap(v).Suffix("RETURNING id")).Scan(&id); err != nil {
		return m, fmt.Errorf("postgres: create bulk mail: %w", err)
	}
	return s.Get(ctx, id)
}

// Get answers one bulk mail.
func (s BulkMails) Get(ctx context.Context, id int64) (notice.BulkMail, error) {
	return mailRows.get(ctx, s.DB, mailSelect.Where(sq.Eq{"id": id}))
}

// Update locks a bulk mail's row for fn and writes it back.
func (s BulkMails) Update(ctx context.Context, id int64, fn func(ctx context.Context, m *notice.BulkMail) error) error {
	return mailRows.update(ctx, s.DB, sq.Eq{"id": id}, fn)
}

// List answers a round's mails, newest first.
func (s BulkMails) List(ctx context.Context, k application.RoundKey) ([]notice.BulkMail, error) {
	return mailRows.list(ctx, s.DB, mailSelect.Where(roundWhere(k)).OrderBy("id DESC"))
}

// Sending lists the mails being sent, oldest first.
func (s BulkMails) Sending(ctx context.Context) ([]notice.BulkMail, error) {
	return mailRows.list(ctx, s.DB, mailSelect.Where(sq.Eq{"state": string(notice.Sending)}).OrderBy("id"))
}

// AddRecipients stores recipients; the unique (mail, member) constraint
// skips one already there.
func (s BulkMails) AddRecipients(ctx context.Context, id int64, userIDs []string) (int, error) {
	if len(userIDs) == 0 {
		return 0, nil
	}
	ins := Builder.Insert("bulk_mail_recipient").Columns("mail_id", "user_id")
	for _, u := range userIDs {
		ins = ins.Values(id, u)
	}
	tag, err := s.DB.exec(ctx, ins.Suffix("ON CONFLICT ON CONSTRAINT bulk_mail_recipient_once DO NOTHING"))
	if err != nil {
		if IsForeignKeyViolation(err) {
			return 0, apperr.NotFound(notice.CodeMailNotFound)
		}
		return 0, fmt.Errorf("postgres: add recipients: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// Batch locks up to limit recipients not yet mailed (SKIP LOCKED), hands
// them to fn and marks them mailed.
func (s BulkMails) Batch(ctx context.Context, id int64, limit int, fn func(ctx context.Context, userIDs []string) error) (int, error) {
	var n int
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		rows, err := s.DB.query(ctx, Builder.Select("id", "user_id").From("bulk_mail_recipient").
			Where(sq.Eq{"mail_id": id, "mailed_at": nil}).OrderBy("id").Limit(u64(limit)).Suffix("FOR UPDATE SKIP LOCKED"))
		if err != nil {
			return fmt.Errorf("postgres: recipients: %w", err)
		}
		var ids []int64
		var users []string
		for rows.Next() {
			var rid int64
			var u string
			if err := rows.Scan(&rid, &u); err != nil {
				rows.Close()
				return fmt.Errorf("postgres: recipients: %w", err)
			}
			ids, users = append(ids, rid), append(users, u)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if n = len(ids); n == 0 {
			return nil
		}
		if err := fn(ctx, users); err != nil {
			return err
		}
		if _, err := s.DB.exec(ctx, Builder.Update("bulk_mail_recipient").Set("mailed_at", time.Now()).Where(sq.Eq{"id": ids})); err != nil {
			return fmt.Errorf("postgres: mark recipients: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// Progress counts a mail's recipients and those mailed.
func (s BulkMails) Progress(ctx context.Context, id int64) (notice.Progress, error) {
	var p notice.Progress
	err := s.DB.queryRow(ctx, Builder.Select("count(*)", "count(mailed_at)").From("bulk_mail_recipient").Where(sq.Eq{"mail_id": id})).
		Scan(&p.Total, &p.Sent)
	if err != nil {
		return p, fmt.Errorf("postgres: bulk mail progress: %w", err)
	}
	return p, nil
}
