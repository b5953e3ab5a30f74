package public

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/helpdesk"
	"github.com/gradapply/gradapply/core/window"
)

// helpHandlers serve the FAQ and the help board as everyone reads them
// (issue 14, docs/api-helpdesk.md); staff edit them in package backoffice.
type helpHandlers struct{ svc *helpdesk.Service }

// mountHelp registers the public reads of the FAQ and the help board on
// /apply/api.
func mountHelp(d edge.Deps, g edge.Groups) {
	if d.Helpdesk == nil {
		return
	}
	h := &helpHandlers{svc: d.Helpdesk}
	g.Public.GET("/faq", h.publicFAQ)
	g.Public.GET("/help", h.publicHelp)
	g.Public.GET("/help/:id", h.publicHelpPost)
}

// helpLang is the language shown and searched in: ?lang= (the page's
// language), else the caller's locale.
func helpLang(c *echo.Context) edge.Locale {
	if v := c.QueryParam("lang"); v != "" {
		return edge.ParseLocale(v)
	}
	return edge.LocaleOf(c)
}

func helpSearchLang(l edge.Locale) helpdesk.Lang {
	if l == edge.En {
		return helpdesk.En
	}
	return helpdesk.Ko
}

type publicFaqCategoryDTO struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type publicHelpEntryDTO struct {
	ID         int64  `json:"id"`
	CategoryID int64  `json:"categoryId,omitempty"`
	Title      string `json:"title"`
	Body       string `json:"body,omitempty"`
	Answer     string `json:"answer"`
	UpdatedAt  string `json:"updatedAt"`
}

func toPublicHelp(l edge.Locale, e helpdesk.Entry) publicHelpEntryDTO {
	return publicHelpEntryDTO{ID: e.ID, CategoryID: e.CategoryID, Title: edge.Pick(l, e.TitleKo, e.TitleEn), Body: edge.Pick(l, e.BodyKo, e.BodyEn),
		Answer: edge.Pick(l, e.AnswerKo, e.AnswerEn), UpdatedAt: e.UpdatedAt.In(window.Seoul).Format(time.DateOnly)}
}

func (h *helpHandlers) publicFAQ(c *echo.Context) error {
	var f apperr.Fields
	cat := edge.AtoiFilter(&f, "categoryId", c.QueryParam("categoryId"))
	if err := f.Err(); err != nil {
		return err
	}
	l := helpLang(c)
	faq, err := h.svc.PublicFAQ(c.Request().Context(), helpSearchLang(l), c.QueryParam("q"), int64(cat))
	if err != nil {
		return err
	}
	cats := make([]publicFaqCategoryDTO, len(faq.Categories))
	for i, x := range faq.Categories {
		cats[i] = publicFaqCategoryDTO{ID: x.ID, Name: edge.Pick(l, x.KorName, x.EngName)}
	}
	entries := make([]publicHelpEntryDTO, len(faq.Entries))
	for i, e := range faq.Entries {
		entries[i] = toPublicHelp(l, e)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]any{"categories": cats, "entries": entries})
}

func (h *helpHandlers) publicHelp(c *echo.Context) error {
	var f apperr.Fields
	page, size := edge.AtoiFilter(&f, "page", c.QueryParam("page")), edge.AtoiFilter(&f, "size", c.QueryParam("size"))
	if err := f.Err(); err != nil {
		return err
	}
	page, size = max(page, 1), min(max(size, 1), helpdesk.PublicLimit)
	if c.QueryParam("size") == "" {
		size = 10
	}
	l := helpLang(c)
	list, total, err := h.svc.PublicHelp(c.Request().Context(), helpSearchLang(l), c.QueryParam("q"), (page-1)*size, size)
	if err != nil {
		return err
	}
	items := make([]publicHelpEntryDTO, len(list))
	for i, e := range list {
		items[i] = toPublicHelp(l, e)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]any{"items": items, "total": total, "page": page, "size": size})
}

func (h *helpHandlers) publicHelpPost(c *echo.Context) error {
	id, err := edge.PathID(c, "id", helpdesk.CodeNotFound)
	if err != nil {
		return err
	}
	e, err := h.svc.PublicEntry(c.Request().Context(), helpdesk.KindHelp, id)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toPublicHelp(helpLang(c), e))
}
