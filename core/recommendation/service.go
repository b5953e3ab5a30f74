package recommendation

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/mailmsg"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// FileItem is the rule of the letter file: the documents' rules (spec
// section 5 files) with the formats a letter comes in.
var FileItem = document.Item{Code: "recommend_letter", Extensions: []string{"pdf", "doc", "docx", "hwp", "jpg", "png"}}

// Service is the recommendation use cases: the applicant's requests, the
// recommender's pages by key, the staff's letters and templates, reminders.
type Service struct {
	Apps      application.Applications
	Rounds    Rounds
	Store     Store
	Profiles  Profiles
	Templates Templates
	Contacts  Contacts
	Mailer    Mailer
	Files     FileStore
	Printer   Printer   // nil: no PDF is rendered
	Log       AccessLog // nil: staff reads are not logged (tests only)
	Tx        application.Tx
	Clock     window.Clock
	// KeyURL makes the recommender's link from a key (PUBLIC_URL +
	// /recommend/{key}).
	KeyURL func(key string) string
	// Rand is the key source; nil is crypto/rand.
	Rand io.Reader
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) guard() application.Guard { return application.Guard{Apps: s.Apps} }

// ---- the applicant ----

// ApplicantView is a request as its applicant sees it: never the letter.
type ApplicantView struct {
	No            int64
	Request       Request
	Locale        string
	Status        Status
	CreatedAt     time.Time
	MailSentAt    *time.Time
	MailRefusedAt *time.Time
	MailError     string
	SubmittedAt   *time.Time
	Cancellable   bool // status 00010
	EmailEditable bool // not opened yet
}

// List is the applicant's request page.
type List struct {
	ApplNo      int64
	Letters     int   // how many letters the round asks for
	CanRequest  bool  // the window is open and fewer letters are requested than asked for
	WindowOpen  bool  // RECOMMEND_REQUEST is open: requests can be resent, corrected, cancelled
	WindowError error // why the window is not open
	Deadline    time.Time
	Requests    []ApplicantView
}

func applicantView(r Req) ApplicantView {
	return ApplicantView{No: r.No, Request: r.Request, Locale: r.Locale, Status: r.Status, CreatedAt: r.CreatedAt,
		MailSentAt: r.MailSentAt, MailRefusedAt: r.MailRefusedAt, MailError: r.MailError, SubmittedAt: r.SubmittedAt,
		Cancellable: r.Status == Sent, EmailEditable: r.Status == Sent}
}

// Requests answers the applicant's requests of an application.
func (s *Service) Requests(ctx context.Context, p permission.Principal, applNo int64) (List, error) {
	h, err := s.guard().Change(ctx, p, applNo)
	if err != nil {
		return List{}, err
	}
	rd, err := s.Rounds.Round(ctx, h.Round)
	if err != nil {
		return List{}, err
	}
	t, err := s.template(ctx, h.Round)
	if err != nil {
		return List{}, err
	}
	list, err := s.Store.ForApplication(ctx, applNo)
	if err != nil {
		return List{}, err
	}
	out := List{ApplNo: applNo, Letters: t.Letters}
	out.WindowError = s.guard().Allow(p, rd, window.ActRequestRecommend, s.now())
	out.WindowOpen = out.WindowError == nil
	out.CanRequest = out.WindowOpen && len(list) < t.Letters
	if w, ok := window.NewRound(rd.Windows...)[window.Recommend]; ok {
		out.Deadline = w.End
	}
	for _, r := range list {
		out.Requests = append(out.Requests, applicantView(r))
	}
	return out, nil
}

// requestable loads an application whose owner may send, resend, correct
// or cancel requests now: inside RECOMMEND_REQUEST and not cancelled.
func (s *Service) requestable(ctx context.Context, p permission.Principal, applNo int64) (application.Header, application.Round, error) {
	h, err := s.guard().Change(ctx, p, applNo)
	if err != nil {
		return h, application.Round{}, err
	}
	if h.State.Effective() == application.Cancel {
		return h, application.Round{}, apperr.Conflict(application.CodeNotModifiable)
	}
	rd, err := s.Rounds.Round(ctx, h.Round)
	if err != nil {
		return h, rd, err
	}
	return h, rd, s.guard().Allow(p, rd, window.ActRequestRecommend, s.now())
}

// Create sends a request to a recommender: at most as many as the round
// asks for, one per e-mail address.
func (s *Service) Create(ctx context.Context, p permission.Principal, applNo int64, in Request, locale string) (ApplicantView, error) {
	in, err := in.Validate()
	if err != nil {
		return ApplicantView{}, err
	}
	if locale != "ko" && locale != "en" {
		return ApplicantView{}, apperr.Fields{{Field: "locale", Code: CodeChoice}}.Err()
	}
	h, rd, err := s.requestable(ctx, p, applNo)
	if err != nil {
		return ApplicantView{}, err
	}
	t, err := s.template(ctx, h.Round)
	if err != nil {
		return ApplicantView{}, err
	}
	var out Req
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		// The application row lock serializes the applicant's requests.
		return s.Apps.Update(ctx, applNo, func(ctx context.Context, _ *application.Application) error {
			list, err := s.Store.ForApplication(ctx, applNo)
			if err != nil {
				return err
			}
			if len(list) >= t.Letters {
				return apperr.Conflict(CodeEnough).With("letters", t.Letters)
			}
			if slices.ContainsFunc(list, func(r Req) bool { return r.Request.Email == in.Email }) {
				return apperr.Fields{{Field: "email", Code: CodeDuplicate}}.Err()
			}
			name := h.ApplicantName
			if name == "" {
				name = h.UserID // the basic info is not saved yet
			}
			out, err = s.Store.Create(ctx, Req{ApplNo: applNo, Round: h.Round, ApplicantUserID: h.UserID,
				ApplicantName: name, Exempt: application.Exempt(p), Request: in, Locale: locale,
				Status: Sent, CreatedAt: s.now()})
			if err != nil {
				return err
			}
			return s.Store.Update(ctx, out.No, func(ctx context.Context, x *Req) error {
				if err := s.mailKey(ctx, x, rd, false, true); err != nil {
					return err
				}
				out = *x
				return nil
			})
		})
	})
	return applicantView(out), err
}

// mailKey gives the request a new key (the caller writes r) and queues the
// mail carrying it. Earlier keys stay alive unless fresh is set.
func (s *Service) mailKey(ctx context.Context, r *Req, rd application.Round, reminder, fresh bool) error {
	key, hash, err := NewKey(s.Rand)
	if err != nil {
		return err
	}
	if fresh {
		r.KeyHashes = nil
	}
	r.KeyHashes = append(slices.Clone(r.KeyHashes), hash)
	school, round := rd.SchoolKorName, rd.KorName
	if r.Locale == "en" {
		school, round = rd.SchoolEngName, rd.EngName
	}
	deadline := ""
	if w, ok := window.NewRound(rd.Windows...)[window.Recommend]; ok {
		deadline = w.End.In(window.Seoul).Format("2006-01-02 15:04")
	}
	return s.Mailer.Queue(ctx, r.Locale, r.Request.Email, mailmsg.RecommendRequest{
		RequestNo: r.No, RecommenderName: r.Request.ProfName, ApplicantName: r.ApplicantName, School: school, Round: round,
		Deadline: deadline, Link: mailmsg.Secret(s.KeyURL(key)), Reminder: reminder})
}

// change runs fn on one request of the applicant's application under its
// row lock, inside the RECOMMEND_REQUEST window.
func (s *Service) change(ctx context.Context, p permission.Principal, applNo, no int64, fn func(ctx context.Context, r *Req, rd application.Round) error) (ApplicantView, error) {
	_, rd, err := s.requestable(ctx, p, applNo)
	if err != nil {
		return ApplicantView{}, err
	}
	var out Req
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Store.Update(ctx, no, func(ctx context.Context, r *Req) error {
			if r.ApplNo != applNo || r.Cancelled {
				return apperr.NotFound(CodeNoRequest)
			}
			if err := fn(ctx, r, rd); err != nil {
				return err
			}
			out = *r
			return nil
		})
	})
	return applicantView(out), err
}

// Resend mails the request again with a new key; earlier links keep
// working. A completed letter needs no reminder.
func (s *Service) Resend(ctx context.Context, p permission.Principal, applNo, no int64) (ApplicantView, error) {
	return s.change(ctx, p, applNo, no, func(ctx context.Context, r *Req, rd application.Round) error {
		if r.Status == Completed {
			return apperr.Conflict(CodeCompleted)
		}
		r.MailSentAt, r.MailRefusedAt, r.MailError = nil, nil, ""
		return s.mailKey(ctx, r, rd, false, false)
	})
}

// ChangeEmail corrects the address of a request nobody has opened yet: the
// old link dies and the new address gets a new one.
func (s *Service) ChangeEmail(ctx context.Context, p permission.Principal, applNo, no int64, email string) (ApplicantView, error) {
	e, ok := account.NormalizeEmail(email)
	if !ok {
		return ApplicantView{}, apperr.Fields{{Field: "email", Code: account.CodeEmailFormat}}.Err()
	}
	return s.change(ctx, p, applNo, no, func(ctx context.Context, r *Req, rd application.Round) error {
		if r.Status != Sent {
			if r.Status == Completed {
				return apperr.Conflict(CodeCompleted)
			}
			return apperr.Forbidden(CodeOpenedNoEdit)
		}
		list, err := s.Store.ForApplication(ctx, applNo)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(list, func(o Req) bool { return o.No != r.No && o.Request.Email == e }) {
			return apperr.Fields{{Field: "email", Code: CodeDuplicate}}.Err()
		}
		r.Request.Email = e
		r.MailSentAt, r.MailRefusedAt, r.MailError = nil, nil, ""
		return s.mailKey(ctx, r, rd, false, true)
	})
}

// Cancel withdraws a request: the applicant only in 00010 (spec section 4);
// its links die with it.
func (s *Service) Cancel(ctx context.Context, p permission.Principal, applNo, no int64) error {
	_, err := s.change(ctx, p, applNo, no, func(_ context.Context, r *Req, _ application.Round) error {
		if err := CheckCancel(r.Status, ByApplicant); err != nil {
			return err
		}
		r.Cancelled, r.KeyHashes = true, nil
		return nil
	})
	return err
}

// MaxCancelReason bounds the reason support gives for a cancellation.
const MaxCancelReason = 500

// CancelBySupport withdraws a request that is past the applicant's own
// cancel (opened or being written; spec section 4 "via support"): service
// support only, with a reason. Its links die at once; the applicant and
// the recommender are mailed, each in their language, and the
// cancellation is audited with the reason and the status it ended.
func (s *Service) CancelBySupport(ctx context.Context, p permission.Principal, no int64, reason string) (Req, error) {
	if !permission.Can(p, permission.RecommendCancel, "") {
		return Req{}, apperr.NotFound(CodeNoRequest)
	}
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return Req{}, apperr.Fields{{Field: "reason", Code: CodeRequired}}.Err()
	case n > MaxCancelReason:
		var f apperr.Fields
		f.AddParam("reason", CodeTooLong, "max", MaxCancelReason)
		return Req{}, f.Err()
	}
	r, err := s.Store.Get(ctx, no)
	if err != nil || r.Cancelled {
		return Req{}, apperr.NotFound(CodeNoRequest)
	}
	rd, err := s.Rounds.Round(ctx, r.Round)
	if err != nil {
		return Req{}, err
	}
	applicant, err := s.Contacts.Contact(ctx, r.ApplicantUserID)
	if err != nil {
		return Req{}, err
	}
	names := func(locale string) (school, round string) {
		if locale == "en" {
			return rd.SchoolEngName, rd.EngName
		}
		return rd.SchoolKorName, rd.KorName
	}
	var out Req
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Store.Update(ctx, no, func(ctx context.Context, x *Req) error {
			if x.Cancelled {
				return apperr.NotFound(CodeNoRequest)
			}
			if err := CheckCancel(x.Status, BySupport); err != nil {
				return err
			}
			x.Cancelled, x.KeyHashes = true, nil
			msg := mailmsg.RecommendCancelled{RecommenderName: x.Request.ProfName, ApplicantName: x.ApplicantName, Reason: reason}
			msg.School, msg.Round = names(applicant.Locale)
			if applicant.Email != "" {
				if err := s.Mailer.Queue(ctx, applicant.Locale, applicant.Email, msg); err != nil {
					return err
				}
			}
			msg.ToRecommender = true
			msg.School, msg.Round = names(x.Locale)
			if err := s.Mailer.Queue(ctx, x.Locale, x.Request.Email, msg); err != nil {
				return err
			}
			if s.Log != nil {
				if err := s.Log.Record(ctx, p.UserID, "recommend.cancel", "recommendation:"+strconv.FormatInt(no, 10),
					map[string]any{"applNo": x.ApplNo, "status": string(x.Status), "reason": reason}); err != nil {
					return err
				}
			}
			out = *x
			return nil
		})
	})
	return out, err
}

// ---- the recommender ----

// Entry is one request on the recommender's page.
type Entry struct {
	No                           int64
	ApplicantName                string
	SchoolKorName, SchoolEngName string
	RoundKorName, RoundEngName   string
	Deadline                     time.Time
	Status                       Status
	Writable                     bool  // inside the RECOMMEND window and not completed
	Closed                       error // why not writable, when the window is the reason
}

// Overview is /recommend/{key}: every request to the key's address.
type Overview struct {
	Current int64 // the request the key was sent for
	Email   string
	Profile Profile
	Entries []Entry
}

// byKey resolves a key to its live request and checks its deadline: a key
// of a cancelled request, or a key replaced by a correction, does not
// exist; after the RECOMMEND window it is refused.
func (s *Service) byKey(ctx context.Context, key string) (Req, application.Round, error) {
	if err := ParseKey(key); err != nil {
		return Req{}, application.Round{}, apperr.NotFound(CodeNoRequest)
	}
	r, err := s.Store.ByKey(ctx, HashKey(key))
	if err != nil || r.Cancelled {
		return Req{}, application.Round{}, apperr.NotFound(CodeNoRequest)
	}
	rd, err := s.Rounds.Round(ctx, r.Round)
	if err != nil {
		return Req{}, rd, err
	}
	if err := CheckDeadline(window.NewRound(rd.Windows...), s.now(), r.Exempt); err != nil {
		return Req{}, rd, err
	}
	return r, rd, nil
}

// Overview answers the recommender's page.
func (s *Service) Overview(ctx context.Context, key string) (Overview, error) {
	r, _, err := s.byKey(ctx, key)
	if err != nil {
		return Overview{}, err
	}
	list, err := s.Store.ForEmail(ctx, r.Request.Email)
	if err != nil {
		return Overview{}, err
	}
	out := Overview{Current: r.No, Email: r.Request.Email}
	out.Profile, err = s.profile(ctx, r)
	if err != nil {
		return Overview{}, err
	}
	rounds := map[application.RoundKey]application.Round{}
	for _, x := range list {
		rd, ok := rounds[x.Round]
		if !ok {
			if rd, err = s.Rounds.Round(ctx, x.Round); err != nil {
				return Overview{}, err
			}
			rounds[x.Round] = rd
		}
		wr := window.NewRound(rd.Windows...)
		e := Entry{No: x.No, ApplicantName: x.ApplicantName, SchoolKorName: rd.SchoolKorName, SchoolEngName: rd.SchoolEngName,
			RoundKorName: rd.KorName, RoundEngName: rd.EngName, Deadline: wr[window.Recommend].End, Status: x.Status}
		e.Closed = CheckDeadline(wr, s.now(), x.Exempt)
		if e.Closed != nil && x.Status != Completed {
			continue // a request whose window has closed is not open any more
		}
		e.Writable = e.Closed == nil && x.Status != Completed
		out.Entries = append(out.Entries, e)
	}
	return out, nil
}

// profile is the recommender's saved details, else what the applicant
// typed in the request.
func (s *Service) profile(ctx context.Context, r Req) (Profile, error) {
	p, ok, err := s.Profiles.Profile(ctx, r.Request.Email)
	if err != nil || ok {
		return p, err
	}
	return Profile{Email: r.Request.Email, Name: r.Request.ProfName, Institution: r.Request.Institution,
		Position: r.Request.Position, Phone: r.Request.Phone}, nil
}

// Form is /recommend/form/{key}: one letter with its template.
type Form struct {
	Req      Req
	Round    application.Round
	Template Template
	Profile  Profile
	FileItem document.Item
}

// target resolves the key and a request of the same address (no 0: the
// key's own). Another address's request does not exist for this key.
func (s *Service) target(ctx context.Context, key string, no int64) (Req, application.Round, error) {
	r, rd, err := s.byKey(ctx, key)
	if err != nil {
		return r, rd, err
	}
	if no == 0 || no == r.No {
		return r, rd, nil
	}
	o, err := s.Store.Get(ctx, no)
	if err != nil || o.Cancelled || o.Request.Email != r.Request.Email {
		return Req{}, rd, apperr.NotFound(CodeNoRequest)
	}
	if rd, err = s.Rounds.Round(ctx, o.Round); err != nil {
		return Req{}, rd, err
	}
	if err := CheckDeadline(window.NewRound(rd.Windows...), s.now(), o.Exempt); err != nil {
		return Req{}, rd, err
	}
	return o, rd, nil
}

// Open shows a letter's form; opening a sent request makes it 00020 and
// fixes the template version it is written on.
func (s *Service) Open(ctx context.Context, key string, no int64) (Form, error) {
	r, rd, err := s.target(ctx, key, no)
	if err != nil {
		return Form{}, err
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Store.Update(ctx, r.No, func(ctx context.Context, x *Req) error {
			if x.Status == Sent {
				x.Status = OnOpen(x.Status)
				at := s.now()
				x.OpenedAt = &at
			}
			if x.TemplateVersion == 0 && x.Status != Completed {
				t, err := s.template(ctx, x.Round)
				if err != nil {
					return err
				}
				x.TemplateVersion = t.Version
			}
			r = *x
			return nil
		})
	})
	if err != nil {
		return Form{}, err
	}
	return s.form(ctx, r, rd)
}

func (s *Service) form(ctx context.Context, r Req, rd application.Round) (Form, error) {
	t, err := s.templateOf(ctx, r)
	if err != nil {
		return Form{}, err
	}
	f := Form{Req: r, Round: rd, Template: t, FileItem: FileItem}
	if r.Profile.Email != "" {
		f.Profile = r.Profile
	} else if f.Profile, err = s.profile(ctx, r); err != nil {
		return Form{}, err
	}
	return f, nil
}

// Draft is what the recommender sends: the letter and their own details.
type Draft struct {
	Letter  Letter
	Profile Profile
}

func (p Profile) validate(email string) (Profile, error) {
	r, err := Request{ProfName: p.Name, Email: email, Phone: p.Phone, Institution: p.Institution, Position: p.Position}.Validate()
	if err != nil {
		var out apperr.Fields
		if e, ok := apperr.As(err); ok {
			for _, fe := range e.Fields {
				if fe.Field == "profName" {
					fe.Field = "name"
				}
				fe.Field = "profile." + fe.Field
				out = append(out, fe)
			}
		}
		return p, out.Err()
	}
	return Profile{Email: r.Email, Name: r.ProfName, Institution: r.Institution, Position: r.Position, Phone: r.Phone}, nil
}

// Save stores a draft (00030) or submits the letter (00040): a draft checks
// formats only, a submission every question, the signature, the
// recommender's details and the file when the template asks for one. After
// submission nothing changes any more.
func (s *Service) Save(ctx context.Context, key string, no int64, d Draft, submit bool) (Form, error) {
	r, rd, err := s.target(ctx, key, no)
	if err != nil {
		return Form{}, err
	}
	if r.Status == Completed {
		return Form{}, apperr.Conflict(CodeCompleted)
	}
	t, err := s.templateOf(ctx, r)
	if err != nil {
		return Form{}, err
	}
	var fields apperr.Fields
	collect := func(err error) error {
		if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
			fields = append(fields, e.Fields...)
			return nil
		}
		return err
	}
	d.Letter.Answers = trimAnswers(d.Letter.Answers)
	if err := collect(d.Letter.Validate(t.Questions, submit)); err != nil {
		return Form{}, err
	}
	prof, err := d.Profile.validate(r.Request.Email)
	if submit || (d.Profile.Name != "" || d.Profile.Institution != "" || d.Profile.Position != "" || d.Profile.Phone != "") {
		if err := collect(err); err != nil {
			return Form{}, err
		}
	}
	if submit && t.FileRequired && r.FileStored == "" {
		fields.Add("file", CodeRequired)
	}
	if len(fields) > 0 {
		return Form{}, &apperr.Error{Kind: apperr.KindInvalid, Code: CodeCheckInput, Fields: fields}
	}
	now := s.now()
	var pdf []byte
	if submit && s.Printer != nil {
		lang := r.Locale
		school, round := rd.SchoolKorName, rd.KorName
		if lang == "en" {
			school, round = rd.SchoolEngName, rd.EngName
		}
		if pdf, err = s.Printer.Letter(ctx, LetterDoc{Lang: lang, SchoolName: school, RoundName: round,
			ApplicantName: r.ApplicantName, Profile: prof, Questions: t.Questions, Letter: d.Letter,
			SubmittedAt: now, FileName: r.FileName}); err != nil {
			return Form{}, err
		}
	}
	var pdfName string
	if pdf != nil {
		if pdfName, _, err = s.Files.Put(ctx, bytes.NewReader(pdf), int64(len(pdf))+1); err != nil {
			return Form{}, err
		}
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Store.Update(ctx, r.No, func(ctx context.Context, x *Req) error {
			if x.Cancelled {
				return apperr.NotFound(CodeNoRequest)
			}
			var err error
			if submit {
				x.Status, err = OnSubmit(x.Status)
			} else {
				x.Status, err = OnSave(x.Status)
			}
			if err != nil {
				return err
			}
			x.Letter = d.Letter
			x.Profile = prof
			x.SavedAt = &now
			if submit {
				x.SubmittedAt = &now
				x.PDFStored = pdfName
			}
			if prof.Name != "" {
				if err := s.Profiles.PutProfile(ctx, prof); err != nil {
					return err
				}
			}
			r = *x
			if !submit {
				return nil
			}
			c, err := s.Contacts.Contact(ctx, x.ApplicantUserID)
			if err != nil || c.Email == "" {
				return err
			}
			school, round := rd.SchoolKorName, rd.KorName
			if c.Locale == "en" {
				school, round = rd.SchoolEngName, rd.EngName
			}
			return s.Mailer.Queue(ctx, c.Locale, c.Email, mailmsg.RecommendCompleted{RecommenderName: prof.Name, School: school, Round: round})
		})
	})
	if err != nil {
		if pdfName != "" {
			_ = s.Files.Delete(context.WithoutCancel(ctx), pdfName)
		}
		return Form{}, err
	}
	return s.form(ctx, r, rd)
}

func trimAnswers(m map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		v = strings.ReplaceAll(v, "\r\n", "\n") // paragraphs kept, one line ending
		if strings.TrimSpace(v) != "" {
			out[k] = v
		}
	}
	return out
}

// Upload stores the letter file of a request not yet submitted, replacing
// an earlier one; the file rules are the documents' (FileItem). body is
// streamed to the file store, which enforces the size limit.
func (s *Service) Upload(ctx context.Context, key string, no int64, fileName string, body io.Reader) (Form, error) {
	r, rd, err := s.target(ctx, key, no)
	if err != nil {
		return Form{}, err
	}
	if r.Status == Completed {
		return Form{}, apperr.Conflict(CodeCompleted)
	}
	st, err := document.PutChecked(ctx, s.Files, FileItem, fileName, body, CodeCheckInput)
	if err != nil {
		return Form{}, err
	}
	name, size := st.Stored, st.Size
	fileName = st.Name
	var old string
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Store.Update(ctx, r.No, func(_ context.Context, x *Req) error {
			if x.Status == Completed || x.Cancelled {
				return apperr.Conflict(CodeCompleted)
			}
			old = x.FileStored
			x.FileName, x.FileStored, x.FileSize = fileName, name, size
			x.Status, _ = OnSave(x.Status)
			r = *x
			return nil
		})
	})
	if err != nil {
		_ = s.Files.Delete(context.WithoutCancel(ctx), name)
		return Form{}, err
	}
	if old != "" {
		_ = s.Files.Delete(context.WithoutCancel(ctx), old)
	}
	return s.form(ctx, r, rd)
}

// ---- staff ----

// Letters answers the letters of an application to staff who may read
// letters of its school; the read is logged.
func (s *Service) Letters(ctx context.Context, p permission.Principal, applNo int64) ([]Req, error) {
	if !permission.Can(p, permission.RecommendRead, "") {
		return nil, forbidden()
	}
	h, err := s.Apps.Get(ctx, applNo)
	if err != nil || !permission.Can(p, permission.RecommendRead, h.Round.SchoolCode) {
		return nil, apperr.NotFound(application.CodeNotFound)
	}
	if err := s.logRead(ctx, p, "recommend.list", "application:"+strconv.FormatInt(applNo, 10)); err != nil {
		return nil, err
	}
	list, err := s.Store.ForApplication(ctx, applNo)
	return list, err
}

// LetterFile opens a letter's PDF (pdf true) or uploaded file for staff.
func (s *Service) LetterFile(ctx context.Context, p permission.Principal, no int64, pdf bool) (name string, rc io.ReadCloser, err error) {
	if !permission.Can(p, permission.RecommendRead, "") {
		return "", nil, forbidden()
	}
	r, err := s.Store.Get(ctx, no)
	if err != nil || r.Cancelled || !permission.Can(p, permission.RecommendRead, r.Round.SchoolCode) {
		return "", nil, apperr.NotFound(CodeNoRequest)
	}
	stored, name := r.FileStored, r.FileName
	if pdf {
		stored, name = r.PDFStored, "recommendation-"+strconv.FormatInt(r.No, 10)+".pdf"
	}
	if stored == "" || r.Status != Completed {
		return "", nil, apperr.NotFound(CodeNoRequest)
	}
	if err := s.logRead(ctx, p, "recommend.file", "recommendation:"+strconv.FormatInt(no, 10)); err != nil {
		return "", nil, err
	}
	rc, err = s.Files.Open(ctx, stored)
	return name, rc, err
}

func (s *Service) logRead(ctx context.Context, p permission.Principal, action, target string) error {
	if s.Log == nil {
		return nil
	}
	return s.Log.Record(ctx, p.UserID, action, target, nil)
}

// ---- templates ----

func (s *Service) template(ctx context.Context, k application.RoundKey) (Template, error) {
	t, ok, err := s.Templates.Latest(ctx, k)
	if err != nil || ok {
		return t, err
	}
	return DefaultTemplate(k), nil
}

func (s *Service) templateOf(ctx context.Context, r Req) (Template, error) {
	if r.TemplateVersion == 0 {
		if r.Status == Sent {
			return s.template(ctx, r.Round)
		}
		return DefaultTemplate(r.Round), nil
	}
	return s.Templates.Version(ctx, r.Round, r.TemplateVersion)
}

// Template answers a round's current template (the default when it has
// none) to staff of the school.
func (s *Service) Template(ctx context.Context, p permission.Principal, k application.RoundKey) (Template, error) {
	if !permission.Can(p, permission.RecommendTemplate, "") {
		return Template{}, forbidden()
	}
	if !permission.Can(p, permission.RecommendTemplate, k.SchoolCode) {
		return Template{}, apperr.NotFound(application.CodeRoundNotFound)
	}
	if _, err := s.Rounds.Round(ctx, k); err != nil {
		return Template{}, err
	}
	return s.template(ctx, k)
}

// SaveTemplate stores a round's template. A version a letter was opened on
// is kept as it is: the change becomes the next version.
func (s *Service) SaveTemplate(ctx context.Context, p permission.Principal, t Template) (Template, error) {
	if !permission.Can(p, permission.RecommendTemplate, "") {
		return Template{}, forbidden()
	}
	if !permission.Can(p, permission.RecommendTemplate, t.Round.SchoolCode) {
		return Template{}, apperr.NotFound(application.CodeRoundNotFound)
	}
	if _, err := s.Rounds.Round(ctx, t.Round); err != nil {
		return Template{}, err
	}
	for i, q := range t.Questions {
		if len(q.Options) > 0 {
			t.Questions[i].Kind = KindChoice
		}
	}
	if err := t.Validate(); err != nil {
		return Template{}, err
	}
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		cur, ok, err := s.Templates.Latest(ctx, t.Round)
		if err != nil {
			return err
		}
		switch {
		case !ok:
			t.Version = 1
		case cur.Same(t):
			t = cur
			return nil
		default:
			used, err := s.Store.UsesTemplate(ctx, t.Round, cur.Version)
			if err != nil {
				return err
			}
			t.Version = cur.Version
			if used {
				t.Version++
			}
		}
		return s.Templates.PutTemplate(ctx, t)
	})
	return t, err
}

// ---- jobs ----

// MailResult records what the mail server answered to a request mail:
// refused (a permanent error) or taken.
func (s *Service) MailResult(ctx context.Context, no int64, refused string) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.Store.Update(ctx, no, func(_ context.Context, r *Req) error {
			at := s.now()
			if refused != "" {
				r.MailRefusedAt, r.MailError, r.MailSentAt = &at, truncate(refused, 300), nil
			} else {
				r.MailSentAt, r.MailRefusedAt, r.MailError = &at, nil, ""
			}
			return nil
		})
	})
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// Remind mails, once, every recommender not finished whose RECOMMEND
// deadline is at most days away, a new link to the same letter. Running it
// again (the same day or later) sends nothing twice. It answers how many
// were mailed; each run is written to the audit log.
func (s *Service) Remind(ctx context.Context, days int) (int, error) {
	n, err := s.remind(ctx, days)
	if s.Log != nil {
		detail := map[string]any{"reminded": n, "days": days}
		if err != nil {
			detail["error"] = err.Error()
		}
		if lerr := s.Log.Record(ctx, "system", "job.recommend_remind", "recommend_request", detail); lerr != nil && err == nil {
			err = lerr
		}
	}
	return n, err
}

func (s *Service) remind(ctx context.Context, days int) (int, error) {
	list, err := s.Store.Unfinished(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	n := 0
	for _, r := range list {
		if r.RemindedAt != nil {
			continue
		}
		rd, err := s.Rounds.Round(ctx, r.Round)
		if err != nil {
			return n, err
		}
		w, ok := window.NewRound(rd.Windows...)[window.Recommend]
		if !ok || !w.Contains(now) || w.End.Sub(now) > time.Duration(days)*24*time.Hour {
			continue
		}
		sent := false
		err = s.Tx.InTx(ctx, func(ctx context.Context) error {
			return s.Store.Update(ctx, r.No, func(ctx context.Context, x *Req) error {
				if x.RemindedAt != nil || x.Cancelled || x.Status == Completed {
					return nil
				}
				x.RemindedAt = &now
				sent = true
				return s.mailKey(ctx, x, rd, true, false)
			})
		})
		if err != nil {
			return n, err
		}
		if sent {
			n++
		}
	}
	return n, nil
}

// forbidden answers a caller whose role may not use a staff route at all,
// before anything they sent is read.
func forbidden() error { return apperr.Forbidden("auth.forbidden") }
