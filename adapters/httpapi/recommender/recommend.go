package recommender

import (
	"context"
	"mime/multipart"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/recommendation"
)

// Rate limits of the key routes, per client address: every call, and the
// calls with a key that opens nothing (guessing).
const (
	recommendCallsPerHour  = 600
	recommendMissesPerHour = 30
)

type recommendHandlers struct {
	svc     *recommendation.Service
	counter edge.Counter
}

// mountRecommend registers the routes of issue 11 (docs/api-recommend.md):
// the applicant's requests and the recommender's key pages (the staff's
// letters and templates are package backoffice).
func (s *server) mountRecommend(g edge.Groups) {
	if s.deps.Recommend == nil {
		return
	}
	h := &recommendHandlers{svc: s.deps.Recommend, counter: s.deps.Counter}
	a := g.Authed
	a.GET("/appl/recommend/:applNo", h.requests)
	a.POST("/appl/recommend/:applNo", h.create)
	a.POST("/appl/recommend/:applNo/:reqNo/resend", h.resend)
	a.PUT("/appl/recommend/:applNo/:reqNo/email", h.changeEmail)
	a.DELETE("/appl/recommend/:applNo/:reqNo", h.cancel)

	k := g.Public.Group("/recommend/:key", h.limit)
	k.GET("", h.overview)
	k.GET("/form", h.open)
	k.PUT("/form", h.save)
	k.POST("/submit", h.submit)
	k.POST("/file", h.upload, middleware.BodyLimit(recommendation.FileItem.Limit("pdf")+edge.UploadOverhead))

}

// limit counts the key routes per client address. A client that calls too
// often is refused. One that has tried too many keys that open nothing is
// refused only for keys that open nothing: a professor behind a
// university's NAT, where someone else guessed, still opens a valid key.
// A refusal's Retry-After is the real wait, the rest of the hour.
func (h *recommendHandlers) limit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		ctx := c.Request().Context()
		ip := c.RealIP()
		calls, misses := "recommend:call:"+ip, "recommend:miss:"+ip
		guessing := false
		if h.counter != nil {
			if n, err := h.counter.Incr(ctx, calls, time.Hour); err == nil && n > recommendCallsPerHour {
				return h.limited(ctx, calls)
			}
			if n, err := h.counter.Count(ctx, misses); err == nil && n >= recommendMissesPerHour {
				guessing = true
			}
		}
		c.Response().Header().Set("Referrer-Policy", "no-referrer")
		edge.NoStore(c)
		err := next(c)
		if h.counter != nil && apperr.CodeOf(err) == recommendation.CodeNoRequest {
			if guessing {
				return h.limited(ctx, misses)
			}
			_, _ = h.counter.Incr(ctx, misses, time.Hour)
		}
		return err
	}
}

// limited is the refusal of a limit, with the seconds until its window ends.
func (h *recommendHandlers) limited(ctx context.Context, key string) error {
	wait, err := h.counter.Wait(ctx, key)
	if err != nil || wait <= 0 {
		wait = time.Hour
	}
	return apperr.TooMany(codeRecommendLimited).With(edge.RetryAfterParam, int((wait+time.Second-1)/time.Second))
}

const codeRecommendLimited = "recommend.rate_limited"

// ReqNo reads {reqNo}; anything but a positive number is no request.
func ReqNo(c *echo.Context) (int64, error) {
	n, err := strconv.ParseInt(c.Param("reqNo"), 10, 64)
	if err != nil || n <= 0 {
		return 0, apperr.NotFound(recommendation.CodeNoRequest)
	}
	return n, nil
}

// queryReq reads ?req=, the request of the key's address to open (0: the
// key's own).
func queryReq(c *echo.Context) (int64, error) {
	v := c.QueryParam("req")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return 0, apperr.NotFound(recommendation.CodeNoRequest)
	}
	return n, nil
}

// TimePtr is a time in UTC, RFC 3339; nil for none.
func TimePtr(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}

// ---- the applicant ----

// RequestDTO is a letter request as its applicant sees it (staff see it too).
type RequestDTO struct {
	ReqNo         int64   `json:"reqNo"`
	ProfName      string  `json:"profName"`
	Email         string  `json:"email"`
	Phone         string  `json:"phone"`
	Institution   string  `json:"institution"`
	Position      string  `json:"position"`
	Locale        string  `json:"locale"`
	Status        string  `json:"status"`
	CreatedAt     string  `json:"createdAt"`
	MailSentAt    *string `json:"mailSentAt"`
	MailRefusedAt *string `json:"mailRefusedAt"`
	MailError     string  `json:"mailError,omitempty"`
	SubmittedAt   *string `json:"submittedAt"`
	Cancellable   bool    `json:"cancellable"`
	EmailEditable bool    `json:"emailEditable"`
}

// ToRequest maps a request as its applicant sees it.
func ToRequest(v recommendation.ApplicantView) RequestDTO {
	return RequestDTO{ReqNo: v.No, ProfName: v.Request.ProfName, Email: v.Request.Email, Phone: v.Request.Phone,
		Institution: v.Request.Institution, Position: v.Request.Position, Locale: v.Locale, Status: string(v.Status),
		CreatedAt: edge.TimeStr(v.CreatedAt), MailSentAt: TimePtr(v.MailSentAt), MailRefusedAt: TimePtr(v.MailRefusedAt),
		MailError: v.MailError, SubmittedAt: TimePtr(v.SubmittedAt), Cancellable: v.Cancellable, EmailEditable: v.EmailEditable}
}

type requestListDTO struct {
	ApplNo        int64        `json:"applNo"`
	Letters       int          `json:"letters"`
	CanRequest    bool         `json:"canRequest"`
	WindowOpen    bool         `json:"windowOpen"`
	WindowMessage *string      `json:"windowMessage"`
	Deadline      string       `json:"deadline"`
	List          []RequestDTO `json:"list"`
}

func (h *recommendHandlers) requests(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	l, err := h.svc.Requests(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	out := requestListDTO{ApplNo: l.ApplNo, Letters: l.Letters, CanRequest: l.CanRequest, WindowOpen: l.WindowOpen, Deadline: edge.TimeStr(l.Deadline), List: []RequestDTO{}}
	if e, ok := apperr.As(l.WindowError); ok {
		out.WindowMessage = edge.StrPtr(edge.Message(edge.LocaleOf(c), e.Code, e.Params))
	}
	for _, r := range l.Requests {
		out.List = append(out.List, ToRequest(r))
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

type createIn struct {
	ProfName    string `json:"profName"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
	Institution string `json:"institution"`
	Position    string `json:"position"`
	Locale      string `json:"locale"`
}

func (in createIn) request() recommendation.Request {
	return recommendation.Request{ProfName: in.ProfName, Email: in.Email, Phone: in.Phone, Institution: in.Institution, Position: in.Position}
}

func (h *recommendHandlers) create(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in createIn
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	v, err := h.svc.Create(c.Request().Context(), edge.Principal(c), n, in.request(), in.Locale)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, ToRequest(v))
}

func (h *recommendHandlers) one(c *echo.Context, fn func(ctx context.Context, p permission.Principal, applNo, no int64) (recommendation.ApplicantView, error)) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	no, err := ReqNo(c)
	if err != nil {
		return err
	}
	v, err := fn(c.Request().Context(), edge.Principal(c), n, no)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, ToRequest(v))
}

func (h *recommendHandlers) resend(c *echo.Context) error { return h.one(c, h.svc.Resend) }

func (h *recommendHandlers) changeEmail(c *echo.Context) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	return h.one(c, func(ctx context.Context, p permission.Principal, applNo, no int64) (recommendation.ApplicantView, error) {
		return h.svc.ChangeEmail(ctx, p, applNo, no, in.Email)
	})
}

func (h *recommendHandlers) cancel(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	no, err := ReqNo(c)
	if err != nil {
		return err
	}
	if err := h.svc.Cancel(c.Request().Context(), edge.Principal(c), n, no); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// ---- the recommender ----

type entryDTO struct {
	ReqNo         int64   `json:"reqNo"`
	ApplicantName string  `json:"applicantName"`
	SchoolKorName string  `json:"schoolKorName"`
	SchoolEngName string  `json:"schoolEngName"`
	RoundKorName  string  `json:"roundKorName"`
	RoundEngName  string  `json:"roundEngName"`
	Deadline      string  `json:"deadline"`
	Status        string  `json:"status"`
	Writable      bool    `json:"writable"`
	Closed        *string `json:"closedMessage"`
}

type profileDTO struct {
	Name        string `json:"name"`
	Institution string `json:"institution"`
	Position    string `json:"position"`
	Phone       string `json:"phone"`
}

func toProfile(p recommendation.Profile) profileDTO {
	return profileDTO{Name: p.Name, Institution: p.Institution, Position: p.Position, Phone: p.Phone}
}

type overviewDTO struct {
	Current int64      `json:"current"`
	Email   string     `json:"email"`
	Profile profileDTO `json:"profile"`
	List    []entryDTO `json:"list"`
}

func (h *recommendHandlers) overview(c *echo.Context) error {
	o, err := h.svc.Overview(c.Request().Context(), c.Param("key"))
	if err != nil {
		return err
	}
	out := overviewDTO{Current: o.Current, Email: o.Email, Profile: toProfile(o.Profile), List: []entryDTO{}}
	for _, e := range o.Entries {
		d := entryDTO{ReqNo: e.No, ApplicantName: e.ApplicantName, SchoolKorName: e.SchoolKorName, SchoolEngName: e.SchoolEngName,
			RoundKorName: e.RoundKorName, RoundEngName: e.RoundEngName, Deadline: edge.TimeStr(e.Deadline), Status: string(e.Status), Writable: e.Writable}
		if ae, ok := apperr.As(e.Closed); ok {
			d.Closed = edge.StrPtr(edge.Message(edge.LocaleOf(c), ae.Code, ae.Params))
		}
		out.List = append(out.List, d)
	}
	return c.JSON(http.StatusOK, out)
}

type formDTO struct {
	ReqNo         int64             `json:"reqNo"`
	ApplicantName string            `json:"applicantName"`
	SchoolKorName string            `json:"schoolKorName"`
	SchoolEngName string            `json:"schoolEngName"`
	RoundKorName  string            `json:"roundKorName"`
	RoundEngName  string            `json:"roundEngName"`
	Deadline      string            `json:"deadline"`
	Status        string            `json:"status"`
	Editable      bool              `json:"editable"`
	Template      TemplateBodyDTO   `json:"template"`
	Answers       map[string]string `json:"answers"`
	ProfSign      string            `json:"profSign"`
	Profile       profileDTO        `json:"profile"`
	File          *recommendFileDTO `json:"file"`
	FileRule      map[string]any    `json:"fileRule"`
	SavedAt       *string           `json:"savedAt"`
	SubmittedAt   *string           `json:"submittedAt"`
}

type recommendFileDTO struct {
	FileName string `json:"fileName"`
	Size     int64  `json:"size"`
}

func toForm(f recommendation.Form) formDTO {
	r, l := f.Req, f.Req.Letter()
	out := formDTO{ReqNo: r.No(), ApplicantName: r.ApplicantName(), SchoolKorName: f.Round.SchoolKorName,
		SchoolEngName: f.Round.SchoolEngName, RoundKorName: f.Round.KorName, RoundEngName: f.Round.EngName,
		Status: string(r.Status()), Editable: r.Status() != recommendation.Completed, Template: ToTemplateBody(f.Template),
		Answers: l.Answers, ProfSign: l.ProfSign, Profile: toProfile(f.Profile),
		SavedAt: TimePtr(r.SavedAt()), SubmittedAt: TimePtr(r.SubmittedAt())}
	for _, w := range f.Round.Windows {
		if string(w.Kind) == "RECOMMEND" {
			out.Deadline = edge.TimeStr(w.End)
		}
	}
	if out.Answers == nil {
		out.Answers = map[string]string{}
	}
	if r.FileStored() != "" {
		out.File = &recommendFileDTO{FileName: r.FileName(), Size: r.FileSize()}
	}
	out.FileRule = map[string]any{"extensions": f.FileItem.Extensions, "maxSize": f.FileItem.Limit("pdf"), "required": f.Template.FileRequired}
	return out
}

func (h *recommendHandlers) open(c *echo.Context) error {
	no, err := queryReq(c)
	if err != nil {
		return err
	}
	f, err := h.svc.Open(c.Request().Context(), c.Param("key"), no)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toForm(f))
}

type draftIn struct {
	Answers  map[string]string `json:"answers"`
	ProfSign string            `json:"profSign"`
	Profile  profileDTO        `json:"profile"`
}

func (h *recommendHandlers) write(c *echo.Context, submit bool) error {
	no, err := queryReq(c)
	if err != nil {
		return err
	}
	var in draftIn
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	d := recommendation.Draft{Letter: recommendation.Letter{Answers: in.Answers, ProfSign: in.ProfSign},
		Profile: recommendation.Profile{Name: in.Profile.Name, Institution: in.Profile.Institution, Position: in.Profile.Position, Phone: in.Profile.Phone}}
	f, err := h.svc.Save(c.Request().Context(), c.Param("key"), no, d, submit)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toForm(f))
}

func (h *recommendHandlers) save(c *echo.Context) error   { return h.write(c, false) }
func (h *recommendHandlers) submit(c *echo.Context) error { return h.write(c, true) }

// upload streams the "file" part of a multipart form to the file store.
func (h *recommendHandlers) upload(c *echo.Context) error {
	no, err := queryReq(c)
	if err != nil {
		return err
	}
	return edge.Upload{File: func(part *multipart.Part) error {
		name := edge.PartName(part)
		if err := edge.FileName(name); err != nil {
			return err
		}
		f, err := h.svc.Upload(c.Request().Context(), c.Param("key"), no, name, part)
		if err != nil {
			return edge.UploadErr(err)
		}
		return c.JSON(http.StatusOK, toForm(f))
	}}.Read(c)
}

// templateBodyDTO is a letter template as the admin's template page and
// the recommender's form read it.
type TemplateBodyDTO struct {
	Version      int                 `json:"version"`
	Letters      int                 `json:"letters"`
	FileRequired bool                `json:"fileRequired"`
	Questions    []letterQuestionDTO `json:"questions"`
}

type letterQuestionDTO struct {
	Code    string            `json:"code"`
	Kind    string            `json:"kind,omitempty"`
	Kor     string            `json:"kor,omitempty"`
	Eng     string            `json:"eng,omitempty"`
	Options []string          `json:"options,omitempty"`
	Labels  []letterOptionDTO `json:"labels,omitempty"`
	Max     int               `json:"max,omitempty"`
}

type letterOptionDTO struct {
	Code string `json:"code"`
	Kor  string `json:"kor"`
	Eng  string `json:"eng"`
}

// ToTemplateBody maps a letter template.
func ToTemplateBody(t recommendation.Template) TemplateBodyDTO {
	out := TemplateBodyDTO{Version: t.Version, Letters: t.Letters, FileRequired: t.FileRequired}
	for _, q := range t.Questions {
		d := letterQuestionDTO{Code: q.Code, Kind: q.Kind, Kor: q.Kor, Eng: q.Eng, Options: q.Options, Max: q.Max}
		for _, o := range q.Labels {
			d.Labels = append(d.Labels, letterOptionDTO{Code: o.Code, Kor: o.Kor, Eng: o.Eng})
		}
		out.Questions = append(out.Questions, d)
	}
	return out
}

// Template is the template the staff sent, for round k.
func (b TemplateBodyDTO) Template(k application.RoundKey) recommendation.Template {
	t := recommendation.Template{Round: k, Version: b.Version, Letters: b.Letters, FileRequired: b.FileRequired}
	for _, d := range b.Questions {
		q := recommendation.Question{Code: d.Code, Kind: d.Kind, Kor: d.Kor, Eng: d.Eng, Options: d.Options, Max: d.Max}
		for _, o := range d.Labels {
			q.Labels = append(q.Labels, recommendation.Option{Code: o.Code, Kor: o.Kor, Eng: o.Eng})
		}
		t.Questions = append(t.Questions, q)
	}
	return t
}
