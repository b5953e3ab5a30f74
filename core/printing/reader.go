package printing

import (
	"context"
	"strconv"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/permission"
)

// Reader answers the whole application as staff read it on screen (issue
// 23 item 1): the print model of the application PDF, every step with
// labels and names in the staff's language, plus what staff did to it.
type Reader struct {
	Print *Service
	// Assigned answers nil when p is a reviewer assigned to the
	// application (evaluation.Service.MayRead); nil: reviewers read nothing.
	Assigned application.Assigned
	// Trail reads the access log; nil: no trail is shown.
	Trail audit.Reader
}

// TrailLimit bounds the audit trail shown with an application.
const TrailLimit = 50

// ReaderView is an application on the reader's screen.
type ReaderView struct {
	ApplNo int64
	Application
	// Reviewer is set when p read it as an assigned reviewer: no consents,
	// no e-mail, no trail.
	Reviewer bool
	// Reviews are the review actions (start, correct, complete), oldest
	// first; Trail the latest access-log rows of the application, newest
	// first (at most TrailLimit). Both empty for a reviewer.
	Reviews []audit.Entry
	Trail   []audit.Entry
}

// Read answers the application to staff who may read it (ApplicationRead
// for its school) or to a reviewer assigned to it; anyone else, its
// owner included (the applicant reads it in the applicant app), is told it
// does not exist. The read is logged as the staff show is.
func (r *Reader) Read(ctx context.Context, p permission.Principal, applNo int64, lang Lang) (ReaderView, error) {
	if !p.Authenticated() {
		return ReaderView{}, apperr.Unauthenticated("auth.required")
	}
	s := r.Print
	if applNo <= 0 {
		return ReaderView{}, apperr.NotFound(application.CodeNotFound)
	}
	h, err := s.Apps.Get(ctx, applNo)
	if err != nil {
		return ReaderView{}, err
	}
	target := "application:" + strconv.FormatInt(applNo, 10)
	staff := permission.Can(p, permission.ApplicationRead, h.Round.SchoolCode)
	detail := map[string]any{"section": "reader"}
	if !staff {
		if r.Assigned == nil || p.UserID == h.UserID {
			return ReaderView{}, apperr.NotFound(application.CodeNotFound)
		}
		if err := r.Assigned.MayRead(ctx, p, applNo); err != nil {
			if apperr.KindOf(err) == apperr.KindNotFound {
				return ReaderView{}, apperr.NotFound(application.CodeNotFound)
			}
			return ReaderView{}, err
		}
		detail["as"] = "reviewer"
	}
	if s.Log != nil {
		if err := s.Log.Record(ctx, p.UserID, "application.read", target, detail); err != nil {
			return ReaderView{}, err
		}
	}
	a, err := s.application(ctx, h, lang)
	if err != nil {
		return ReaderView{}, err
	}
	a.Photo = nil // the documents panel shows it
	v := ReaderView{ApplNo: applNo, Application: a, Reviewer: !staff}
	if !staff {
		v.Sections = forReviewer(a.Sections)
		return v, nil
	}
	if r.Trail != nil {
		if v.Reviews, err = r.entries(ctx, target, "application.review", "createdAt", false, 100); err != nil {
			return ReaderView{}, err
		}
		if v.Trail, err = r.entries(ctx, target, "", "createdAt", true, TrailLimit); err != nil {
			return ReaderView{}, err
		}
	}
	return v, nil
}

// entries are the access-log rows of exactly target (the log's filter
// matches a part of the target: application:12 also finds application:123).
func (r *Reader) entries(ctx context.Context, target, action, sort string, desc bool, limit int) ([]audit.Entry, error) {
	list, _, err := r.Trail.List(ctx, audit.Query{Target: target, ExactTarget: true, Action: action, Sort: sort, Desc: desc, Limit: limit})
	if err != nil {
		return nil, err
	}
	out := list[:0]
	for _, e := range list {
		if e.Target == target {
			out = append(out, e)
		}
	}
	return out, nil
}

// forReviewer leaves out what a reviewer does not read (as the reviewer's
// own read, application.AssignedRead): the consents and the applicant's
// e-mail address.
func forReviewer(in []Section) []Section {
	out := make([]Section, 0, len(in))
	for _, s := range in {
		if s.Title.En == consentsTitle.En {
			continue
		}
		blocks := make([]Block, 0, len(s.Blocks))
		for _, b := range s.Blocks {
			fs := make([]Field, 0, len(b.Fields))
			for _, f := range b.Fields {
				if f.Label != emailLabel {
					fs = append(fs, f)
				}
			}
			if len(fs) > 0 {
				blocks = append(blocks, Block{Title: b.Title, Fields: fs})
			}
		}
		if len(blocks) > 0 {
			out = append(out, Section{Title: s.Title, Blocks: blocks})
		}
	}
	return out
}

// The labels forReviewer leaves out, as application.go and basic.go print
// them.
var (
	consentsTitle = Label{"동의 사항", "Consents"}
	emailLabel    = Label{"이메일", "E-mail"}
)
