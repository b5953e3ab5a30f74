package memstore

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/helpdesk"
)

// Helpdesk is the FAQ and help-board store.
type Helpdesk struct{ *Store }

var _ helpdesk.Store = Helpdesk{}

type helpData struct {
	nextCat, nextEntry int64
	cats               map[int64]helpdesk.Category
	entries            map[int64]helpdesk.Entry
}

func (h *helpData) clone() *helpData {
	if h == nil {
		return &helpData{cats: map[int64]helpdesk.Category{}, entries: map[int64]helpdesk.Entry{}}
	}
	c := *h
	c.cats, c.entries = maps.Clone(h.cats), maps.Clone(h.entries)
	return &c
}

func (s Helpdesk) with(ctx context.Context, fn func(h *helpData) error) error {
	return s.do(ctx, func(d *data) error {
		if d.help == nil {
			d.help = d.help.clone()
		}
		return fn(d.help)
	})
}

// Categories answers every category by order, then id.
func (s Helpdesk) Categories(ctx context.Context) ([]helpdesk.Category, error) {
	var out []helpdesk.Category
	err := s.with(ctx, func(h *helpData) error {
		out = slices.Collect(maps.Values(h.cats))
		return nil
	})
	slices.SortFunc(out, func(a, b helpdesk.Category) int {
		return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.ID, b.ID))
	})
	return out, err
}

// Category answers one category.
func (s Helpdesk) Category(ctx context.Context, id int64) (helpdesk.Category, error) {
	var out helpdesk.Category
	err := s.with(ctx, func(h *helpData) error {
		c, ok := h.cats[id]
		if !ok {
			return apperr.NotFound(helpdesk.CodeCategoryNotFound)
		}
		out = c
		return nil
	})
	return out, err
}

// SaveCategory creates or replaces a category.
func (s Helpdesk) SaveCategory(ctx context.Context, c helpdesk.Category) (helpdesk.Category, error) {
	err := s.with(ctx, func(h *helpData) error {
		if c.ID == 0 {
			h.nextCat++
			c.ID = h.nextCat
		} else if _, ok := h.cats[c.ID]; !ok {
			return apperr.NotFound(helpdesk.CodeCategoryNotFound)
		}
		h.cats[c.ID] = c
		return nil
	})
	return c, err
}

// DeleteCategory removes a category no entry uses.
func (s Helpdesk) DeleteCategory(ctx context.Context, id int64) error {
	return s.with(ctx, func(h *helpData) error {
		if _, ok := h.cats[id]; !ok {
			return apperr.NotFound(helpdesk.CodeCategoryNotFound)
		}
		n := 0
		for _, e := range h.entries {
			if e.CategoryID == id {
				n++
			}
		}
		if n > 0 {
			return apperr.Conflict(helpdesk.CodeCategoryInUse).With("count", n)
		}
		delete(h.cats, id)
		return nil
	})
}

func helpMatches(e helpdesk.Entry, q helpdesk.Query) bool {
	if e.Kind != q.Kind || q.CategoryID != 0 && e.CategoryID != q.CategoryID || q.Published != nil && e.Published != *q.Published {
		return false
	}
	if q.Search == "" {
		return true
	}
	texts := []string{e.TitleKo, e.BodyKo, e.AnswerKo}
	if q.Lang == helpdesk.En {
		texts = []string{e.TitleEn, e.BodyEn, e.AnswerEn}
	}
	want := strings.ToLower(q.Search)
	return slices.ContainsFunc(texts, func(t string) bool { return strings.Contains(strings.ToLower(t), want) })
}

// helpOrder is the public order: FAQ by category order, entry order, id;
// help posts newest first. A sort field orders by it, then id.
func helpOrder(q helpdesk.Query, cats map[int64]helpdesk.Category) func(a, b helpdesk.Entry) int {
	return func(a, b helpdesk.Entry) int {
		var c int
		switch q.Sort {
		case "":
			if q.Kind == helpdesk.KindHelp {
				return cmp.Compare(b.ID, a.ID)
			}
			return cmp.Or(cmp.Compare(cats[a.CategoryID].Order, cats[b.CategoryID].Order), cmp.Compare(a.CategoryID, b.CategoryID),
				cmp.Compare(a.Order, b.Order), cmp.Compare(a.ID, b.ID))
		case "order":
			c = cmp.Compare(a.Order, b.Order)
		case "categoryId":
			c = cmp.Compare(a.CategoryID, b.CategoryID)
		case "published":
			c = cmp.Compare(helpBool(a.Published), helpBool(b.Published))
		case "updatedAt":
			c = a.UpdatedAt.Compare(b.UpdatedAt)
		case "titleKo":
			c = strings.Compare(a.TitleKo, b.TitleKo)
		case "titleEn":
			c = strings.Compare(a.TitleEn, b.TitleEn)
		}
		c = cmp.Or(c, cmp.Compare(a.ID, b.ID))
		if q.Desc {
			c = -c
		}
		return c
	}
}

func helpBool(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Entries answers a page of matching entries and the total.
func (s Helpdesk) Entries(ctx context.Context, q helpdesk.Query) ([]helpdesk.Entry, int, error) {
	var all []helpdesk.Entry
	var cats map[int64]helpdesk.Category
	err := s.with(ctx, func(h *helpData) error {
		for _, e := range h.entries {
			if helpMatches(e, q) {
				all = append(all, e)
			}
		}
		cats = h.cats
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	slices.SortFunc(all, helpOrder(q, cats))
	total := len(all)
	lo := min(q.Offset, total)
	hi := min(lo+q.Limit, total)
	return slices.Clone(all[lo:hi]), total, nil
}

// Entry answers one entry.
func (s Helpdesk) Entry(ctx context.Context, id int64) (helpdesk.Entry, error) {
	var out helpdesk.Entry
	err := s.with(ctx, func(h *helpData) error {
		e, ok := h.entries[id]
		if !ok {
			return apperr.NotFound(helpdesk.CodeNotFound)
		}
		out = e
		return nil
	})
	return out, err
}

// SaveEntry creates or replaces an entry.
func (s Helpdesk) SaveEntry(ctx context.Context, e helpdesk.Entry) (helpdesk.Entry, error) {
	err := s.with(ctx, func(h *helpData) error {
		if e.Kind == helpdesk.KindFAQ {
			if _, ok := h.cats[e.CategoryID]; !ok {
				var f apperr.Fields
				f.Add("categoryId", helpdesk.CodeCategoryUnknown)
				return f.Err()
			}
		}
		now := s.now().Truncate(1000)
		if e.ID == 0 {
			h.nextEntry++
			e.ID, e.CreatedAt = h.nextEntry, now
		} else if old, ok := h.entries[e.ID]; ok {
			e.CreatedAt = old.CreatedAt
		} else {
			return apperr.NotFound(helpdesk.CodeNotFound)
		}
		e.UpdatedAt = now
		h.entries[e.ID] = e
		return nil
	})
	return e, err
}

// DeleteEntry removes an entry.
func (s Helpdesk) DeleteEntry(ctx context.Context, id int64) error {
	return s.with(ctx, func(h *helpData) error {
		if _, ok := h.entries[id]; !ok {
			return apperr.NotFound(helpdesk.CodeNotFound)
		}
		delete(h.entries, id)
		return nil
	})
}
