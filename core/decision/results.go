package decision

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Result is what an applicant reads of a published decision.
type Result struct {
	ApplNo     int64
	Round      application.RoundKey
	Kind       Kind
	Rank       int
	Message    Message
	ReleasedAt time.Time
}

// Label is a decision's name in a language, as the result page and mail
// show it.
func Label(k Kind, rank int, lang string) string {
	en := lang == "en"
	switch {
	case k == Admit && en:
		return "Admitted"
	case k == Admit:
		return "합격"
	case k == Waitlist && en:
		return "Waitlisted (No. " + itoa(int64(rank)) + ")"
	case k == Waitlist:
		return "예비 합격 (" + itoa(int64(rank)) + "번)"
	case en:
		return "Not admitted"
	}
	return "불합격"
}

// published answers an application's result when its round's results are
// out, else CodeNoResult (not found), the same as for no decision.
func (s *Service) published(ctx context.Context, h application.Header) (Result, Decision, error) {
	r, out, err := s.released(ctx, h.Round)
	if err != nil {
		return Result{}, Decision{}, err
	}
	if !out {
		return Result{}, Decision{}, apperr.NotFound(CodeNoResult)
	}
	d, err := s.Decisions.Get(ctx, h.ApplNo)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return Result{}, Decision{}, apperr.NotFound(CodeNoResult)
	}
	if err != nil {
		return Result{}, Decision{}, err
	}
	return Result{ApplNo: h.ApplNo, Round: h.Round, Kind: d.kind, Rank: d.rank, Message: r.Message(d.kind), ReleasedAt: r.at}, d, nil
}

// own reads one of the caller's applications; another's is missing.
func (s *Service) own(ctx context.Context, p permission.Principal, applNo int64) (application.Header, error) {
	if !p.Authenticated() {
		return application.Header{}, apperr.Unauthenticated("auth.required")
	}
	h, err := s.Apps.Get(ctx, applNo)
	if apperr.KindOf(err) == apperr.KindNotFound || err == nil && h.UserID != p.UserID {
		return application.Header{}, apperr.NotFound(application.CodeNotFound)
	}
	return h, err
}

// MyResults lists the published results of the caller's applications
// (the applicant's /list); an application whose round's results are not
// out is not in it.
func (s *Service) MyResults(ctx context.Context, p permission.Principal) ([]Result, error) {
	if !p.Authenticated() {
		return nil, apperr.Unauthenticated("auth.required")
	}
	apps, err := s.Apps.ListByUser(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	out := []Result{}
	for _, h := range apps {
		r, _, err := s.published(ctx, h)
		if apperr.CodeOf(err) == CodeNoResult {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// Result answers the published result of one of the caller's
// applications; CodeNoResult (not found) before the release.
func (s *Service) Result(ctx context.Context, p permission.Principal, applNo int64) (Result, error) {
	h, err := s.own(ctx, p, applNo)
	if err != nil {
		return Result{}, err
	}
	r, _, err := s.published(ctx, h)
	return r, err
}

// Letter is what the admission letter shows, in both languages.
type Letter struct {
	ApplNo                   int64
	ExamNumber               string
	ApplicantName            string
	SchoolKorName, SchoolEng string
	RoundKorName, RoundEng   string
	Message                  Message
	ReleasedAt               time.Time
}

// AdmissionLetter answers the admission letter's data for one of the
// caller's applications: admitted, results out. Before the release it is
// CodeNoResult like any result; a decision other than admit is
// CodeNotAdmitted (conflict).
func (s *Service) AdmissionLetter(ctx context.Context, p permission.Principal, applNo int64) (Letter, error) {
	h, err := s.own(ctx, p, applNo)
	if err != nil {
		return Letter{}, err
	}
	r, _, err := s.published(ctx, h)
	if err != nil {
		return Letter{}, err
	}
	if r.Kind != Admit {
		return Letter{}, apperr.Conflict(CodeNotAdmitted)
	}
	rd, err := application.LoadRound(ctx, s.Rounds, h.Round)
	if err != nil {
		return Letter{}, err
	}
	return Letter{ApplNo: h.ApplNo, ExamNumber: h.ApplID, ApplicantName: h.ApplicantName, SchoolKorName: rd.SchoolKorName,
		SchoolEng: rd.SchoolEngName, RoundKorName: rd.KorName, RoundEng: rd.EngName, Message: r.Message, ReleasedAt: r.ReleasedAt}, nil
}
