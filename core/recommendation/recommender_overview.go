package recommendation

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/window"
)

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
	if err != nil || r.Cancelled() {
		return Req{}, application.Round{}, apperr.NotFound(CodeNoRequest)
	}
	rd, err := s.Rounds.Round(ctx, r.Round())
	if err != nil {
		return Req{}, rd, err
	}
	if err := r.CheckDeadline(window.NewRound(rd.Windows...), s.now()); err != nil {
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
	list, err := s.Store.ForEmail(ctx, r.Email())
	if err != nil {
		return Overview{}, err
	}
	out := Overview{Current: r.No(), Email: r.Email()}
	out.Profile, err = s.profile(ctx, r)
	if err != nil {
		return Overview{}, err
	}
	rounds := map[application.RoundKey]application.Round{}
	for _, x := range list {
		rd, ok := rounds[x.Round()]
		if !ok {
			if rd, err = s.Rounds.Round(ctx, x.Round()); err != nil {
				return Overview{}, err
			}
			rounds[x.Round()] = rd
		}
		wr := window.NewRound(rd.Windows...)
		e := Entry{No: x.No(), ApplicantName: x.ApplicantName(), SchoolKorName: rd.SchoolKorName, SchoolEngName: rd.SchoolEngName,
			RoundKorName: rd.KorName, RoundEngName: rd.EngName, Deadline: wr[window.Recommend].End, Status: x.Status()}
		e.Closed = x.CheckDeadline(wr, s.now())
		if e.Closed != nil && x.Status() != Completed {
			continue // a request whose window has closed is not open any more
		}
		e.Writable = e.Closed == nil && x.Status() != Completed
		out.Entries = append(out.Entries, e)
	}
	return out, nil
}

// profile is the recommender's saved details, else what the applicant
// typed in the request.
func (s *Service) profile(ctx context.Context, r Req) (Profile, error) {
	p, ok, err := s.Profiles.Profile(ctx, r.Email())
	if err != nil || ok {
		return p, err
	}
	in := r.Request()
	return Profile{Email: in.Email, Name: in.ProfName, Institution: in.Institution, Position: in.Position, Phone: in.Phone}, nil
}
