package memstore

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/recommendation"
	"github.com/gradapply/gradapply/core/window"
)

// Backoffice is the back office's reading of applications (issue 13): the
// staff list (application.StaffStore), a round's dashboard
// (application.DashboardStore) and its exports (application.ExportStore).
type Backoffice struct{ *Store }

var (
	_ application.StaffStore     = Backoffice{}
	_ application.DashboardStore = Backoffice{}
	_ application.ExportStore    = Backoffice{}
)

func (d *data) email(userID string) string {
	if u, ok := d.byUserID(userID); ok {
		return u.Email
	}
	return ""
}

// money is the memory store's appl_money: an application's money from
// its payment attempts, the one truth.
func (d *data) money(applNo int64) application.Money {
	var m application.Money
	var first time.Time
	for _, a := range d.payments {
		if a.ApplNo() != applNo {
			continue
		}
		if a.Result().InFlight() {
			m.InFlight = true
		}
		if a.Result() != payment.Paid && a.Result() != payment.Cancelled {
			continue
		}
		m.Paid = true
		m.Amount += a.Paid().Amount()
		m.Refunded += a.Refunded().Amount()
		if first.IsZero() || a.PaidAt().Before(first) {
			first = a.PaidAt()
			m.Currency, m.Method = string(a.Paid().Currency()), string(a.Quote().PayType)
			if a.Provider() == payment.ProviderManual && a.Quote().PayType != payment.Free {
				m.Method = "manual"
			}
		}
		m.ProviderCancelled = m.ProviderCancelled || !a.ProviderCancelledAt().IsZero()
	}
	m.PaidAt = first
	return m
}

// shownStatus is the status staff see: the review status while under review.
func shownStatus(h application.Header) application.Status {
	if h.State.Reviewing {
		return h.State.ReviewStatus
	}
	return h.State.Status
}

func staffSortKey(h application.Header, field string) string {
	switch field {
	case "applId":
		return h.ApplID
	case "applicantName":
		return h.ApplicantName
	case "userId":
		return h.UserID
	case "status":
		return string(h.State.Status)
	case "createdAt":
		return h.CreatedAt.UTC().Format(time.RFC3339Nano)
	case "updatedAt":
		return h.UpdatedAt.UTC().Format(time.RFC3339Nano)
	}
	return ""
}

// ListApplications answers one page of applications and the total.
// Money answers an application's money.
func (s Backoffice) Money(ctx context.Context, applNo int64) (application.Money, error) {
	var m application.Money
	err := s.do(ctx, func(d *data) error {
		if err := d.needApp(applNo); err != nil {
			return err
		}
		m = d.money(applNo)
		return nil
	})
	return m, err
}

func (s Backoffice) ListApplications(ctx context.Context, q application.StaffQuery) ([]application.StaffRow, int, error) {
	out := []application.StaffRow{}
	total := 0
	err := s.do(ctx, func(d *data) error {
		var rows []application.StaffRow
		search := strings.ToLower(q.Search)
		for _, h := range d.apps {
			k := h.Round
			switch {
			case q.School != "" && k.SchoolCode != q.School, q.SchoolCode != "" && k.SchoolCode != q.SchoolCode,
				q.EnterYear != 0 && k.EnterYear != q.EnterYear, q.RecruitPartSeq != 0 && k.RecruitPartSeq != q.RecruitPartSeq,
				q.Status != "" && string(shownStatus(h)) != q.Status, q.UserID != "" && h.UserID != q.UserID:
				continue
			}
			email := d.email(h.UserID)
			if search != "" && !slices.ContainsFunc([]string{h.ApplicantName, h.ApplID, h.UserID, email},
				func(v string) bool { return strings.Contains(strings.ToLower(v), search) }) {
				continue
			}
			r := application.StaffRow{Header: h, Email: email, Money: d.money(h.ApplNo)}
			for _, sc := range d.schools {
				if sc.SchoolCode == k.SchoolCode {
					r.SchoolKorName, r.SchoolEngName = sc.KorName, sc.EngName
				}
			}
			rows = append(rows, r)
		}
		slices.SortFunc(rows, func(a, b application.StaffRow) int {
			c := cmp.Or(cmp.Compare(staffSortKey(a.Header, q.Sort), staffSortKey(b.Header, q.Sort)), cmp.Compare(a.ApplNo, b.ApplNo))
			if q.Desc {
				return -c
			}
			return c
		})
		total = len(rows)
		from := min(max(q.Offset, 0), total)
		to := total
		if q.Limit > 0 {
			to = min(from+q.Limit, total)
		}
		out = append(out, rows[from:to]...)
		return nil
	})
	return out, total, err
}

// letters counts an application's letters asked for (not cancelled) and
// those submitted.
func (d *data) letters(applNo int64) (asked, done int) {
	if d.recs == nil {
		return 0, 0
	}
	for _, r := range d.recs.reqs {
		if r.ApplNo() == applNo && !r.Cancelled() {
			asked++
			if r.Status() == recommendation.Completed {
				done++
			}
		}
	}
	return asked, done
}

// Dashboard counts a round's applications, and per day since since.
func (s Backoffice) Dashboard(ctx context.Context, k application.RoundKey, since time.Time) (application.Dashboard, error) {
	out := application.Dashboard{ByStatus: map[application.Status]int{}}
	err := s.do(ctx, func(d *data) error {
		days := map[string]*application.DayCount{}
		day := func(t time.Time) *application.DayCount {
			key := t.In(window.Seoul).Format(time.DateOnly)
			if days[key] == nil {
				days[key] = &application.DayCount{Day: key}
			}
			return days[key]
		}
		for _, h := range d.apps {
			if h.Round != k {
				continue
			}
			out.Total++
			out.ByStatus[shownStatus(h)]++
			if h.State.Reviewing {
				out.Reviewing++
			}
			m := d.money(h.ApplNo)
			if m.Paid {
				out.Paid++
			}
			if h.State.Status != application.Cancel {
				asked, done := d.letters(h.ApplNo)
				out.LettersPending += asked - done
				out.LettersCompleted += done
			}
			if !h.CreatedAt.Before(since) {
				day(h.CreatedAt).Created++
			}
			if at, ok := d.completed[h.ApplNo]; ok && !at.Before(since) {
				day(at).Completions++
			}
			if m.Paid && !m.PaidAt.Before(since) {
				day(m.PaidAt).Payments++
			}
		}
		for _, c := range days {
			out.Days = append(out.Days, *c)
		}
		slices.SortFunc(out.Days, func(a, b application.DayCount) int { return cmp.Compare(a.Day, b.Day) })
		return nil
	})
	return out, err
}

// exported are the round's submitted applications in exam-number order
// (numbers last when missing), as the exports hold them.
func (d *data) exported(k application.RoundKey) []application.Header {
	var list []application.Header
	for _, h := range d.apps {
		switch h.State.Status {
		case application.Submit, application.VbankIssue, application.Complete:
			if h.Round == k {
				list = append(list, h)
			}
		}
	}
	slices.SortFunc(list, func(a, b application.Header) int {
		if (a.ApplID == "") != (b.ApplID == "") {
			if a.ApplID == "" {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(a.ApplID, b.ApplID), cmp.Compare(a.ApplNo, b.ApplNo))
	})
	return list
}

// ExportRows calls fn with each applicant of the round, in exam-number order.
func (s Backoffice) ExportRows(ctx context.Context, k application.RoundKey, fn func(application.ExportRow) error) error {
	var rows []application.ExportRow
	err := s.do(ctx, func(d *data) error {
		for _, h := range d.exported(k) {
			info := d.info[h.ApplNo]
			part := d.parts[h.ApplNo]
			r := application.ExportRow{ApplNo: h.ApplNo, ApplID: h.ApplID, UserID: h.UserID, KorName: info.KorName,
				EngName: info.EngName, Email: cmp.Or(info.Email, d.email(h.UserID)), Mobile: info.Mobile, Phone: info.Phone,
				Nationality: info.Nationality, MajorCode: part.MajorCode, IsMaster: part.IsMaster, CategoryCode: part.CategoryCode,
				StayTypeCode: part.StayTypeCode, Status: h.State.Status, ReviewStatus: h.State.ReviewStatus, Money: d.money(h.ApplNo)}
			if rd, ok := d.rounds[k]; ok {
				if i := slices.IndexFunc(rd.Parts, func(o application.Offer) bool { return o.MajorCode == part.MajorCode }); i >= 0 {
					r.MajorKorName = rd.Parts[i].MajorKorName
				}
			}
			var scores []string
			for _, l := range d.languages[h.ApplNo] {
				scores = append(scores, l.ExamCode+" "+cmp.Or(l.Score, l.Level))
			}
			r.Scores = strings.Join(scores, "; ")
			if at, ok := d.completed[h.ApplNo]; ok {
				r.CompletedAt = at
			}
			r.CreatedAt, r.UpdatedAt = h.CreatedAt, h.UpdatedAt
			r.LettersRequested, r.LettersCompleted = d.letters(h.ApplNo)
			rows = append(rows, r)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

// ExportFiles calls fn with each stored document of the round's
// applications, grouped by application.
func (s Backoffice) ExportFiles(ctx context.Context, k application.RoundKey, fn func(application.ExportFile) error) error {
	var files []application.ExportFile
	err := s.do(ctx, func(d *data) error {
		for _, h := range d.exported(k) {
			docs := slices.Clone(d.docs[h.ApplNo])
			slices.SortFunc(docs, func(a, b document.Document) int {
				return cmp.Or(cmp.Compare(a.ItemCode, b.ItemCode), cmp.Compare(a.Slot, b.Slot))
			})
			for _, f := range docs {
				files = append(files, application.ExportFile{ApplNo: h.ApplNo, ApplID: h.ApplID, ItemCode: f.ItemCode, Slot: f.Slot,
					FileName: f.FileName, StoredName: f.StoredName, Ext: f.Ext, Size: f.Size, UploadedAt: f.UploadedAt})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

// ExportLetters calls fn with the submitted letters of the round's
// exported applications, by application and request.
func (s Backoffice) ExportLetters(ctx context.Context, k application.RoundKey, fn func(application.ExportLetter) error) error {
	var out []application.ExportLetter
	err := s.do(ctx, func(d *data) error {
		if d.recs == nil {
			return nil
		}
		for _, h := range d.exported(k) {
			var mine []application.ExportLetter
			for _, r := range d.recs.reqs {
				if r.ApplNo() != h.ApplNo || r.Cancelled() || r.Status() != recommendation.Completed || r.SubmittedAt() == nil {
					continue
				}
				mine = append(mine, application.ExportLetter{ApplNo: h.ApplNo, ReqNo: r.No(), ProfName: r.Request().ProfName,
					PDFStored: r.PDFStored(), FileName: r.FileName(), FileStored: r.FileStored(), FileSize: r.FileSize(), SubmittedAt: *r.SubmittedAt()})
			}
			slices.SortFunc(mine, func(a, b application.ExportLetter) int { return cmp.Compare(a.ReqNo, b.ReqNo) })
			out = append(out, mine...)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, l := range out {
		if err := fn(l); err != nil {
			return err
		}
	}
	return nil
}

// ExportSize counts the round's applicants and files.
func (s Backoffice) ExportSize(ctx context.Context, k application.RoundKey) (apps, files int, bytes int64, err error) {
	err = s.do(ctx, func(d *data) error {
		for _, h := range d.exported(k) {
			apps++
			for _, f := range d.docs[h.ApplNo] {
				files++
				bytes += f.Size
			}
		}
		return nil
	})
	return apps, files, bytes, err
}
