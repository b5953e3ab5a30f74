package recommendation

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
)

// Req is one recommendation request with its letter (spec section 3), the
// aggregate of this package. Its fields are unexported: it is built by
// NewReq (the applicant asks) or by UnmarshalReqFromDatabase (a stored
// row), and it changes only through its methods, which hold the status
// rules of status.go. A store changes a stored request only through
// Store.Update, which locks the row, hands the request to a rule and writes
// back what the rule changed. The applicant sees only its request part,
// status and mail times (ApplicantView); the letter is for the recommender
// and school staff.
type Req struct {
	no              int64
	applNo          int64
	round           application.RoundKey
	applicantUserID string
	applicantName   string
	exempt          bool // the applicant is exempt from time windows
	request         Request
	locale          string // the recommender's language: ko or en
	status          Status
	keyHashes       []string // the hashes of every live key (each mail carries a new one)
	cancelled       bool
	createdAt       time.Time
	mailSentAt      *time.Time // the mail server took the request mail
	mailRefusedAt   *time.Time // the mail server refused it
	mailError       string     // its answer
	openedAt        *time.Time
	savedAt         *time.Time
	submittedAt     *time.Time
	remindedAt      *time.Time
	templateVersion int
	letter          Letter
	profile         Profile // the recommender's details as signed
	fileName        string  // the uploaded letter file: name as given
	fileStored      string  // and in the file store
	fileSize        int64
	pdfStored       string // the rendered letter
	changed         bool
}

// ReqData is a request as stores keep it: what Data answers and
// UnmarshalReqFromDatabase takes back. Nothing else builds a Req from it.
type ReqData struct {
	No              int64
	ApplNo          int64
	Round           application.RoundKey
	ApplicantUserID string
	ApplicantName   string
	Exempt          bool
	Request         Request
	Locale          string
	Status          Status
	KeyHashes       []string
	Cancelled       bool
	CreatedAt       time.Time
	MailSentAt      *time.Time
	MailRefusedAt   *time.Time
	MailError       string
	OpenedAt        *time.Time
	SavedAt         *time.Time
	SubmittedAt     *time.Time
	RemindedAt      *time.Time
	TemplateVersion int
	Letter          Letter
	Profile         Profile
	FileName        string
	FileStored      string
	FileSize        int64
	PDFStored       string
}

// Ask is what a new request is made of: the application and its applicant,
// the recommender (validated by NewReq) and the recommender's language.
type Ask struct {
	ApplNo          int64
	Round           application.RoundKey
	ApplicantUserID string
	ApplicantName   string // "" before the basic info is saved: the user id stands in
	Exempt          bool
	Request         Request
	Locale          string
}

// errReq is a request no rule can come from: a bug of the caller or a
// broken row, never the applicant's input.
var errReq = errors.New("recommendation: invalid request")

// CheckLocale refuses a recommender's language other than ko or en.
func CheckLocale(locale string) error {
	if locale != "ko" && locale != "en" {
		return apperr.Fields{{Field: "locale", Code: CodeChoice}}.Err()
	}
	return nil
}

// NewReq is the applicant asking a recommender for a letter: status 00010
// with one live key (keyHash, the hash of the key the request mail
// carries). live are the application's requests not cancelled: a round asks
// for at most letters of them, one per e-mail address.
func NewReq(a Ask, live []Req, letters int, keyHash string, now time.Time) (*Req, error) {
	if a.ApplNo <= 0 || strings.TrimSpace(a.ApplicantUserID) == "" || a.Round.SchoolCode == "" || keyHash == "" {
		return nil, errReq
	}
	in, err := a.Request.Validate()
	if err != nil {
		return nil, err
	}
	if err := CheckLocale(a.Locale); err != nil {
		return nil, err
	}
	mine := slices.DeleteFunc(slices.Clone(live), func(r Req) bool { return r.cancelled || r.applNo != a.ApplNo })
	if len(mine) >= letters {
		return nil, apperr.Conflict(CodeEnough).With("letters", letters)
	}
	if slices.ContainsFunc(mine, func(r Req) bool { return r.request.Email == in.Email }) {
		return nil, apperr.Fields{{Field: "email", Code: CodeDuplicate}}.Err()
	}
	name := a.ApplicantName
	if name == "" {
		name = a.ApplicantUserID // the basic info is not saved yet
	}
	return &Req{applNo: a.ApplNo, round: a.Round, applicantUserID: a.ApplicantUserID, applicantName: name, exempt: a.Exempt,
		request: in, locale: a.Locale, status: Sent, keyHashes: []string{keyHash}, createdAt: now, changed: true}, nil
}

// UnmarshalReqFromDatabase rebuilds a stored request (stores only). It
// refuses a status it does not know, so a broken row is an error and not a
// silent state.
func UnmarshalReqFromDatabase(d ReqData) (Req, error) {
	if d.No <= 0 || d.ApplNo <= 0 {
		return Req{}, errReq
	}
	if _, err := ParseStatus(string(d.Status)); err != nil {
		return Req{}, err
	}
	l := d.Letter
	l.Answers = maps.Clone(l.Answers)
	return Req{no: d.No, applNo: d.ApplNo, round: d.Round, applicantUserID: d.ApplicantUserID, applicantName: d.ApplicantName,
		exempt: d.Exempt, request: d.Request, locale: d.Locale, status: d.Status, keyHashes: slices.Clone(d.KeyHashes),
		cancelled: d.Cancelled, createdAt: d.CreatedAt, mailSentAt: copyTime(d.MailSentAt), mailRefusedAt: copyTime(d.MailRefusedAt),
		mailError: d.MailError, openedAt: copyTime(d.OpenedAt), savedAt: copyTime(d.SavedAt), submittedAt: copyTime(d.SubmittedAt),
		remindedAt: copyTime(d.RemindedAt), templateVersion: d.TemplateVersion, letter: l, profile: d.Profile,
		fileName: d.FileName, fileStored: d.FileStored, fileSize: d.FileSize, pdfStored: d.PDFStored}, nil
}

// Data answers the request as stores keep it (a copy).
func (r Req) Data() ReqData {
	return ReqData{No: r.no, ApplNo: r.applNo, Round: r.round, ApplicantUserID: r.applicantUserID, ApplicantName: r.applicantName,
		Exempt: r.exempt, Request: r.request, Locale: r.locale, Status: r.status, KeyHashes: r.KeyHashes(),
		Cancelled: r.cancelled, CreatedAt: r.createdAt, MailSentAt: r.MailSentAt(), MailRefusedAt: r.MailRefusedAt(),
		MailError: r.mailError, OpenedAt: r.OpenedAt(), SavedAt: r.SavedAt(), SubmittedAt: r.SubmittedAt(),
		RemindedAt: r.RemindedAt(), TemplateVersion: r.templateVersion, Letter: r.Letter(), Profile: r.profile,
		FileName: r.fileName, FileStored: r.fileStored, FileSize: r.fileSize, PDFStored: r.pdfStored}
}

func (r *Req) live() error {
	if r.cancelled {
		return apperr.NotFound(CodeNoRequest)
	}
	return nil
}

func (r *Req) clearMail() {
	r.mailSentAt, r.mailRefusedAt, r.mailError = nil, nil, ""
}

// addKey makes keyHash a live key besides the earlier ones.
func (r *Req) addKey(keyHash string) error {
	if keyHash == "" {
		return errReq
	}
	r.keyHashes = append(slices.Clone(r.keyHashes), keyHash)
	r.changed = true
	return nil
}

// Resend is the applicant mailing the request again with a new key
// (keyHash); earlier links keep working. A completed letter needs none.
func (r *Req) Resend(keyHash string) error {
	if err := r.live(); err != nil {
		return err
	}
	if r.status == Completed {
		return apperr.Conflict(CodeSubmitted)
	}
	r.clearMail()
	return r.addKey(keyHash)
}

// ChangeEmail is the applicant correcting the address of a request nobody
// has opened yet: earlier links die and keyHash is the new address's only
// key. others are the application's live requests: an address has one
// request.
func (r *Req) ChangeEmail(email string, others []Req, keyHash string) error {
	if err := r.live(); err != nil {
		return err
	}
	e, ok := account.NormalizeEmail(email)
	if !ok {
		return apperr.Fields{{Field: "email", Code: account.CodeEmailFormat}}.Err()
	}
	switch r.status {
	case Sent:
	case Completed:
		return apperr.Conflict(CodeSubmitted)
	default:
		return apperr.Forbidden(CodeOpenedNoEdit)
	}
	if slices.ContainsFunc(others, func(o Req) bool { return o.no != r.no && !o.cancelled && o.request.Email == e }) {
		return apperr.Fields{{Field: "email", Code: CodeDuplicate}}.Err()
	}
	if keyHash == "" {
		return errReq
	}
	r.request.Email = e
	r.clearMail()
	r.keyHashes, r.changed = []string{keyHash}, true
	return nil
}

// Cancel withdraws the request (CheckCancel: the applicant only in 00010,
// support until it is completed); its links die with it.
func (r *Req) Cancel(by Actor) error {
	if err := r.live(); err != nil {
		return err
	}
	if err := CheckCancel(r.status, by); err != nil {
		return err
	}
	r.cancelled, r.keyHashes, r.changed = true, nil, true
	return nil
}

// Open is the recommender opening the letter: a sent request becomes
// opened, and a letter not yet on a template version is fixed to version
// (the round's current one; see TemplateFixed).
func (r *Req) Open(version int, now time.Time) error {
	if err := r.live(); err != nil {
		return err
	}
	if r.status == Sent {
		r.status = OnOpen(r.status)
		r.openedAt, r.changed = &now, true
	}
	if !r.TemplateFixed() && version != 0 {
		r.templateVersion, r.changed = version, true
	}
	return nil
}

// SaveDraft keeps the recommender's letter and details as a draft (00030):
// allowed until the letter is submitted.
func (r *Req) SaveDraft(l Letter, p Profile, now time.Time) error {
	if err := r.live(); err != nil {
		return err
	}
	st, err := OnSave(r.status)
	if err != nil {
		return err
	}
	r.write(st, l, p, now)
	return nil
}

// Submit completes the letter (00040) with its rendered PDF (pdfStored, ""
// when none is made); nothing changes afterwards. The letter must have
// passed Letter.Validate with submit set.
func (r *Req) Submit(l Letter, p Profile, pdfStored string, now time.Time) error {
	if err := r.live(); err != nil {
		return err
	}
	st, err := OnSubmit(r.status)
	if err != nil {
		return err
	}
	r.write(st, l, p, now)
	r.submittedAt, r.pdfStored = &now, pdfStored
	return nil
}

func (r *Req) write(st Status, l Letter, p Profile, now time.Time) {
	l.Answers = maps.Clone(l.Answers)
	r.status, r.letter, r.profile, r.savedAt, r.changed = st, l, p, &now, true
}

// AttachFile keeps the recommender's letter file, replacing an earlier one
// (answered, to delete from the file store); the letter counts as being
// written. A completed or cancelled letter takes no file.
func (r *Req) AttachFile(name, stored string, size int64) (replaced string, err error) {
	if err := r.live(); err != nil {
		return "", err
	}
	if r.status == Completed {
		return "", apperr.Conflict(CodeSubmitted)
	}
	replaced = r.fileStored
	r.fileName, r.fileStored, r.fileSize, r.changed = name, stored, size, true
	if st, err := OnSave(r.status); err == nil {
		r.status = st
	}
	return replaced, nil
}

// MaxMailError bounds the mail server's answer kept on a request.
const MaxMailError = 300

// MailTaken records that the mail server took the request mail.
func (r *Req) MailTaken(now time.Time) {
	r.mailSentAt, r.mailRefusedAt, r.mailError, r.changed = &now, nil, "", true
}

// MailRefused records the mail server's permanent refusal of the request
// mail, with its answer (cut to MaxMailError characters).
func (r *Req) MailRefused(answer string, now time.Time) {
	if a := []rune(answer); len(a) > MaxMailError {
		answer = string(a[:MaxMailError])
	}
	r.mailRefusedAt, r.mailError, r.mailSentAt, r.changed = &now, answer, nil, true
}

// Remind gives a request not finished its one reminder, with a new key
// (keyHash) besides the earlier ones. It answers false, changing nothing,
// for a request reminded already, cancelled or completed.
func (r *Req) Remind(keyHash string, now time.Time) (bool, error) {
	if r.remindedAt != nil || r.cancelled || r.status == Completed {
		return false, nil
	}
	if err := r.addKey(keyHash); err != nil {
		return false, err
	}
	r.remindedAt = &now
	return true, nil
}
