package submission

import (
	"context"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the documents, submission, completion and exam-number use
// cases. It builds on the application form's stores (core/apply).
type Service struct {
	Ref        application.Reference
	Apps       application.Applications
	Forms      application.Forms
	Log        application.AccessLog // nil: admin reads are not logged (tests only)
	Docs       Documents
	Files      FileStore
	Numbers    ExamNumbers
	Payments   Payments
	Consents   Consents
	Applicants Applicants
	Mailer     Mailer
	Captcha    Captcha
	Counter    Counter
	Records    Records // nil: Submit answers no record (tests of the rules only)
	Tx         application.Tx
	Clock      window.Clock
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func exempt(p permission.Principal) bool { return application.Exempt(p) }

// guard is the one access guard of core/application over this service's
// stores.
func (s *Service) guard() application.Guard {
	return application.Guard{Apps: s.Apps, Log: s.Log}
}

// access loads an application through the guard: read for anyone it
// allows, change for the owner only.
func (s *Service) access(ctx context.Context, p permission.Principal, applNo int64, write bool) (application.Header, error) {
	if write {
		return s.guard().Change(ctx, p, applNo)
	}
	return s.guard().Read(ctx, p, applNo)
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}

// checkEdit refuses a change of the documents outside the SUBMIT window
// (unless exempt) and once the application is submitted, completed or
// cancelled. The same rule runs again under the row lock.
func (s *Service) checkEdit(p permission.Principal, r application.Round, st application.State, now time.Time) error {
	if err := s.guard().Allow(p, r, window.ActEdit, now); err != nil {
		return err
	}
	return st.CheckEditable()
}

// ---- documents ----

// Slot is an extra document slot of etcList.
type Slot struct {
	Seq      int
	Document *Document
}

// DocGroup is a group of items with their documents.
type DocGroup struct {
	Code             string
	KorName, EngName string
	Items            []DocEntry
}

// DocEntry is an item with its uploaded document, if any.
type DocEntry struct {
	DocItem
	Document *Document
}

// DocView is what the documents page shows.
type DocView struct {
	Header     application.Header
	Groups     []DocGroup
	Extra      []Slot
	Uploadable bool // isEtcDocumentUploadable
	ExtraItem  DocItem
	Missing    []string // required items without a file
}

func view(h application.Header, r application.Round, items []DocItem, docs []Document) DocView {
	v := DocView{Header: h, Uploadable: r.Rules.ExtraDocuments, ExtraItem: extraItem(items)}
	byItem := map[string]*Document{}
	extra := map[int]*Document{}
	for i := range docs {
		d := &docs[i]
		if d.Slot > 0 {
			extra[d.Slot] = d
		} else {
			byItem[d.ItemCode] = d
		}
	}
	for _, it := range items {
		if it.Code == ExtraItemCode {
			continue
		}
		gi := slices.IndexFunc(v.Groups, func(g DocGroup) bool { return g.Code == it.GroupCode })
		if gi < 0 {
			v.Groups = append(v.Groups, DocGroup{Code: it.GroupCode, KorName: it.GroupKorName, EngName: it.GroupEngName})
			gi = len(v.Groups) - 1
		}
		v.Groups[gi].Items = append(v.Groups[gi].Items, DocEntry{DocItem: it, Document: byItem[it.Code]})
		if it.Required && byItem[it.Code] == nil {
			v.Missing = append(v.Missing, it.Code)
		}
	}
	for seq := 1; seq <= document.ExtraSlots; seq++ {
		v.Extra = append(v.Extra, Slot{Seq: seq, Document: extra[seq]})
	}
	return v
}

// extraItem is the item of the extra slots: the round's 00099 item, or a
// default accepting the common document types.
func extraItem(items []DocItem) DocItem {
	for _, it := range items {
		if it.Code == ExtraItemCode {
			it.Required = false
			return it
		}
	}
	return DocItem{Item: document.Item{Code: ExtraItemCode, Extensions: []string{"pdf", "jpg", "png", "doc", "docx", "hwp", "zip"}},
		KorName: "기타 서류", EngName: "Other document", GroupCode: "etc", GroupKorName: "기타", GroupEngName: "Other"}
}

// items answers the document items that apply to a round.
func (s *Service) items(ctx context.Context, k application.RoundKey) ([]DocItem, error) {
	rows, err := s.Docs.Items(ctx, k)
	return PickItems(rows), err
}

func (s *Service) load(ctx context.Context, h application.Header) (application.Round, []DocItem, []Document, error) {
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return r, nil, nil, err
	}
	items, err := s.items(ctx, h.Round)
	if err != nil {
		return r, nil, nil, err
	}
	docs, err := s.Docs.List(ctx, h.ApplNo)
	return r, items, docs, err
}

// Documents answers the documents page (GET /appl/doc/{applNo}).
func (s *Service) Documents(ctx context.Context, p permission.Principal, applNo int64) (DocView, error) {
	h, err := s.access(ctx, p, applNo, false)
	if err != nil {
		return DocView{}, err
	}
	r, items, docs, err := s.load(ctx, h)
	if err != nil {
		return DocView{}, err
	}
	return view(h, r, items, docs), nil
}

// ExtraAllowed answers isEtcDocumentUploadable for the application's round.
func (s *Service) ExtraAllowed(ctx context.Context, p permission.Principal, applNo int64) (bool, error) {
	h, err := s.access(ctx, p, applNo, false)
	if err != nil {
		return false, err
	}
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	return r.Rules.ExtraDocuments, err
}
