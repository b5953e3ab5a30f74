package application

import (
	"context"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
)

// StaffList answers one page of the applications the caller may read: a
// school admin only their school's. The list is logged (names and exam
// numbers are personal data).
func (s *Service) StaffList(ctx context.Context, p permission.Principal, q StaffQuery) ([]StaffRow, int, error) {
	school, ok := permission.Scope(p, permission.UserListAll)
	if !ok {
		return nil, 0, forbidden()
	}
	q.School = school
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 10
	}
	q.Offset = max(q.Offset, 0)
	rows, total, err := s.Staff.Store.ListApplications(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	nos := make([]int64, len(rows))
	for i, r := range rows {
		nos[i] = r.ApplNo
	}
	err = s.Log.Record(ctx, p.UserID, "application.list", "applications", map[string]any{
		"applNos": nos, "search": q.Search, "userId": q.UserID})
	return rows, total, err
}

// StaffView is the whole application as staff read it.
type StaffView struct {
	Record    Record
	Info      form.ApplicantInfo
	HasInfo   bool
	Academic  []form.AcademicRecord
	Languages []form.LanguageEntry
	Careers   []form.Career
	Certs     []form.Certificate
	Essays    []form.Essay
	Consents  []school.Acceptance
	Email     string
	Money     Money
	// MayReveal, MayCorrect and MayReview tell the page which actions
	// the caller has on this application.
	MayReveal, MayCorrect, MayReview bool
	// MayPayInfo and MayLetters tell the page whether to link to the
	// application's payments (pay/info) and its recommendation letters.
	MayPayInfo, MayLetters bool
}

// StaffRead answers the whole application, identification numbers masked;
// the read is logged.
func (s *Service) StaffRead(ctx context.Context, p permission.Principal, applNo int64) (StaffView, error) {
	h, err := s.guard().ReadFor(ctx, p, applNo, map[string]any{"section": "all"})
	if err != nil {
		return StaffView{}, err
	}
	if !permission.Can(p, permission.UserListAll, h.Round.SchoolCode) {
		return StaffView{}, forbidden()
	}
	rec, err := s.record(ctx, p, h, nil)
	if err != nil {
		return StaffView{}, err
	}
	v := StaffView{Record: rec}
	sc := h.Round.SchoolCode
	v.MayReveal = permission.Can(p, permission.ApplicationReveal, sc)
	v.MayCorrect = permission.Can(p, permission.AdminBasicEdit, sc)
	v.MayReview = permission.Can(p, permission.ApplicationReview, sc)
	v.MayPayInfo = permission.Can(p, permission.PayInfo, sc)
	v.MayLetters = permission.Can(p, permission.RecommendRead, sc)
	if v.Info, v.HasInfo, err = s.Forms.Info(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	v.Info = MaskInfo(v.Info, rulesFor(rec.Round, rec.Offer))
	if v.Academic, err = s.Forms.Academic(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if v.Languages, err = s.Forms.Languages(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if v.Careers, err = s.Forms.Careers(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if v.Certs, v.Essays, err = s.Forms.AddInfo(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if v.Consents, err = s.Apps.Consents(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if v.Money, err = s.Staff.Store.Money(ctx, applNo); err != nil {
		return StaffView{}, err
	}
	if h.UserID != "" {
		if v.Email, err = s.Emails.Email(ctx, h.UserID); err != nil && apperr.KindOf(err) != apperr.KindNotFound {
			return StaffView{}, err
		}
	}
	return v, nil
}

// Revealed is an application's identification numbers, unmasked.
type Revealed struct {
	ResidentNoLast          string
	ForeignerRegistrationNo string
	PassportNo              string
}
