package helpdesk

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/helpdesk"
	"github.com/gradapply/gradapply/core/permission"
)

// helpdeskHandlers serve the back office's pages of the FAQ and the help
// board (issue 14, docs/api-helpdesk.md) on /apply/api-auth/admin (system
// admins); everyone's reads are package public.
type helpdeskHandlers struct{ svc *helpdesk.Service }

func (s *server) mountHelpdesk(g edge.Groups) {
	if s.deps.Helpdesk == nil {
		return
	}
	h := &helpdeskHandlers{svc: s.deps.Helpdesk}
	m := edge.Require(permission.HelpdeskManage)
	for path, kind := range map[string]helpdesk.Kind{"/faq": helpdesk.KindFAQ, "/help-posts": helpdesk.KindHelp} {
		g.Admin.GET(path, h.list(kind, path[1:]), m)
		g.Admin.POST(path, h.save(kind, false), m)
		g.Admin.GET(path+"/:entryId", h.get(kind), m)
		g.Admin.PUT(path+"/:entryId", h.save(kind, true), m)
		g.Admin.DELETE(path+"/:entryId", h.remove(kind), m)
	}
	g.Admin.GET("/faq-categories", h.categories, m)
	g.Admin.POST("/faq-categories", h.saveCategory(false), m)
	g.Admin.GET("/faq-categories/:categoryId", h.category, m)
	g.Admin.PUT("/faq-categories/:categoryId", h.saveCategory(true), m)
	g.Admin.DELETE("/faq-categories/:categoryId", h.removeCategory, m)
}

// namedFields fills each field error's {field} with the field's label in the
// caller's language, so "Enter the answer (English)." names what is missing.
func namedFields(c *echo.Context, err error) error {
	ae, ok := apperr.As(err)
	if !ok || len(ae.Fields) == 0 {
		return err
	}
	loc := edge.LocaleOf(c)
	for i, f := range ae.Fields {
		p := map[string]any{"field": edge.Message(loc, "helpdesk.field."+f.Field, nil)}
		for k, v := range f.Params {
			p[k] = v
		}
		ae.Fields[i].Params = p
	}
	return ae
}

// helpEntryDTO is an entry as the back office edits it (react-admin record).
type helpEntryDTO struct {
	ID         int64  `json:"id"`
	CategoryID *int64 `json:"categoryId,omitempty"`
	TitleKo    string `json:"titleKo"`
	TitleEn    string `json:"titleEn"`
	BodyKo     string `json:"bodyKo"`
	BodyEn     string `json:"bodyEn"`
	AnswerKo   string `json:"answerKo"`
	AnswerEn   string `json:"answerEn"`
	Published  bool   `json:"published"`
	Order      int    `json:"order"`
	CreatedAt  string `json:"createdAt,omitempty"`
	UpdatedAt  string `json:"updatedAt,omitempty"`
	UpdatedBy  string `json:"updatedBy,omitempty"`
}

func toHelpEntryDTO(e helpdesk.Entry) helpEntryDTO {
	d := helpEntryDTO{ID: e.ID, TitleKo: e.TitleKo, TitleEn: e.TitleEn, BodyKo: e.BodyKo, BodyEn: e.BodyEn, AnswerKo: e.AnswerKo,
		AnswerEn: e.AnswerEn, Published: e.Published, Order: e.Order, CreatedAt: edge.TimeText(e.CreatedAt), UpdatedAt: edge.TimeText(e.UpdatedAt),
		UpdatedBy: e.UpdatedBy}
	if e.Kind == helpdesk.KindFAQ {
		d.CategoryID = &e.CategoryID
	}
	return d
}

func (h *helpdeskHandlers) list(kind helpdesk.Kind, resource string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		lp, err := edge.ParseList(c, helpdesk.SortFields, []string{"q", "categoryId", "published", "lang"})
		if err != nil {
			return err
		}
		var f apperr.Fields
		q := helpdesk.Query{Kind: kind, Lang: helpdesk.Ko, Search: lp.Filter["q"], Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit}
		if lp.Filter["lang"] == "en" {
			q.Lang = helpdesk.En
		}
		q.CategoryID = int64(edge.AtoiFilter(&f, "categoryId", lp.Filter["categoryId"]))
		switch lp.Filter["published"] {
		case "":
		case "true", "false":
			pub := lp.Filter["published"] == "true"
			q.Published = &pub
		default:
			return apperr.Invalid("list.filter_invalid").With("field", "published")
		}
		if err := f.Err(); err != nil {
			return err
		}
		list, total, err := h.svc.List(c.Request().Context(), edge.Principal(c), q)
		if err != nil {
			return err
		}
		out := make([]helpEntryDTO, len(list))
		for i, e := range list {
			out[i] = toHelpEntryDTO(e)
		}
		edge.NoStore(c)
		edge.ContentRange(c, resource, lp.Offset, len(out), total)
		return c.JSON(http.StatusOK, out)
	}
}

func (h *helpdeskHandlers) get(kind helpdesk.Kind) echo.HandlerFunc {
	return func(c *echo.Context) error {
		id, err := edge.PathID(c, "entryId", helpdesk.CodeNotFound)
		if err != nil {
			return err
		}
		e, err := h.svc.Get(c.Request().Context(), edge.Principal(c), kind, id)
		if err != nil {
			return err
		}
		edge.NoStore(c)
		return c.JSON(http.StatusOK, toHelpEntryDTO(e))
	}
}

func (h *helpdeskHandlers) save(kind helpdesk.Kind, update bool) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var id int64
		if update {
			var err error
			if id, err = edge.PathID(c, "entryId", helpdesk.CodeNotFound); err != nil {
				return err
			}
		}
		var in helpEntryDTO
		if err := edge.Bind(c, &in); err != nil {
			return err
		}
		e := helpdesk.Entry{ID: id, Kind: kind, TitleKo: in.TitleKo, TitleEn: in.TitleEn, BodyKo: in.BodyKo, BodyEn: in.BodyEn,
			AnswerKo: in.AnswerKo, AnswerEn: in.AnswerEn, Published: in.Published, Order: in.Order}
		if in.CategoryID != nil {
			e.CategoryID = *in.CategoryID
		}
		out, err := h.svc.Save(c.Request().Context(), edge.Principal(c), e)
		if err != nil {
			return namedFields(c, err)
		}
		status := http.StatusOK
		if !update {
			status = http.StatusCreated
		}
		return c.JSON(status, toHelpEntryDTO(out))
	}
}

func (h *helpdeskHandlers) remove(kind helpdesk.Kind) echo.HandlerFunc {
	return func(c *echo.Context) error {
		id, err := edge.PathID(c, "entryId", helpdesk.CodeNotFound)
		if err != nil {
			return err
		}
		if err := h.svc.Delete(c.Request().Context(), edge.Principal(c), kind, id); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]int64{"id": id})
	}
}

type faqCategoryDTO struct {
	ID      int64  `json:"id"`
	KorName string `json:"korName"`
	EngName string `json:"engName"`
	Order   int    `json:"order"`
}

func (h *helpdeskHandlers) categories(c *echo.Context) error {
	lp, err := edge.ParseList(c, []string{"order"}, nil)
	if err != nil {
		return err
	}
	list, err := h.svc.Categories(c.Request().Context(), edge.Principal(c))
	if err != nil {
		return err
	}
	if lp.Desc {
		for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
			list[i], list[j] = list[j], list[i]
		}
	}
	total := len(list)
	lo := min(lp.Offset, total)
	list = list[lo:min(lo+lp.Limit, total)]
	out := make([]faqCategoryDTO, len(list))
	for i, x := range list {
		out[i] = faqCategoryDTO(x)
	}
	edge.NoStore(c)
	edge.ContentRange(c, "faq-categories", lo, len(out), total)
	return c.JSON(http.StatusOK, out)
}

func (h *helpdeskHandlers) category(c *echo.Context) error {
	id, err := edge.PathID(c, "categoryId", helpdesk.CodeCategoryNotFound)
	if err != nil {
		return err
	}
	x, err := h.svc.Category(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, faqCategoryDTO(x))
}

func (h *helpdeskHandlers) saveCategory(update bool) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var id int64
		if update {
			var err error
			if id, err = edge.PathID(c, "categoryId", helpdesk.CodeCategoryNotFound); err != nil {
				return err
			}
		}
		var in faqCategoryDTO
		if err := edge.Bind(c, &in); err != nil {
			return err
		}
		in.ID = id
		out, err := h.svc.SaveCategory(c.Request().Context(), edge.Principal(c), helpdesk.Category(in))
		if err != nil {
			return namedFields(c, err)
		}
		status := http.StatusOK
		if !update {
			status = http.StatusCreated
		}
		return c.JSON(status, faqCategoryDTO(out))
	}
}

func (h *helpdeskHandlers) removeCategory(c *echo.Context) error {
	id, err := edge.PathID(c, "categoryId", helpdesk.CodeCategoryNotFound)
	if err != nil {
		return err
	}
	if err := h.svc.DeleteCategory(c.Request().Context(), edge.Principal(c), id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int64{"id": id})
}
