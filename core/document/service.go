package document

import (
	"context"
	"slices"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/window"
)

// Service is the document use cases of an application: the documents
// page, upload, delete, the FILE_SAVE step and the download of a file. It
// builds on the application form's stores (core/application).
type Service struct {
	Ref   application.Reference
	Apps  application.Applications
	Forms application.Forms
	Log   port.AuditLog // nil: admin reads are not logged (tests only)
	Docs  Documents
	Files FileStore
	Clock window.Clock
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

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

// checkEdit refuses a change of the documents outside the SUBMIT window
// (unless exempt) and once the application is submitted, completed or
// cancelled. The same rule runs again under the row lock.
func (s *Service) checkEdit(p permission.Principal, r application.Round, st application.State, now time.Time) error {
	if err := s.guard().Allow(p, r, window.ActEdit, now); err != nil {
		return err
	}
	return st.CheckEditable()
}

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
	for seq := 1; seq <= ExtraSlots; seq++ {
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
	return DocItem{Item: Item{Code: ExtraItemCode, Extensions: []string{"pdf", "jpg", "png", "doc", "docx", "hwp", "zip"}},
		KorName: "기타 서류", EngName: "Other document", GroupCode: "etc", GroupKorName: "기타", GroupEngName: "Other"}
}

// RoundItems answers the document items that apply to a round (PickItems
// over the store's rows).
func RoundItems(ctx context.Context, docs Documents, k application.RoundKey) ([]DocItem, error) {
	rows, err := docs.Items(ctx, k)
	return PickItems(rows), err
}

// CheckUploaded refuses (CodeRequiredMissing) when a required item of
// items has no document among docs (extra slots do not count).
func CheckUploaded(items []DocItem, docs []Document) error {
	plain := make([]Item, 0, len(items))
	for _, it := range items {
		plain = append(plain, it.Item)
	}
	return CheckRequired(plain, func(code string) bool {
		return slices.ContainsFunc(docs, func(d Document) bool { return d.Slot == 0 && d.ItemCode == code })
	})
}

func (s *Service) load(ctx context.Context, h application.Header) (application.Round, []DocItem, []Document, error) {
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
	if err != nil {
		return r, nil, nil, err
	}
	items, err := RoundItems(ctx, s.Docs, h.Round)
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
