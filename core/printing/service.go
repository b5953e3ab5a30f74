package printing

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/submission"
	"github.com/gradapply/gradapply/core/window"
)

// Service prints applications and admission slips.
type Service struct {
	Apps     Applications
	Forms    Forms
	Ref      Reference
	Docs     Documents
	Files    Files
	Notices  Notices       // nil: no round has a notice
	Log      port.AuditLog // nil: staff reads are not logged (tests only)
	Renderer Renderer
	Clock    window.Clock
	Exports  *Exports // nil: no round exports (workbook, documents bundle)
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

// access loads an application p may read: its owner, or staff the
// permission table allows (the read is logged); anyone else is told it
// does not exist. printed says what is printed (slip or application).
func (s *Service) access(ctx context.Context, p permission.Principal, applNo int64, printed string) (application.Header, error) {
	g := application.Guard{Apps: s.Apps, Log: s.Log}
	return g.ReadFor(ctx, p, applNo, map[string]any{"printed": printed})
}

// PhotoItemCode is the document item of the applicant's photo.
const PhotoItemCode = document.PhotoItemCode

// photoLimit bounds the photo read into memory.
const photoLimit = 3 << 20

// photo reads the uploaded photo (jpg or png), nil when there is none or
// it is not whole.
func (s *Service) photo(ctx context.Context, docs []document.Document) ([]byte, error) {
	for _, d := range docs {
		if d.Slot != 0 || d.ItemCode != PhotoItemCode || (d.Ext != "jpg" && d.Ext != "png") || d.Size > photoLimit {
			continue
		}
		rc, err := s.Files.Open(ctx, d.StoredName)
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		b, err := io.ReadAll(io.LimitReader(rc, photoLimit+1))
		if err != nil {
			return nil, err
		}
		if int64(len(b)) != d.Size {
			return nil, nil
		}
		return b, nil
	}
	return nil, nil
}

func offerOf(r application.Round, no int64) application.Offer {
	for _, o := range r.Parts {
		if o.ApplPartNo == no {
			return o
		}
	}
	return application.Offer{}
}

// PrintSlip renders the admission slip of a COMPLETE application.
func (s *Service) PrintSlip(ctx context.Context, p permission.Principal, applNo int64, lang Lang) (File, error) {
	h, err := s.access(ctx, p, applNo, "slip")
	if err != nil {
		return File{}, err
	}
	if h.ApplID == "" || h.State.Status != application.Complete && h.State.Effective() != application.Complete {
		return File{}, apperr.Conflict(submission.CodeSlipNotReady)
	}
	sl, err := s.slip(ctx, h, lang)
	if err != nil {
		return File{}, err
	}
	var buf bytes.Buffer
	if err := s.Renderer.Slip(&buf, sl); err != nil {
		return File{}, err
	}
	return File{Name: fileName(lang, "수험표", "admission-slip", h.ApplID), Data: buf.Bytes()}, nil
}

func fileName(l Lang, ko, en, id string) string {
	base := ko
	if l == English {
		base = en
	}
	return base + "-" + id + ".pdf"
}

func (s *Service) slip(ctx context.Context, h application.Header, lang Lang) (Slip, error) {
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return Slip{}, err
	}
	part, err := s.Apps.Part(ctx, h.ApplNo)
	if err != nil {
		return Slip{}, err
	}
	o := offerOf(r, part.ApplPartNo)
	sl := Slip{Lang: lang, School: Label{r.SchoolKorName, r.SchoolEngName}, Round: Label{r.KorName, r.EngName},
		Major: Label{o.MajorKorName, o.MajorEngName}, Course: Label{part.RemkKor, part.RemkEng},
		ExamNumber: h.ApplID, IssuedAt: s.now()}
	if sl.Major == (Label{}) {
		sl.Major = Label{part.MajorCode, part.MajorCode}
	}
	info, ok, err := s.Forms.Info(ctx, h.ApplNo)
	if err != nil {
		return Slip{}, err
	}
	if ok {
		sl.KorName, sl.EngName = personNames(info.BasicInfo.KorName, info.BasicInfo.EngName,
			info.FirstName, info.MiddleName, info.LastName)
		sl.BirthDate = info.BirthDate
	}
	if sl.KorName == "" && sl.EngName == "" {
		sl.KorName = h.ApplicantName
	}
	docs, err := s.Docs.List(ctx, h.ApplNo)
	if err != nil {
		return Slip{}, err
	}
	if sl.Photo, err = s.photo(ctx, docs); err != nil {
		return Slip{}, err
	}
	if s.Notices != nil {
		n, ok, err := s.Notices.SlipNotice(ctx, h.Round)
		if err != nil {
			return Slip{}, err
		}
		if ok {
			sl.Notice = n
		}
	}
	return sl, nil
}

// personNames gives the Korean and English names: the Korean name as
// typed, the English one or the given names joined (foreigners type
// first, middle and last name).
func personNames(kor, eng, first, middle, last string) (string, string) {
	given := strings.Join(strings.Fields(first+" "+middle+" "+last), " ")
	if eng == "" {
		eng = given
	}
	if kor == "" && eng != given {
		kor = given
	}
	return strings.TrimSpace(kor), strings.TrimSpace(eng)
}

// PrintApplication renders the whole application: every section of the
// form in its order, with names instead of codes.
func (s *Service) PrintApplication(ctx context.Context, p permission.Principal, applNo int64, lang Lang) (File, error) {
	h, err := s.access(ctx, p, applNo, "application")
	if err != nil {
		return File{}, err
	}
	a, err := s.application(ctx, h, lang)
	if err != nil {
		return File{}, err
	}
	var buf bytes.Buffer
	if err := s.Renderer.Application(&buf, a); err != nil {
		return File{}, err
	}
	id := h.ApplID
	if id == "" {
		id = strconv.FormatInt(applNo, 10)
	}
	return File{Name: fileName(lang, "지원서", "application", id), Data: buf.Bytes()}, nil
}

// seoul is where times are shown (KST, no DST).
var seoul = time.FixedZone("KST", 9*3600)
