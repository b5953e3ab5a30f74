package application

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the application-form use cases.
type Service struct {
	Ref    Reference
	Apps   Applications
	Forms  Forms
	Emails Emails
	Log    port.AuditLog // nil: admin reads are not logged (tests only)
	Tx     port.Tx
	Clock  window.Clock
	// Staff is the back office's stores (service_staff.go).
	Staff Staff
	// Assigned says which applications a reviewer is assigned
	// (AssignedRead); nil: reviewers read nothing.
	Assigned Assigned
}

// Actions a list entry or record may offer (spec section 2 /list).
const (
	ActEdit   = "edit"
	ActView   = "view"
	ActReview = "review"
	ActCancel = "cancel"
	ActSubmit = "submit"
	ActPay    = "pay"
)

// Record is an application as the client keeps it (spec section 3
// "Application record"), with what its status allows now.
type Record struct {
	Header
	Round      Round
	Part       Part
	Offer      Offer
	Saved      []Status
	Next       Status
	Actions    []string
	SubmitOpen bool
	// SubmitDeadline is the end of the round's SUBMIT window (zero when the
	// round has none), shown with the fee in the applicant's list.
	SubmitDeadline time.Time
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

// guard is the one access guard (guard.go) over this service's stores.
func (s *Service) guard() Guard { return Guard{Apps: s.Apps, Log: s.Log} }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// windows builds the window set of a round.
func windows(r Round) window.Round { return window.NewRound(r.Windows...) }

// checkEdit refuses a change of the form outside the SUBMIT window (unless
// exempt) and to an application that may no longer be edited (submitted,
// completed or cancelled). The same rule runs again under the row lock.
func (s *Service) checkEdit(p permission.Principal, r Round, st State, now time.Time) error {
	if err := s.guard().Allow(p, r, window.ActEdit, now); err != nil {
		return err
	}
	return st.CheckEditable()
}

// offer finds the offer of a part number.
func (r Round) offer(no int64) (Offer, bool) {
	i := slices.IndexFunc(r.Parts, func(o Offer) bool { return o.ApplPartNo == no })
	if i < 0 {
		return Offer{}, false
	}
	return r.Parts[i], true
}

// rulesFor is the round's rules with the part's video essay rule.
func rulesFor(r Round, o Offer) school.Rules {
	rules := r.Rules
	if o.VideoEssay && rules.VideoEssay == nil {
		rules.VideoEssay = school.DefaultVideoEssay()
	}
	return rules
}

// InfoSettings resolves the info items of a part: part settings over
// round-wide ones over the default (shown, not required).
func (r Round) InfoSettings(applPartNo int64) []InfoItem {
	out := make([]InfoItem, 0, len(form.InfoItemCodes))
	for _, code := range form.InfoItemCodes {
		it := InfoItem{ApplPartNo: applPartNo, ItemCode: code, Display: true}
		for _, want := range []int64{0, applPartNo} {
			for _, x := range r.InfoItems {
				if x.ItemCode == code && x.ApplPartNo == want {
					it.Display, it.Required = x.Display, x.Required && x.Display
				}
			}
			if applPartNo == 0 {
				break
			}
		}
		out = append(out, it)
	}
	return out
}

func itemSettings(items []InfoItem) map[string]form.ItemSetting {
	out := make(map[string]form.ItemSetting, len(items))
	for _, it := range items {
		out[it.ItemCode] = form.ItemSetting{Display: it.Display, Required: it.Required}
	}
	return out
}

// InfoSections are the groups of applicantInfo shown on the application's
// basic-info step, for each origin of the nationality the applicant may
// choose (the client picks the set by the nationality in the form).
func (r Record) InfoSections() map[form.Origin]form.SectionSet {
	rules := rulesFor(r.Round, r.Offer)
	settings := itemSettings(r.Round.InfoSettings(r.Part.ApplPartNo))
	out := make(map[form.Origin]form.SectionSet, len(form.Origins))
	for _, o := range form.Origins {
		out[o] = form.Sections(o, rules, settings)
	}
	return out
}

// record builds the view of an application.
func (s *Service) record(ctx context.Context, p permission.Principal, h Header, r *Round) (Record, error) {
	if r == nil {
		rr, err := LoadRound(ctx, s.Ref, h.Round)
		if err != nil {
			return Record{}, err
		}
		r = &rr
	}
	part, err := s.Apps.Part(ctx, h.ApplNo)
	if err != nil {
		return Record{}, err
	}
	o, _ := r.offer(part.ApplPartNo)
	rec := Record{Header: h, Round: *r, Part: part, Offer: o}
	s.decorate(p, &rec)
	return rec, nil
}

// decorate adds saved steps, next step and actions.
func (s *Service) decorate(p permission.Principal, rec *Record) {
	st := rec.State
	eff := st.Effective()
	steps := rec.Round.Steps
	rec.Saved = steps.Saved(eff)
	rec.Next = steps.Next(eff)
	if !st.Editable() {
		rec.Next = ""
	}
	now := s.now()
	ws := windows(rec.Round)
	rec.SubmitOpen = ws.Open(window.Submit, now)
	rec.SubmitDeadline = ws[window.Submit].End
	mayChange := (rec.SubmitOpen || Exempt(p)) && st.Modifiable() && rec.UserID == p.UserID
	mayEdit := mayChange && st.Editable()
	acts := []string{}
	if mayEdit {
		acts = append(acts, ActEdit)
	}
	acts = append(acts, ActView)
	if mayEdit && st.Reviewing {
		acts = append(acts, ActReview)
	}
	if mayChange && eff.Cancellable() {
		acts = append(acts, ActCancel)
	}
	if mayEdit && eff == steps.Last() && !eff.Submitted() {
		acts = append(acts, ActSubmit)
	}
	if rec.UserID == p.UserID && (eff == Submit || eff == VbankIssue) {
		acts = append(acts, ActPay)
	}
	rec.Actions = acts
}

// Get answers the application record.
func (s *Service) Get(ctx context.Context, p permission.Principal, applNo int64) (Record, error) {
	h, err := s.guard().Read(ctx, p, applNo)
	if err != nil {
		return Record{}, err
	}
	return s.record(ctx, p, h, nil)
}

// List answers the caller's applications, newest first.
func (s *Service) List(ctx context.Context, p permission.Principal) ([]Record, error) {
	hs, err := s.Apps.ListByUser(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	rounds := map[RoundKey]*Round{}
	out := make([]Record, 0, len(hs))
	for _, h := range hs {
		r, ok := rounds[h.Round]
		if !ok {
			rr, err := LoadRound(ctx, s.Ref, h.Round)
			if err != nil {
				return nil, err
			}
			r = &rr
			rounds[h.Round] = r
		}
		rec, err := s.record(ctx, p, h, r)
		if err != nil {
			return nil, err
		}
		out = append(out, rec)
	}
	return out, nil
}

// Mode decides how /appl/redirect/to/{type} opens an application.
func (s *Service) Mode(ctx context.Context, p permission.Principal, applNo int64, requested string) (Mode, State, error) {
	m, err := ParseMode(requested)
	if err != nil {
		return "", State{}, err
	}
	h, err := s.guard().Read(ctx, p, applNo)
	if err != nil {
		return "", State{}, err
	}
	if h.UserID != p.UserID {
		// Administrators only look.
		m = ModeView
	}
	got, err := OpenMode(h.State, m)
	return got, h.State, err
}

// Cancel cancels an application before completion.
func (s *Service) Cancel(ctx context.Context, p permission.Principal, applNo int64) (Record, error) {
	h, err := s.guard().Change(ctx, p, applNo)
	if err != nil {
		return Record{}, err
	}
	r, err := LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return Record{}, err
	}
	now := s.now()
	if err := s.guard().Allow(p, r, window.ActEdit, now); err != nil {
		return Record{}, err
	}
	err = s.Apps.Update(ctx, applNo, func(_ context.Context, a *Application) error {
		if err := a.Cancel(r.Steps, ByApplicant, now); err != nil {
			return err
		}
		h = a.Header()
		return nil
	})
	if err != nil {
		return Record{}, err
	}
	return s.record(ctx, p, h, &r)
}

// PayInfo answers the round of an application and its fees.
func (s *Service) PayInfo(ctx context.Context, p permission.Principal, applNo int64) (Record, error) {
	return s.Get(ctx, p, applNo)
}

// Email answers the caller's e-mail address.
func (s *Service) Email(ctx context.Context, p permission.Principal) (string, error) {
	return s.Emails.Email(ctx, p.UserID)
}
