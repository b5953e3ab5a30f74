package recommendation

import (
	"bytes"
	"context"
	"io"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/mailmsg"
)

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

func (p Profile) empty() bool {
	return p.Name == "" && p.Institution == "" && p.Position == "" && p.Phone == ""
}

// check validates a draft against the letter's template: a draft checks
// formats only (and the details when any is given), a submission every
// question, the signature, the recommender's details and the file when
// the template asks for one. It answers the details to keep.
func (d *Draft) check(r Req, t Template, submit bool) (Profile, error) {
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
		return Profile{}, err
	}
	prof, err := d.Profile.validate(r.Email())
	if submit || !d.Profile.empty() {
		if err := collect(err); err != nil {
			return Profile{}, err
		}
	}
	if submit && t.FileRequired && r.FileStored() == "" {
		fields.Add("file", CodeRequired)
	}
	if len(fields) > 0 {
		return Profile{}, &apperr.Error{Kind: apperr.KindInvalid, Code: CodeCheckInput, Fields: fields}
	}
	return prof, nil
}

// Save stores a draft (00030) or submits the letter (00040); see
// Draft.check for what each requires. A submission is rendered as a PDF
// and its applicant is mailed. After submission nothing changes any more.
func (s *Service) Save(ctx context.Context, key string, no int64, d Draft, submit bool) (Form, error) {
	r, rd, err := s.target(ctx, key, no)
	if err != nil {
		return Form{}, err
	}
	if r.Status() == Completed {
		return Form{}, apperr.Conflict(CodeSubmitted)
	}
	t, err := s.templateOf(ctx, r)
	if err != nil {
		return Form{}, err
	}
	prof, err := d.check(r, t, submit)
	if err != nil {
		return Form{}, err
	}
	now := s.now()
	var pdfName string
	if submit {
		if pdfName, err = s.render(ctx, r, rd, t, d.Letter, prof, now); err != nil {
			return Form{}, err
		}
	}
	err = s.Store.Update(ctx, r.No(), func(ctx context.Context, x *Req) error {
		var err error
		if submit {
			err = x.Submit(d.Letter, prof, pdfName, now)
		} else {
			err = x.SaveDraft(d.Letter, prof, now)
		}
		if err != nil {
			return err
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
		c, err := s.Recipients.Recipient(ctx, x.ApplicantUserID())
		if err != nil || c.Email == "" {
			return err
		}
		school, round := names(rd, c.Locale)
		return s.Mailer.Queue(ctx, c.Locale, c.Email, mailmsg.RecommendCompleted{RecommenderName: prof.Name, School: school, Round: round})
	})
	if err != nil {
		if pdfName != "" {
			_ = s.Files.Delete(context.WithoutCancel(ctx), pdfName)
		}
		return Form{}, err
	}
	return s.form(ctx, r, rd)
}

// render makes the submitted letter's PDF in the recommender's language
// and stores it; "" when no printer is set.
func (s *Service) render(ctx context.Context, r Req, rd application.Round, t Template, l Letter, prof Profile, now time.Time) (string, error) {
	if s.Printer == nil {
		return "", nil
	}
	school, round := names(rd, r.Locale())
	pdf, err := s.Printer.Letter(ctx, LetterDoc{Lang: r.Locale(), SchoolName: school, RoundName: round,
		ApplicantName: r.ApplicantName(), Profile: prof, Questions: t.Questions, Letter: l,
		SubmittedAt: now, FileName: r.FileName()})
	if err != nil || pdf == nil {
		return "", err
	}
	name, _, err := s.Files.Put(ctx, bytes.NewReader(pdf), int64(len(pdf))+1)
	return name, err
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
	if r.Status() == Completed {
		return Form{}, apperr.Conflict(CodeSubmitted)
	}
	st, err := document.PutChecked(ctx, s.Files, FileItem, fileName, body, CodeCheckInput)
	if err != nil {
		return Form{}, err
	}
	var old string
	err = s.Store.Update(ctx, r.No(), func(_ context.Context, x *Req) error {
		var err error
		if old, err = x.AttachFile(st.Name, st.Stored, st.Size); err != nil {
			return err
		}
		r = *x
		return nil
	})
	if err != nil {
		_ = s.Files.Delete(context.WithoutCancel(ctx), st.Stored)
		return Form{}, err
	}
	if old != "" {
		_ = s.Files.Delete(context.WithoutCancel(ctx), old)
	}
	return s.form(ctx, r, rd)
}
