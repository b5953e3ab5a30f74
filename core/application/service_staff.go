package application

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/school"
)

// The back office's use cases on applications (issue 13): the list of a
// school's applications, the whole application as staff read it, the logged
// reveal of identification numbers, the staff correction of the basic
// information and the review. Every one asks the permission table for the
// application's school, and every read of personal data is written to the
// access log (decisions.md).

// Staff codes.
const (
	CodeReasonRequired = "application.reason_required" // a staff change needs its reason
	CodeReasonTooLong  = "application.reason_too_long"
	CodeNoChange       = "application.no_change"     // a correction that changes nothing
	CodeFieldUnknown   = "application.field_unknown" // a correction of a field the form does not have
)

// MaxReason is the longest reason staff may give.
const MaxReason = 500

// StaffQuery asks for one page of applications.
type StaffQuery struct {
	// School is set by StaffList from the caller's scope ("" = every school).
	School         string
	SchoolCode     string // filter the caller chose
	EnterYear      int
	RecruitPartSeq int
	Status         string
	UserID         string
	Search         string // part of the name, exam number, user id or e-mail
	Sort           string // one of StaffSortFields
	Desc           bool
	Offset, Limit  int
}

// StaffSortFields are the columns an application list may be sorted by.
var StaffSortFields = []string{"applNo", "applId", "applicantName", "userId", "status", "createdAt", "updatedAt"}

// StaffRow is one line of the staff's application list.
type StaffRow struct {
	Header
	Email         string
	SchoolKorName string
	SchoolEngName string
	Money         Money
}

// StaffStore lists applications for the back office.
type StaffStore interface {
	ListApplications(ctx context.Context, q StaffQuery) ([]StaffRow, int, error)
	// Money answers an application's money (the read model of money.go).
	Money(ctx context.Context, applNo int64) (Money, error)
}

// Contact is how an applicant is mailed.
type Contact struct {
	Email  string
	Locale string // ko or en
}

// Contacts gives an applicant's address and language.
type Contacts interface {
	Contact(ctx context.Context, userID string) (Contact, error)
}

// Mailer queues a mail in the caller's transaction (outbox).
type Mailer interface {
	Queue(ctx context.Context, locale, to string, m mailmsg.Message) error
}

// Staff holds the back office's stores; nil on a service without a back office.
type Staff struct {
	Store    StaffStore
	Contacts Contacts
	Mailer   Mailer
	Export   ExportStore
	// Dashboard counts a round (dashboard.go).
	Dashboard DashboardStore
}

func forbidden() error { return apperr.Forbidden("auth.forbidden") }

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

// Reveal answers the identification numbers unmasked, to staff allowed to
// see them (ApplicationReveal), and logs it with the reason given.
func (s *Service) Reveal(ctx context.Context, p permission.Principal, applNo int64, reason string) (Revealed, error) {
	h, err := s.guard().Read(ctx, p, applNo)
	if err != nil {
		return Revealed{}, err
	}
	if !permission.Can(p, permission.ApplicationReveal, h.Round.SchoolCode) {
		return Revealed{}, forbidden()
	}
	if reason, err = checkReason(reason); err != nil {
		return Revealed{}, err
	}
	a, _, err := s.Forms.Info(ctx, applNo)
	if err != nil {
		return Revealed{}, err
	}
	if err := s.Log.Record(ctx, p.UserID, "application.reveal", "application:"+itoa(applNo), map[string]any{"reason": reason}); err != nil {
		return Revealed{}, err
	}
	return Revealed{ResidentNoLast: a.ResidentNoLast, ForeignerRegistrationNo: a.ForeignerRegistrationNo, PassportNo: a.PassportNo}, nil
}

func checkReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	var f apperr.Fields
	switch {
	case reason == "":
		f.Add("reason", CodeReasonRequired)
	case utf8.RuneCountInString(reason) > MaxReason:
		f.AddParam("reason", form.CodeTooLong, "max", MaxReason)
	}
	return reason, f.Err()
}

// Correction is a staff correction of the basic information: the fields of
// applicantInfo to change (by their JSON names, e.g. "mobile",
// "emergencyContact") with their new values, and why.
type Correction struct {
	Changes map[string]json.RawMessage
	Reason  string
}

// Corrected is what a correction changed.
type Corrected struct {
	Record Record
	Fields []string
}

// CorrectInfo applies a staff correction of the basic information through
// the application aggregate: under the row lock it merges the changes into
// the stored information and validates the result with the applicant's own
// rules (form.ValidateInfo, the round's rules for the chosen part); in the
// same transaction it stores it, writes the access log entry (who, which
// fields, why) and queues the mail that tells the applicant.
func (s *Service) CorrectInfo(ctx context.Context, p permission.Principal, applNo int64, c Correction) (Corrected, error) {
	var out Corrected
	err := s.lockForm(ctx, applNo, func(ctx context.Context, a *Application, part Part) error {
		h := a.Header()
		if err := checkAccess(p, h.UserID, h.Round.SchoolCode, false); err != nil {
			return err
		}
		if !permission.Can(p, permission.AdminBasicEdit, h.Round.SchoolCode) {
			return forbidden()
		}
		reason, err := checkReason(c.Reason)
		if err != nil {
			return err
		}
		if len(c.Changes) == 0 {
			return apperr.Invalid(CodeNoChange)
		}
		r, err := LoadRound(ctx, s.Ref, h.Round)
		if err != nil {
			return err
		}
		if err := checkStaffChange(p, r); err != nil {
			return err
		}
		stored, _, err := s.Forms.Info(ctx, applNo)
		if err != nil {
			return err
		}
		next, fields, err := mergeInfo(stored, c.Changes)
		if err != nil {
			return err
		}
		if len(fields) == 0 {
			return apperr.Invalid(CodeNoChange)
		}
		o, _ := r.offer(part.ApplPartNo)
		lk, codes, err := s.Ref.Lookups(ctx)
		if err != nil {
			return err
		}
		now := s.now()
		ic := form.InfoContext{Rules: rulesFor(r, o), Lookups: lk, Codes: codes,
			Settings: itemSettings(r.InfoSettings(part.ApplPartNo)), Now: now}
		next = form.KeepSections(next, ic.Sections(next.Nationality))
		if err := form.ValidateInfo(next, ic); err != nil {
			return err
		}
		if err := s.Forms.SaveInfo(ctx, applNo, next); err != nil {
			return err
		}
		if err := a.CorrectByStaff(ApplicantName(next), now); err != nil {
			return err
		}
		if err := s.Log.Record(ctx, p.UserID, "application.correct", "application:"+itoa(applNo),
			map[string]any{"fields": fields, "reason": reason}); err != nil {
			return err
		}
		if err := s.notify(ctx, a.UserID(), r, func(school, round string) mailmsg.Message {
			return mailmsg.ApplicationCorrected{School: school, Round: round, Fields: fields, Reason: reason}
		}); err != nil {
			return err
		}
		out = Corrected{Record: Record{Header: a.Header(), Round: r, Part: part, Offer: o}, Fields: fields}
		return nil
	})
	if err != nil {
		return Corrected{}, err
	}
	s.decorate(p, &out.Record)
	return out, nil
}

// notify queues a mail to the applicant in the caller's transaction, in the
// applicant's language, with the school and round named in it.
func (s *Service) notify(ctx context.Context, userID string, r Round, m func(school, round string) mailmsg.Message) error {
	if userID == "" {
		return nil // unlinked on withdrawal: nobody to tell
	}
	c, err := s.Staff.Contacts.Contact(ctx, userID)
	if err != nil {
		return err
	}
	school, round := r.SchoolKorName, r.KorName
	if c.Locale == "en" {
		school, round = r.SchoolEngName, r.EngName
	} else {
		c.Locale = "ko"
	}
	return s.Staff.Mailer.Queue(ctx, c.Locale, c.Email, m(school, round))
}

// correctable are the applicantInfo fields staff may not change through a
// correction: identification numbers are corrected by the applicant.
var uncorrectable = []string{"residentNoLast", "foreignerRegistrationNo", "passportNo"}

// mergeInfo puts the changed fields into the stored information and answers
// the names of those whose value really changed, sorted.
func mergeInfo(stored form.ApplicantInfo, changes map[string]json.RawMessage) (form.ApplicantInfo, []string, error) {
	raw, err := json.Marshal(stored)
	if err != nil {
		return stored, nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return stored, nil, err
	}
	var f apperr.Fields
	var fields []string
	for k, v := range changes {
		old, known := m[k]
		if !known || slices.Contains(uncorrectable, k) {
			f.Add("applicantInfo."+k, CodeFieldUnknown)
			continue
		}
		if jsonEqual(old, v) {
			continue
		}
		m[k] = v
		fields = append(fields, k)
	}
	if err := f.Err(); err != nil {
		return stored, nil, err
	}
	raw, _ = json.Marshal(m)
	var next form.ApplicantInfo
	if err := json.Unmarshal(raw, &next); err != nil {
		var bad apperr.Fields
		bad.Add("changes", CodeFieldUnknown)
		return stored, nil, bad.Err()
	}
	slices.Sort(fields)
	return next, fields, nil
}

func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ax, _ := json.Marshal(x)
	by, _ := json.Marshal(y)
	return string(ax) == string(by)
}

// Review steps a staff member may take.
const (
	ReviewStart    = "start"
	ReviewCorrect  = "correct"
	ReviewComplete = "complete"
)

// ReviewAction is one step of a review.
type ReviewAction struct {
	Action string // ReviewStart, ReviewCorrect or ReviewComplete
	Step   Status // ReviewCorrect: the step the applicant corrects from
	Reason string // ReviewCorrect: what to correct (mailed to the applicant)
}

// Review starts, reopens for correction or completes the review of an
// application (State.StartReview and the others), logged and, for a
// correction and the completion, mailed to the applicant.
func (s *Service) Review(ctx context.Context, p permission.Principal, applNo int64, act ReviewAction) (Record, error) {
	var rec Record
	err := s.lockForm(ctx, applNo, func(ctx context.Context, a *Application, part Part) error {
		h := a.Header()
		if err := checkAccess(p, h.UserID, h.Round.SchoolCode, false); err != nil {
			return err
		}
		if !permission.Can(p, permission.ApplicationReview, h.Round.SchoolCode) {
			return forbidden()
		}
		reason := ""
		switch act.Action {
		case ReviewStart, ReviewComplete:
		case ReviewCorrect:
			var err error
			if reason, err = checkReason(act.Reason); err != nil {
				return err
			}
		default:
			var f apperr.Fields
			f.Add("action", CodeModeUnknown)
			return f.Err()
		}
		r, err := LoadRound(ctx, s.Ref, h.Round)
		if err != nil {
			return err
		}
		now := s.now()
		var mail func(school, round string) mailmsg.Message
		switch act.Action {
		case ReviewStart:
			err = a.StartReview(now)
		case ReviewCorrect:
			// Reopening the form is a change of the application.
			if err := checkStaffChange(p, r); err != nil {
				return err
			}
			err = a.AskCorrection(r.Steps, act.Step, now)
			mail = func(school, round string) mailmsg.Message {
				return mailmsg.ReviewCorrection{School: school, Round: round, Reason: reason}
			}
		case ReviewComplete:
			err = a.CompleteReview(now)
			mail = func(school, round string) mailmsg.Message {
				return mailmsg.ReviewCompleted{School: school, Round: round}
			}
		}
		if err != nil {
			return err
		}
		detail := map[string]any{"action": act.Action}
		if reason != "" {
			detail["reason"], detail["step"] = reason, string(act.Step)
		}
		if err := s.Log.Record(ctx, p.UserID, "application.review", "application:"+itoa(applNo), detail); err != nil {
			return err
		}
		if mail != nil {
			if err := s.notify(ctx, a.UserID(), r, mail); err != nil {
				return err
			}
		}
		o, _ := r.offer(part.ApplPartNo)
		rec = Record{Header: a.Header(), Round: r, Part: part, Offer: o}
		return nil
	})
	if err != nil {
		return Record{}, err
	}
	s.decorate(p, &rec)
	return rec, nil
}
