package backoffice

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
)

// readerHandlers serve the reader (issue 23 item 1): the whole application
// as the applicant filled it, in the caller's language, with what staff
// did to it.
type readerHandlers struct{ svc *printing.Reader }

// mountReader registers GET /admin/applications/{applNo}/reader. Staff who
// read applications and reviewers pass the edge (403 for any other role);
// core lets staff of the school and the reviewers assigned to the
// application read it, and tells anyone else it does not exist.
func (s *server) mountReader(g edge.Groups) {
	if s.deps.Reader == nil {
		return
	}
	h := &readerHandlers{svc: s.deps.Reader}
	g.Admin.GET("/applications/:applNo/reader", h.read, requireAny(permission.ApplicationRead, permission.EvaluationScore))
}

// requireAny is edge.Require for a route two kinds of callers use: 401 for
// guests, 403 unless the table gives the caller one of the actions.
func requireAny(actions ...permission.Action) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			p := edge.Principal(c)
			if !p.Authenticated() {
				return apperr.Unauthenticated("auth.required")
			}
			for _, a := range actions {
				if permission.Can(p, a, "") {
					return next(c)
				}
			}
			return apperr.Forbidden("auth.forbidden")
		}
	}
}

// readerFieldDTO is one row: its label in the caller's language and the
// value (already a name, never a code).
type readerFieldDTO struct {
	Label string `json:"label"`
	Value string `json:"value"`
	Long  bool   `json:"long"`
}

type readerBlockDTO struct {
	Title  string           `json:"title"`
	Fields []readerFieldDTO `json:"fields"`
}

type readerSectionDTO struct {
	// Key is the section's English title in lower kebab case, stable
	// across languages (for anchors and tests).
	Key    string           `json:"key"`
	Title  string           `json:"title"`
	Blocks []readerBlockDTO `json:"blocks"`
}

type readerEntryDTO struct {
	ID        int64          `json:"id"`
	Actor     string         `json:"actor"`
	Action    string         `json:"action"`
	Detail    map[string]any `json:"detail"`
	From      string         `json:"from"`
	CreatedAt string         `json:"createdAt"`
}

type readerDTO struct {
	ApplNo     int64              `json:"applNo"`
	Lang       string             `json:"lang"`
	School     string             `json:"school"`
	ExamNumber *string            `json:"examNumber"`
	Sections   []readerSectionDTO `json:"sections"`
	Reviewer   bool               `json:"reviewer"`
	Reviews    []readerEntryDTO   `json:"reviews"`
	Trail      []readerEntryDTO   `json:"trail"`
}

func (h *readerHandlers) read(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	lang := printing.ParseLang(string(edge.LocaleOf(c)))
	v, err := h.svc.Read(c.Request().Context(), edge.Principal(c), n, lang)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, toReader(v, lang))
}

func toReader(v printing.ReaderView, lang printing.Lang) readerDTO {
	out := readerDTO{ApplNo: v.ApplNo, Lang: string(lang), School: v.School.In(lang), ExamNumber: edge.StrPtr(v.ExamNumber),
		Sections: make([]readerSectionDTO, len(v.Sections)), Reviewer: v.Reviewer,
		Reviews: toReaderEntries(v.Reviews), Trail: toReaderEntries(v.Trail)}
	for i, s := range v.Sections {
		sd := readerSectionDTO{Key: sectionKey(s.Title.En), Title: s.Title.In(lang), Blocks: make([]readerBlockDTO, len(s.Blocks))}
		for j, b := range s.Blocks {
			bd := readerBlockDTO{Title: b.Title.In(lang), Fields: make([]readerFieldDTO, len(b.Fields))}
			for k, f := range b.Fields {
				bd.Fields[k] = readerFieldDTO{Label: f.Label.In(lang), Value: f.Value, Long: f.Long}
			}
			sd.Blocks[j] = bd
		}
		out.Sections[i] = sd
	}
	return out
}

// toReaderEntries maps the rows; none is an empty list, never null.
func toReaderEntries(list []audit.Entry) []readerEntryDTO {
	out := make([]readerEntryDTO, 0, len(list))
	for _, e := range list {
		out = append(out, toReaderEntry(e))
	}
	return out
}

func toReaderEntry(e audit.Entry) readerEntryDTO {
	d := e.Detail
	if d == nil {
		d = map[string]any{}
	}
	return readerEntryDTO{ID: e.ID, Actor: e.Actor, Action: e.Action, Detail: d, From: e.From, CreatedAt: edge.TimeText(e.CreatedAt)}
}

// sectionKey is "Basic information" → "basic-information".
func sectionKey(title string) string {
	out := make([]byte, 0, len(title))
	dash := false
	for _, r := range []byte(title) {
		switch {
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
			fallthrough
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && len(out) > 0 {
				out = append(out, '-')
			}
			out, dash = append(out, r), false
		default:
			dash = true
		}
	}
	return string(out)
}
