package inquiry

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// FileItem is the rule of an attachment: the documents' size limits and
// checks, with the formats a question comes with.
var FileItem = document.Item{Code: "inquiry_file", Extensions: []string{"pdf", "jpg", "jpeg", "png", "gif", "doc", "docx", "hwp", "xls", "xlsx", "txt", "zip"}}

// Service is the inquiry use cases: the member's board and the staff's.
type Service struct {
	Store      Store
	Schools    Schools
	Apps       Applications
	Recipients port.Recipients
	Mailer     port.Mailer
	Files      FileStore
	Log        port.AuditLog // nil: staff reads are not logged (tests only)
	Tx         port.Tx
	Clock      window.Clock
	// DetailURL is the member's link to an inquiry (PUBLIC_URL +
	// /inquiry/user/detail?no=).
	DetailURL func(no int64) string
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func notFound() error { return apperr.NotFound(CodeNotFound) }

func member(p permission.Principal) error {
	if !permission.Can(p, permission.InquiryOwn, "") {
		return notFound()
	}
	return nil
}

// ---- the member ----

// SchoolChoice is a school the form offers; Applied ones come first.
type SchoolChoice struct {
	application.School
	Applied bool
}

// Options are what the new-inquiry form offers.
type Options struct {
	Types   []Type
	Schools []SchoolChoice
}

// Options answers the types and the schools, those the member applied to
// first.
func (s *Service) Options(ctx context.Context, p permission.Principal) (Options, error) {
	if err := member(p); err != nil {
		return Options{}, err
	}
	all, err := s.Schools.Schools(ctx)
	if err != nil {
		return Options{}, err
	}
	apps, err := s.Apps.ListByUser(ctx, p.UserID)
	if err != nil {
		return Options{}, err
	}
	out := Options{Types: slices.Clone(Types)}
	for _, sc := range all {
		applied := slices.ContainsFunc(apps, func(h application.Header) bool { return h.Round.SchoolCode == sc.SchoolCode })
		out.Schools = append(out.Schools, SchoolChoice{School: sc, Applied: applied})
	}
	slices.SortStableFunc(out.Schools, func(a, b SchoolChoice) int {
		switch {
		case a.Applied == b.Applied:
			return 0
		case a.Applied:
			return -1
		}
		return 1
	})
	return out, nil
}

// Check validates a draft without saving it, every field at once: the
// edge calls it before it reads an attachment, so a bad form costs no
// upload.
func (s *Service) Check(ctx context.Context, p permission.Principal, d Draft) error {
	if err := member(p); err != nil {
		return err
	}
	var f apperr.Fields
	if _, err := New(p.UserID, d, s.now()); err != nil {
		e, ok := apperr.As(err)
		if !ok || len(e.Fields) == 0 {
			return err
		}
		f = append(f, e.Fields...)
	}
	if code := strings.TrimSpace(d.SchoolCode); code != "" {
		all, err := s.Schools.Schools(ctx)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(all, func(sc application.School) bool { return sc.SchoolCode == code }) {
			f.Add("schoolCode", CodeSchool)
		}
	}
	return f.Err()
}

// Ask saves a new inquiry. file is nil without an attachment; with one it
// is checked by the documents' rules and streamed to the file store.
func (s *Service) Ask(ctx context.Context, p permission.Principal, d Draft, fileName string, file io.Reader) (Inquiry, error) {
	if err := s.Check(ctx, p, d); err != nil {
		return Inquiry{}, err
	}
	q, err := New(p.UserID, d, s.now())
	if err != nil {
		return Inquiry{}, err
	}
	if file != nil {
		st, err := document.PutChecked(ctx, s.Files, FileItem, fileName, file, document.CodeUploadMalformed)
		if err != nil {
			return Inquiry{}, err
		}
		q.File = Attachment{Name: st.Name, Stored: st.Stored, Size: st.Size}
	}
	out, err := s.Store.Create(ctx, q)
	if err != nil && q.File.Stored != "" {
		_ = s.Files.Delete(context.WithoutCancel(ctx), q.File.Stored)
	}
	return out, err
}

// Mine answers a page of the member's own inquiries, newest first.
func (s *Service) Mine(ctx context.Context, p permission.Principal, offset, limit int) ([]Inquiry, int, error) {
	if err := member(p); err != nil {
		return nil, 0, err
	}
	return s.Store.List(ctx, Query{UserID: p.UserID, Offset: offset, Limit: limit})
}

// own loads an inquiry of the member; another member's is not found.
func (s *Service) own(ctx context.Context, p permission.Principal, no int64) (Inquiry, error) {
	if err := member(p); err != nil {
		return Inquiry{}, err
	}
	q, err := s.Store.Get(ctx, no)
	if err != nil || q.UserID != p.UserID {
		return Inquiry{}, notFound()
	}
	return q, nil
}

// Open answers one of the member's inquiries and marks its answers read.
func (s *Service) Open(ctx context.Context, p permission.Principal, no int64) (Inquiry, error) {
	q, err := s.own(ctx, p, no)
	if err != nil || !q.Unread {
		return q, err
	}
	err = s.Store.Update(ctx, no, func(x *Inquiry) error { x.Unread = false; q = *x; return nil })
	return q, err
}

// Unread counts the member's inquiries with an answer not yet opened.
func (s *Service) Unread(ctx context.Context, p permission.Principal) (int, error) {
	if err := member(p); err != nil {
		return 0, err
	}
	return s.Store.Unread(ctx, p.UserID)
}

// FollowUp adds the member's message to an open inquiry.
func (s *Service) FollowUp(ctx context.Context, p permission.Principal, no int64, body string) (Inquiry, error) {
	if _, err := s.own(ctx, p, no); err != nil {
		return Inquiry{}, err
	}
	var out Inquiry
	err := s.Store.Update(ctx, no, func(q *Inquiry) error {
		if err := q.FollowUp(body, s.now()); err != nil {
			return err
		}
		q.Unread, out = false, *q
		return nil
	})
	return out, err
}

// Close ends the thread, by its member or by staff of its school.
func (s *Service) Close(ctx context.Context, p permission.Principal, no int64) (Inquiry, error) {
	q, err := s.Store.Get(ctx, no)
	if err != nil || !(q.UserID == p.UserID && member(p) == nil || s.staffMay(p, q)) {
		return Inquiry{}, notFound()
	}
	err = s.Store.Update(ctx, no, func(x *Inquiry) error { x.Close(s.now()); q = *x; return nil })
	return q, err
}

// File opens an inquiry's attachment for its member or staff of its
// school (a staff read is logged).
func (s *Service) File(ctx context.Context, p permission.Principal, no int64) (Attachment, io.ReadCloser, error) {
	q, err := s.Store.Get(ctx, no)
	if err != nil || q.File.Stored == "" {
		return Attachment{}, nil, notFound()
	}
	switch {
	case q.UserID == p.UserID && member(p) == nil:
	case s.staffMay(p, q):
		if err := s.logRead(ctx, p, "inquiry.file", no); err != nil {
			return Attachment{}, nil, err
		}
	default:
		return Attachment{}, nil, notFound()
	}
	rc, err := s.Files.Open(ctx, q.File.Stored)
	return q.File, rc, err
}

// ---- staff ----

// staffMay reports whether p answers inquiries of q's school; one about no
// school is the system admins'.
func (s *Service) staffMay(p permission.Principal, q Inquiry) bool {
	scope, ok := permission.Scope(p, permission.InquiryManage)
	return ok && (scope == "" || scope == q.SchoolCode)
}

func (s *Service) logRead(ctx context.Context, p permission.Principal, action string, no int64) error {
	if s.Log == nil {
		return nil
	}
	target := "inquiry"
	if no > 0 {
		target += ":" + strconv.FormatInt(no, 10)
	}
	return s.Log.Record(ctx, p.UserID, action, target, nil)
}

// List answers the inquiries staff may see, filtered: a school admin's are
// their school's only. The read is logged.
func (s *Service) List(ctx context.Context, p permission.Principal, q Query) ([]Inquiry, int, error) {
	scope, ok := permission.Scope(p, permission.InquiryManage)
	if !ok {
		return nil, 0, apperr.Forbidden("auth.forbidden")
	}
	if scope != "" {
		if q.SchoolCode != "" && q.SchoolCode != scope {
			return []Inquiry{}, 0, nil
		}
		q.SchoolCode = scope
	}
	q.UserID = ""
	if err := s.logRead(ctx, p, "inquiry.list", 0); err != nil {
		return nil, 0, err
	}
	return s.Store.List(ctx, q)
}

// Get answers one inquiry to staff of its school; the read is logged.
func (s *Service) Get(ctx context.Context, p permission.Principal, no int64) (Inquiry, error) {
	q, err := s.Store.Get(ctx, no)
	if err != nil || !s.staffMay(p, q) {
		return Inquiry{}, notFound()
	}
	return q, s.logRead(ctx, p, "inquiry.read", no)
}

// Answer adds a staff answer and mails the member, in their language, in
// the same transaction (outbox).
func (s *Service) Answer(ctx context.Context, p permission.Principal, no int64, body string) (Inquiry, error) {
	if _, err := s.Get(ctx, p, no); err != nil {
		return Inquiry{}, err
	}
	var out Inquiry
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.Update(ctx, no, func(q *Inquiry) error {
			if err := q.Answer(p.UserID, body, s.now()); err != nil {
				return err
			}
			out = *q
			return nil
		}); err != nil {
			return err
		}
		c, err := s.Recipients.Recipient(ctx, out.UserID)
		if apperr.KindOf(err) == apperr.KindNotFound || err == nil && c.Email == "" {
			return nil // a member who left has nobody to mail
		}
		if err != nil {
			return err
		}
		link := ""
		if s.DetailURL != nil {
			link = s.DetailURL(no)
		}
		return s.Mailer.Queue(ctx, c.Locale, c.Email, mailmsg.InquiryAnswered{InquiryNo: no, Title: out.Title, Link: link})
	})
	return out, err
}

// SetStatus is the staff's status change: only closing is done by hand
// (answering sets answered, a follow-up waiting). The caller is checked
// before the input.
func (s *Service) SetStatus(ctx context.Context, p permission.Principal, no int64, status string) (Inquiry, error) {
	q, err := s.Store.Get(ctx, no)
	if err != nil || !s.staffMay(p, q) {
		return Inquiry{}, notFound()
	}
	if Status(status) != Closed {
		var f apperr.Fields
		f.Add("status", CodeStatus)
		return Inquiry{}, f.Err()
	}
	return s.Close(ctx, p, no)
}
