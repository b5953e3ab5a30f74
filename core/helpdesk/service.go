package helpdesk

import (
	"context"
	"fmt"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/port"
	"github.com/gradapply/gradapply/core/textrule"
)

// Service is the FAQ and the help board: public reads of what is
// published, and the back office's writes (system admins only: the FAQ
// and the help board are the provider's, the same for every school).
type Service struct {
	Store Store
	Audit port.AuditLog
	Tx    port.Tx
}

// PublicLimit bounds one public page (the FAQ answers at most this many
// entries; the help board pages by at most this many).
const PublicLimit = 100

// FAQ is what the public FAQ page shows: every category and the published
// entries matching the search.
type FAQ struct {
	Categories []Category
	Entries    []Entry
}

func search(q string) (string, error) {
	q = strings.TrimSpace(q)
	if !textrule.Within(q, MaxSearch) {
		var f apperr.Fields
		f.AddParam("q", CodeSearchTooLong, "max", MaxSearch)
		return "", f.Err()
	}
	return q, nil
}

func published() *bool { t := true; return &t }

// PublicFAQ answers the categories and the published FAQ entries whose
// question or answer in lang contains q (every entry when q is empty), in
// category order, then entry order.
func (s *Service) PublicFAQ(ctx context.Context, lang Lang, q string, categoryID int64) (FAQ, error) {
	q, err := search(q)
	if err != nil {
		return FAQ{}, err
	}
	cats, err := s.Store.Categories(ctx)
	if err != nil {
		return FAQ{}, err
	}
	list, _, err := s.Store.Entries(ctx, Query{Kind: KindFAQ, Lang: lang, Search: q, CategoryID: categoryID,
		Published: published(), Limit: PublicLimit})
	if err != nil {
		return FAQ{}, err
	}
	return FAQ{Categories: cats, Entries: list}, nil
}

// PublicHelp answers one page of published help posts matching q in lang,
// newest order first, and the total.
func (s *Service) PublicHelp(ctx context.Context, lang Lang, q string, offset, limit int) ([]Entry, int, error) {
	q, err := search(q)
	if err != nil {
		return nil, 0, err
	}
	if limit <= 0 || limit > PublicLimit {
		limit = 10
	}
	return s.Store.Entries(ctx, Query{Kind: KindHelp, Lang: lang, Search: q, Published: published(),
		Offset: max(offset, 0), Limit: limit})
}

// PublicEntry answers one published entry of a kind; anything else is not found.
func (s *Service) PublicEntry(ctx context.Context, kind Kind, id int64) (Entry, error) {
	e, err := s.Store.Entry(ctx, id)
	if err != nil {
		return Entry{}, err
	}
	if e.Kind != kind || !e.Published {
		return Entry{}, apperr.NotFound(CodeNotFound)
	}
	return e, nil
}

func may(p permission.Principal) error {
	if !permission.Can(p, permission.HelpdeskManage, "") {
		return apperr.Forbidden("auth.forbidden")
	}
	return nil
}

// List answers a page of entries of q.Kind to the back office.
func (s *Service) List(ctx context.Context, p permission.Principal, q Query) ([]Entry, int, error) {
	if err := may(p); err != nil {
		return nil, 0, err
	}
	var err error
	if q.Search, err = search(q.Search); err != nil {
		return nil, 0, err
	}
	if q.Limit <= 0 || q.Limit > PublicLimit {
		q.Limit = 25
	}
	q.Offset = max(q.Offset, 0)
	return s.Store.Entries(ctx, q)
}

// Get answers one entry of a kind to the back office.
func (s *Service) Get(ctx context.Context, p permission.Principal, kind Kind, id int64) (Entry, error) {
	if err := may(p); err != nil {
		return Entry{}, err
	}
	e, err := s.Store.Entry(ctx, id)
	if err == nil && e.Kind != kind {
		err = apperr.NotFound(CodeNotFound)
	}
	return e, err
}

// Target names an entry in the audit log.
func Target(e Entry) string { return fmt.Sprintf("%s:%d", strings.ToLower(string(e.Kind)), e.ID) }

func action(k Kind, verb string) string { return strings.ToLower(string(k)) + "." + verb }

// Save creates (in.ID 0) or updates an entry of a kind and writes the
// change (who, what before and after) to the audit log in the same
// transaction.
func (s *Service) Save(ctx context.Context, p permission.Principal, in Entry) (Entry, error) {
	if err := may(p); err != nil {
		return Entry{}, err
	}
	in = in.Normalise()
	if err := in.Validate(); err != nil {
		return Entry{}, err
	}
	in.UpdatedBy = p.UserID
	var out Entry
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		verb, detail := "create", map[string]any{}
		if in.ID != 0 {
			old, err := s.Store.Entry(ctx, in.ID)
			if err != nil {
				return err
			}
			if old.Kind != in.Kind {
				return apperr.NotFound(CodeNotFound)
			}
			in.CreatedAt = old.CreatedAt
			verb, detail["before"] = "update", auditFields(old)
		}
		var err error
		if out, err = s.Store.SaveEntry(ctx, in); err != nil {
			return err
		}
		detail["after"] = auditFields(out)
		return s.Audit.Record(ctx, p.UserID, action(in.Kind, verb), Target(out), detail)
	})
	return out, err
}

// Delete removes an entry of a kind, audited.
func (s *Service) Delete(ctx context.Context, p permission.Principal, kind Kind, id int64) error {
	if err := may(p); err != nil {
		return err
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		old, err := s.Store.Entry(ctx, id)
		if err != nil {
			return err
		}
		if old.Kind != kind {
			return apperr.NotFound(CodeNotFound)
		}
		if err := s.Store.DeleteEntry(ctx, id); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, action(kind, "delete"), Target(old), map[string]any{"before": auditFields(old)})
	})
}

func auditFields(e Entry) map[string]any {
	return map[string]any{"categoryId": e.CategoryID, "titleKo": e.TitleKo, "titleEn": e.TitleEn, "bodyKo": e.BodyKo,
		"bodyEn": e.BodyEn, "answerKo": e.AnswerKo, "answerEn": e.AnswerEn, "published": e.Published, "order": e.Order}
}

// Categories answers every FAQ category to the back office.
func (s *Service) Categories(ctx context.Context, p permission.Principal) ([]Category, error) {
	if err := may(p); err != nil {
		return nil, err
	}
	return s.Store.Categories(ctx)
}

// Category answers one FAQ category to the back office.
func (s *Service) Category(ctx context.Context, p permission.Principal, id int64) (Category, error) {
	if err := may(p); err != nil {
		return Category{}, err
	}
	return s.Store.Category(ctx, id)
}

func categoryTarget(id int64) string { return fmt.Sprintf("faq_category:%d", id) }

func categoryFields(c Category) map[string]any {
	return map[string]any{"korName": c.KorName, "engName": c.EngName, "order": c.Order}
}

// SaveCategory creates (in.ID 0) or updates a category, audited.
func (s *Service) SaveCategory(ctx context.Context, p permission.Principal, in Category) (Category, error) {
	if err := may(p); err != nil {
		return Category{}, err
	}
	in.KorName, in.EngName = strings.TrimSpace(in.KorName), strings.TrimSpace(in.EngName)
	if err := in.Validate(); err != nil {
		return Category{}, err
	}
	var out Category
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		verb, detail := "create", map[string]any{}
		if in.ID != 0 {
			old, err := s.Store.Category(ctx, in.ID)
			if err != nil {
				return err
			}
			verb, detail["before"] = "update", categoryFields(old)
		}
		var err error
		if out, err = s.Store.SaveCategory(ctx, in); err != nil {
			return err
		}
		detail["after"] = categoryFields(out)
		return s.Audit.Record(ctx, p.UserID, "faq_category."+verb, categoryTarget(out.ID), detail)
	})
	return out, err
}

// DeleteCategory removes a category no entry uses, audited.
func (s *Service) DeleteCategory(ctx context.Context, p permission.Principal, id int64) error {
	if err := may(p); err != nil {
		return err
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		old, err := s.Store.Category(ctx, id)
		if err != nil {
			return err
		}
		if err := s.Store.DeleteCategory(ctx, id); err != nil {
			return err
		}
		return s.Audit.Record(ctx, p.UserID, "faq_category.delete", categoryTarget(id), map[string]any{"before": categoryFields(old)})
	})
}
