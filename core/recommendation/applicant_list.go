package recommendation

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

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
		out.Requests = append(out.Requests, r.ApplicantView())
	}
	return out, nil
}
