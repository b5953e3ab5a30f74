package apply

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/applicant"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/privacy"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the application-form use cases.
type Service struct {
	Ref    Reference
	Apps   Applications
	Forms  Forms
	Emails Emails
	Log    AccessLog // nil: admin reads are not logged (tests only)
	Tx     Tx
	Clock  window.Clock
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
	Saved      []application.Status
	Next       application.Status
	Actions    []string
	SubmitOpen bool
}

func exempt(p permission.Principal) bool {
	return permission.Can(p, permission.TimeWindowExempt, "")
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

// access loads an application for p through application.CheckAccess: the
// owner may read and change it, staff the permission table allows may read
// it (logged). Changes through the applicant's form are the owner's only:
// staff who may change applications do so in the back office, so they get
// owner_only here. Anyone else is told it does not exist.
func (s *Service) access(ctx context.Context, p permission.Principal, applNo int64, write bool) (Header, error) {
	if applNo <= 0 {
		return Header{}, apperr.NotFound(CodeNotFound)
	}
	h, err := s.Apps.Get(ctx, applNo)
	if err != nil {
		return Header{}, err
	}
	if err := application.CheckAccess(p, h.UserID, h.Round.SchoolCode, write); err != nil {
		if write && application.CheckAccess(p, h.UserID, h.Round.SchoolCode, false) == nil {
			return Header{}, apperr.Forbidden(CodeOwnerOnly)
		}
		return Header{}, err
	}
	owner := h.UserID != "" && h.UserID == p.UserID
	if write && !owner {
		return Header{}, apperr.Forbidden(CodeOwnerOnly)
	}
	if !owner && s.Log != nil {
		if err := s.Log.Record(ctx, p.UserID, "application.read", "application:"+itoa(applNo), nil); err != nil {
			return Header{}, err
		}
	}
	return h, nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// windows builds the window set of a round.
func windows(r Round) window.Round { return window.NewRound(r.Windows...) }

// checkEdit refuses a change outside the SUBMIT window (unless exempt) and
// to an application that may no longer be modified.
func checkEdit(p permission.Principal, r Round, st application.State, now time.Time) error {
	if err := windows(r).Allow(window.ActEdit, now, exempt(p)); err != nil {
		return err
	}
	return st.CheckModifiable()
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
	out := make([]InfoItem, 0, len(applicant.InfoItemCodes))
	for _, code := range applicant.InfoItemCodes {
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

func requiredItems(items []InfoItem) []string {
	var out []string
	for _, it := range items {
		if it.Required {
			out = append(out, it.ItemCode)
		}
	}
	return out
}

// record builds the view of an application.
func (s *Service) record(ctx context.Context, p permission.Principal, h Header, r *Round) (Record, error) {
	if r == nil {
		rr, err := s.Ref.Round(ctx, h.Round)
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
	if !st.Modifiable() {
		rec.Next = ""
	}
	now := s.now()
	rec.SubmitOpen = windows(rec.Round).Open(window.Submit, now)
	mayEdit := (rec.SubmitOpen || exempt(p)) && st.Modifiable() && rec.UserID == p.UserID
	acts := []string{}
	if mayEdit {
		acts = append(acts, ActEdit)
	}
	acts = append(acts, ActView)
	if mayEdit && st.Reviewing {
		acts = append(acts, ActReview)
	}
	if mayEdit && eff.Cancellable() {
		acts = append(acts, ActCancel)
	}
	if mayEdit && eff == steps.Last() && !eff.Submitted() {
		acts = append(acts, ActSubmit)
	}
	if rec.UserID == p.UserID && (eff == application.Submit || eff == application.VbankIssue) {
		acts = append(acts, ActPay)
	}
	rec.Actions = acts
}

// Get answers the application record.
func (s *Service) Get(ctx context.Context, p permission.Principal, applNo int64) (Record, error) {
	h, err := s.access(ctx, p, applNo, false)
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
			rr, err := s.Ref.Round(ctx, h.Round)
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
func (s *Service) Mode(ctx context.Context, p permission.Principal, applNo int64, requested string) (application.Mode, application.State, error) {
	m, err := application.ParseMode(requested)
	if err != nil {
		return "", application.State{}, err
	}
	h, err := s.access(ctx, p, applNo, false)
	if err != nil {
		return "", application.State{}, err
	}
	if h.UserID != p.UserID {
		// Administrators only look.
		m = application.ModeView
	}
	got, err := application.OpenMode(h.State, m)
	return got, h.State, err
}

// Cancel cancels an application before completion.
func (s *Service) Cancel(ctx context.Context, p permission.Principal, applNo int64) (Record, error) {
	h, err := s.access(ctx, p, applNo, true)
	if err != nil {
		return Record{}, err
	}
	r, err := s.Ref.Round(ctx, h.Round)
	if err != nil {
		return Record{}, err
	}
	now := s.now()
	if err := windows(r).Allow(window.ActEdit, now, exempt(p)); err != nil {
		return Record{}, err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		h, err = s.Apps.Lock(ctx, applNo)
		if err != nil {
			return err
		}
		st, err := r.Steps.Transition(h.State, application.Cancel, application.ByApplicant)
		if err != nil {
			return err
		}
		h.State = st
		return s.Apps.SetState(ctx, applNo, st, now)
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

// ---- steps ----

// stepIn is what a step's validation gets.
type stepIn struct {
	h       Header
	round   Round
	part    Part
	offer   Offer
	rules   school.Rules
	lookups applicant.Lookups
	codes   applicant.CodeChecker
	now     time.Time
}

// prepare loads and checks everything a save needs before validation.
func (s *Service) prepare(ctx context.Context, p permission.Principal, applNo int64, step application.Status) (stepIn, error) {
	h, err := s.access(ctx, p, applNo, true)
	if err != nil {
		return stepIn{}, err
	}
	r, err := s.Ref.Round(ctx, h.Round)
	if err != nil {
		return stepIn{}, err
	}
	now := s.now()
	if err := checkEdit(p, r, h.State, now); err != nil {
		return stepIn{}, err
	}
	if _, err := r.Steps.Save(h.State, step); err != nil {
		return stepIn{}, err
	}
	part, err := s.Apps.Part(ctx, applNo)
	if err != nil {
		return stepIn{}, err
	}
	o, _ := r.offer(part.ApplPartNo)
	lk, codes, err := s.Ref.Lookups(ctx)
	if err != nil {
		return stepIn{}, err
	}
	lk.LanguageExams = map[string]applicant.LanguageExam{}
	for _, e := range r.LanguageExams {
		lk.LanguageExams[e.Code] = e.LanguageExam
	}
	return stepIn{h: h, round: r, part: part, offer: o, rules: rulesFor(r, o), lookups: lk, codes: codes, now: now}, nil
}

// commit saves a validated step: in one transaction it locks the
// application, applies the step order again (another request may have
// changed it), writes the data, records the save and drops the draft.
func (s *Service) commit(ctx context.Context, p permission.Principal, in stepIn, step application.Status, write func(ctx context.Context) error) (Record, error) {
	var h Header
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		h, err = s.Apps.Lock(ctx, in.h.ApplNo)
		if err != nil {
			return err
		}
		if err := h.State.CheckModifiable(); err != nil {
			return err
		}
		st, err := in.round.Steps.Save(h.State, step)
		if err != nil {
			return err
		}
		if err := write(ctx); err != nil {
			return err
		}
		if err := s.Forms.MarkSaved(ctx, h.ApplNo, step, in.now); err != nil {
			return err
		}
		if err := s.Forms.DeleteDraft(ctx, h.ApplNo, step); err != nil {
			return err
		}
		if st != h.State {
			h.State = st
		}
		return s.Apps.SetState(ctx, h.ApplNo, h.State, in.now)
	})
	if err != nil {
		return Record{}, err
	}
	rec := Record{Header: h, Round: in.round, Part: in.part, Offer: in.offer}
	s.decorate(p, &rec)
	return rec, nil
}

// StepView is a step's saved data with the step's draft.
type StepView[T any] struct {
	Record Record
	Data   T
	Draft  *Draft
	Univs  map[string]Univ // names of the universities in acadList
}

// read loads a step for reading: the record and, for the owner, the draft
// when it is newer than the last save.
func (s *Service) read(ctx context.Context, p permission.Principal, applNo int64, step application.Status) (Record, *Draft, error) {
	h, err := s.access(ctx, p, applNo, false)
	if err != nil {
		return Record{}, nil, err
	}
	rec, err := s.record(ctx, p, h, nil)
	if err != nil {
		return Record{}, nil, err
	}
	if h.UserID != p.UserID {
		return rec, nil, nil
	}
	d, ok, err := s.Forms.Draft(ctx, applNo, step)
	if err != nil || !ok {
		return rec, nil, err
	}
	saved, wasSaved, err := s.Forms.SavedAt(ctx, applNo, step)
	if err != nil {
		return rec, nil, err
	}
	if wasSaved && !d.SavedAt.After(saved) {
		return rec, nil, nil
	}
	return rec, &d, nil
}

// Info answers applicantInfo, identification numbers masked.
func (s *Service) Info(ctx context.Context, p permission.Principal, applNo int64) (StepView[applicant.ApplicantInfo], error) {
	rec, d, err := s.read(ctx, p, applNo, application.BasisSave)
	if err != nil {
		return StepView[applicant.ApplicantInfo]{}, err
	}
	a, _, err := s.Forms.Info(ctx, applNo)
	if err != nil {
		return StepView[applicant.ApplicantInfo]{}, err
	}
	return StepView[applicant.ApplicantInfo]{Record: rec, Data: MaskInfo(a, rulesFor(rec.Round, rec.Offer)), Draft: d}, nil
}

// MaskInfo masks the identification numbers of an applicantInfo; the
// school's "none" passport value stays readable.
func MaskInfo(a applicant.ApplicantInfo, r school.Rules) applicant.ApplicantInfo {
	a.ResidentNoLast = maskReg(a.ResidentNoLast)
	a.ForeignerRegistrationNo = maskReg(a.ForeignerRegistrationNo)
	if a.PassportNo != "" && !r.NoPassport(a.PassportNo) {
		a.PassportNo = privacy.MaskPassportNo(a.PassportNo)
	}
	return a
}

func maskReg(s string) string {
	if s == "" {
		return ""
	}
	return privacy.MaskRegistrationNo(s)
}

// unmask puts back a stored number where the client returned its mask.
func unmask(sent, stored string, mask func(string) string) string {
	if stored != "" && strings.Contains(sent, "*") && sent == mask(stored) {
		return stored
	}
	return sent
}

// SaveInfo saves applicantInfo (BASIS_SAVE).
func (s *Service) SaveInfo(ctx context.Context, p permission.Principal, applNo int64, a applicant.ApplicantInfo) (Record, applicant.ApplicantInfo, error) {
	in, err := s.prepare(ctx, p, applNo, application.BasisSave)
	if err != nil {
		return Record{}, a, err
	}
	masked := strings.Contains(a.ResidentNoLast+a.ForeignerRegistrationNo+a.PassportNo, "*")
	var stored applicant.ApplicantInfo
	ok := false
	if masked {
		var err error
		if stored, ok, err = s.Forms.Info(ctx, applNo); err != nil {
			return Record{}, a, err
		}
	}
	if ok {
		a.ResidentNoLast = unmask(a.ResidentNoLast, stored.ResidentNoLast, maskReg)
		a.ForeignerRegistrationNo = unmask(a.ForeignerRegistrationNo, stored.ForeignerRegistrationNo, maskReg)
		a.PassportNo = unmask(a.PassportNo, stored.PassportNo, privacy.MaskPassportNo)
	}
	if a.G20Answers == nil {
		a.G20Answers = []string{}
	}
	err = applicant.ValidateInfo(a, applicant.InfoContext{Rules: in.rules, Lookups: in.lookups, Codes: in.codes,
		Required: requiredItems(in.round.InfoSettings(in.part.ApplPartNo)), Now: in.now})
	if err != nil {
		return Record{}, a, err
	}
	rec, err := s.commit(ctx, p, in, application.BasisSave, func(ctx context.Context) error {
		if err := s.Forms.SaveInfo(ctx, applNo, a); err != nil {
			return err
		}
		return s.Apps.SetApplicantName(ctx, applNo, ApplicantName(a))
	})
	if err != nil {
		return Record{}, a, err
	}
	rec.ApplicantName = ApplicantName(a)
	return rec, MaskInfo(a, in.rules), nil
}

// ApplicantName is the name shown in lists: the Korean name, else the
// given names and surname.
func ApplicantName(a applicant.ApplicantInfo) string {
	if a.KorName != "" {
		return a.KorName
	}
	return strings.Join(strings.Fields(a.FirstName+" "+a.MiddleName+" "+a.LastName), " ")
}

// Academic answers acadList.
func (s *Service) Academic(ctx context.Context, p permission.Principal, applNo int64) (StepView[[]applicant.AcademicRecord], error) {
	rec, d, err := s.read(ctx, p, applNo, application.AcadSave)
	if err != nil {
		return StepView[[]applicant.AcademicRecord]{}, err
	}
	list, err := s.Forms.Academic(ctx, applNo)
	if err != nil {
		return StepView[[]applicant.AcademicRecord]{}, err
	}
	univs := map[string]Univ{}
	for _, a := range list {
		if _, done := univs[a.SchoolCode]; done || a.SchoolCode == school.SchoolOther {
			continue
		}
		u, ok, err := s.Ref.Univ(ctx, a.SchoolCode)
		if err != nil {
			return StepView[[]applicant.AcademicRecord]{}, err
		}
		if ok {
			univs[a.SchoolCode] = u
		}
	}
	return StepView[[]applicant.AcademicRecord]{Record: rec, Data: list, Draft: d, Univs: univs}, nil
}

// SaveAcademic saves acadList (ACAD_SAVE).
func (s *Service) SaveAcademic(ctx context.Context, p permission.Principal, applNo int64, list []applicant.AcademicRecord) (Record, error) {
	in, err := s.prepare(ctx, p, applNo, application.AcadSave)
	if err != nil {
		return Record{}, err
	}
	if err := applicant.ValidateAcademic(list, in.rules, in.lookups, in.now); err != nil {
		return Record{}, err
	}
	return s.commit(ctx, p, in, application.AcadSave, func(ctx context.Context) error {
		return s.Forms.SaveAcademic(ctx, applNo, list)
	})
}

// Languages answers partLanguages.
func (s *Service) Languages(ctx context.Context, p permission.Principal, applNo int64) (StepView[[]applicant.LanguageEntry], error) {
	rec, d, err := s.read(ctx, p, applNo, application.LangSave)
	if err != nil {
		return StepView[[]applicant.LanguageEntry]{}, err
	}
	list, err := s.Forms.Languages(ctx, applNo)
	return StepView[[]applicant.LanguageEntry]{Record: rec, Data: list, Draft: d}, err
}

// SaveLanguages saves partLanguages (LANG_SAVE). Entries without a nodeId
// get one from newID.
func (s *Service) SaveLanguages(ctx context.Context, p permission.Principal, applNo int64, list []applicant.LanguageEntry, newID func() string) (Record, []applicant.LanguageEntry, error) {
	in, err := s.prepare(ctx, p, applNo, application.LangSave)
	if err != nil {
		return Record{}, nil, err
	}
	if err := applicant.ValidateLanguages(list, in.rules, in.lookups, in.now); err != nil {
		return Record{}, nil, err
	}
	seen := map[string]bool{}
	for i := range list {
		id := strings.TrimSpace(list[i].NodeID)
		if id == "" || len(id) > 64 || seen[id] {
			id = newID()
		}
		seen[id] = true
		list[i].NodeID = id
	}
	rec, err := s.commit(ctx, p, in, application.LangSave, func(ctx context.Context) error {
		return s.Forms.SaveLanguages(ctx, applNo, list)
	})
	return rec, list, err
}

// Careers answers careerList.
func (s *Service) Careers(ctx context.Context, p permission.Principal, applNo int64) (StepView[[]applicant.Career], error) {
	rec, d, err := s.read(ctx, p, applNo, application.CareerSave)
	if err != nil {
		return StepView[[]applicant.Career]{}, err
	}
	list, err := s.Forms.Careers(ctx, applNo)
	return StepView[[]applicant.Career]{Record: rec, Data: list, Draft: d}, err
}

// SaveCareers saves careerList (CAREER_SAVE).
func (s *Service) SaveCareers(ctx context.Context, p permission.Principal, applNo int64, list []applicant.Career) (Record, error) {
	in, err := s.prepare(ctx, p, applNo, application.CareerSave)
	if err != nil {
		return Record{}, err
	}
	if err := applicant.ValidateCareers(list, in.rules, in.lookups, in.now); err != nil {
		return Record{}, err
	}
	return s.commit(ctx, p, in, application.CareerSave, func(ctx context.Context) error {
		return s.Forms.SaveCareers(ctx, applNo, list)
	})
}

// AddInfo is the additional-info step's data.
type AddInfo struct {
	Certificates []applicant.Certificate
	Essays       []applicant.Essay
}

// AdditionalInfo answers certificateList and essays.
func (s *Service) AdditionalInfo(ctx context.Context, p permission.Principal, applNo int64) (StepView[AddInfo], error) {
	rec, d, err := s.read(ctx, p, applNo, application.AddInfoSave)
	if err != nil {
		return StepView[AddInfo]{}, err
	}
	certs, essays, err := s.Forms.AddInfo(ctx, applNo)
	return StepView[AddInfo]{Record: rec, Data: AddInfo{certs, essays}, Draft: d}, err
}

// SaveAdditionalInfo saves certificateList and essays (ADD_INFO_SAVE).
func (s *Service) SaveAdditionalInfo(ctx context.Context, p permission.Principal, applNo int64, ai AddInfo) (Record, error) {
	in, err := s.prepare(ctx, p, applNo, application.AddInfoSave)
	if err != nil {
		return Record{}, err
	}
	var f apperr.Fields
	if max := in.part.AddCertificateCount; len(ai.Certificates) > max {
		f.AddParam("certificateList", applicant.CodeTooMany, "max", max)
	}
	for _, e := range []error{applicant.ValidateCertificates(ai.Certificates, in.rules, in.now), applicant.ValidateEssays(ai.Essays, in.rules)} {
		if x, ok := apperr.As(e); ok {
			f = append(f, x.Fields...)
		}
	}
	if err := f.Err(); err != nil {
		return Record{}, err
	}
	return s.commit(ctx, p, in, application.AddInfoSave, func(ctx context.Context) error {
		return s.Forms.SaveAddInfo(ctx, applNo, ai.Certificates, ai.Essays)
	})
}

// SurveyView is the survey step: questions, answers, draft.
type SurveyView struct {
	Record    Record
	Questions []Question
	Data      SurveyData
	Draft     *Draft
}

// Survey answers the survey step.
func (s *Service) Survey(ctx context.Context, p permission.Principal, applNo int64) (SurveyView, error) {
	rec, d, err := s.read(ctx, p, applNo, application.Survey)
	if err != nil {
		return SurveyView{}, err
	}
	data, err := s.Forms.Survey(ctx, applNo, StageSurvey)
	return SurveyView{Record: rec, Questions: rec.Round.Survey, Data: data, Draft: d}, err
}

// SaveSurvey saves the survey (SURVEY).
func (s *Service) SaveSurvey(ctx context.Context, p permission.Principal, applNo int64, d SurveyData) (Record, error) {
	in, err := s.prepare(ctx, p, applNo, application.Survey)
	if err != nil {
		return Record{}, err
	}
	f := validateSurvey(d, in.round.Survey, in.rules)
	if d.ContactCode != "" && d.ContactCode != "01" && d.ContactCode != "02" {
		f.Add("contactCode", applicant.CodeCode)
	}
	if err := f.Err(); err != nil {
		return Record{}, err
	}
	return s.commit(ctx, p, in, application.Survey, func(ctx context.Context) error {
		return s.Forms.SaveSurvey(ctx, applNo, StageSurvey, d)
	})
}

// validateSurvey checks answers against the questions: known questions and
// items, every required question answered, comments within limits. Field
// names are answers[i].x and answers.<questionCode>.
func validateSurvey(d SurveyData, qs []Question, r school.Rules) apperr.Fields {
	var f apperr.Fields
	byCode := map[string]Question{}
	var required []string
	for _, q := range qs {
		byCode[q.Code] = q
		if q.Required {
			required = append(required, q.Code)
		}
	}
	plain := make([]applicant.SurveyAnswer, len(d.Answers))
	for i, a := range d.Answers {
		plain[i] = a.SurveyAnswer
		q, ok := byCode[a.QuestionCode]
		if !ok {
			f.Add("answers["+itoa(int64(i))+"].questionCode", applicant.CodeCode)
			continue
		}
		if a.ItemCode != "" && len(q.Items) > 0 && !slices.ContainsFunc(q.Items, func(it Item) bool { return it.Code.Code == a.ItemCode }) {
			f.Add("answers["+itoa(int64(i))+"].itemCode", applicant.CodeCode)
		}
	}
	if e, ok := apperr.As(applicant.ValidateSurvey(plain, required, r)); ok {
		f = append(f, e.Fields...)
	}
	return f
}

// ---- drafts ----

// MaxDraft is the largest draft kept, in bytes.
const MaxDraft = 256 << 10

// DraftSteps are the steps that keep drafts.
var DraftSteps = []application.Status{application.PartSave, application.BasisSave, application.AcadSave,
	application.LangSave, application.CareerSave, application.AddInfoSave, application.Survey}

func draftStep(step string) (application.Status, error) {
	st := application.Status(step)
	if !slices.Contains(DraftSteps, st) {
		return "", apperr.Invalid(application.CodeStepNotInList).With("step", step)
	}
	return st, nil
}

// isObject reports whether b is one JSON object.
func isObject(b []byte) bool {
	t := strings.TrimSpace(string(b))
	return strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") && jsonValid(b)
}

// PutDraft keeps what the applicant typed in a step.
func (s *Service) PutDraft(ctx context.Context, p permission.Principal, applNo int64, step string, data []byte) (time.Time, error) {
	st, err := draftStep(step)
	if err != nil {
		return time.Time{}, err
	}
	if len(data) > MaxDraft {
		return time.Time{}, apperr.Invalid(CodeDraftTooLarge).With("max", MaxDraft)
	}
	if !isObject(data) {
		return time.Time{}, apperr.Invalid(CodeDraftNotObject)
	}
	h, err := s.access(ctx, p, applNo, true)
	if err != nil {
		return time.Time{}, err
	}
	r, err := s.Ref.Round(ctx, h.Round)
	if err != nil {
		return time.Time{}, err
	}
	now := s.now()
	if err := checkEdit(p, r, h.State, now); err != nil {
		return time.Time{}, err
	}
	return now, s.Forms.PutDraft(ctx, applNo, st, data, now)
}

// GetDraft answers a step's draft (ok false when there is none).
func (s *Service) GetDraft(ctx context.Context, p permission.Principal, applNo int64, step string) (Draft, bool, error) {
	st, err := draftStep(step)
	if err != nil {
		return Draft{}, false, err
	}
	if _, err := s.access(ctx, p, applNo, true); err != nil {
		return Draft{}, false, err
	}
	return s.Forms.Draft(ctx, applNo, st)
}

// DeleteDraft drops a step's draft.
func (s *Service) DeleteDraft(ctx context.Context, p permission.Principal, applNo int64, step string) error {
	st, err := draftStep(step)
	if err != nil {
		return err
	}
	if _, err := s.access(ctx, p, applNo, true); err != nil {
		return err
	}
	return s.Forms.DeleteDraft(ctx, applNo, st)
}
