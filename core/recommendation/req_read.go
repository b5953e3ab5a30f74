package recommendation

import (
	"maps"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/window"
)

// The read side of Req: accessors answer copies, so a caller cannot change
// a request behind its methods.

func copyTime(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := *t
	return &v
}

func (r Req) No() int64                     { return r.no }
func (r Req) ApplNo() int64                 { return r.applNo }
func (r Req) Round() application.RoundKey   { return r.round }
func (r Req) ApplicantUserID() string       { return r.applicantUserID }
func (r Req) ApplicantName() string         { return r.applicantName }
func (r Req) Exempt() bool                  { return r.exempt }
func (r Req) Request() Request              { return r.request }
func (r Req) Email() string                 { return r.request.Email }
func (r Req) Locale() string                { return r.locale }
func (r Req) Status() Status                { return r.status }
func (r Req) Cancelled() bool               { return r.cancelled }
func (r Req) CreatedAt() time.Time          { return r.createdAt }
func (r Req) MailSentAt() *time.Time        { return copyTime(r.mailSentAt) }
func (r Req) MailRefusedAt() *time.Time     { return copyTime(r.mailRefusedAt) }
func (r Req) MailError() string             { return r.mailError }
func (r Req) OpenedAt() *time.Time          { return copyTime(r.openedAt) }
func (r Req) SavedAt() *time.Time           { return copyTime(r.savedAt) }
func (r Req) SubmittedAt() *time.Time       { return copyTime(r.submittedAt) }
func (r Req) RemindedAt() *time.Time        { return copyTime(r.remindedAt) }
func (r Req) TemplateVersion() int          { return r.templateVersion }
func (r Req) Profile() Profile              { return r.profile }
func (r Req) FileName() string              { return r.fileName }
func (r Req) FileStored() string            { return r.fileStored }
func (r Req) FileSize() int64               { return r.fileSize }
func (r Req) PDFStored() string             { return r.pdfStored }
func (r Req) KeyHashes() []string           { return slices.Clone(r.keyHashes) }
func (r Req) HasKey(hash string) bool       { return hash != "" && slices.Contains(r.keyHashes, hash) }
func (r Req) UsesTemplate(version int) bool { return r.templateVersion == version }
func (r Req) TemplateFixed() bool           { return r.templateVersion != 0 || r.status == Completed }
func (r Req) Changed() bool                 { return r.changed }

// Letter is the recommender's answers and signature (a copy).
func (r Req) Letter() Letter {
	l := r.letter
	l.Answers = maps.Clone(l.Answers)
	return l
}

// ApplicantView is the request as its applicant sees it: never the letter.
func (r Req) ApplicantView() ApplicantView {
	return ApplicantView{No: r.no, Request: r.request, Locale: r.locale, Status: r.status, CreatedAt: r.createdAt,
		MailSentAt: r.MailSentAt(), MailRefusedAt: r.MailRefusedAt(), MailError: r.mailError, SubmittedAt: r.SubmittedAt(),
		Cancellable: r.status == Sent, EmailEditable: r.status == Sent}
}

// CheckDeadline says whether a key of the request may still open, save or
// submit the letter (the RECOMMEND window, unless the applicant is exempt):
// keys expire with the window.
func (r Req) CheckDeadline(wr window.Round, now time.Time) error {
	return CheckDeadline(wr, now, r.exempt)
}
