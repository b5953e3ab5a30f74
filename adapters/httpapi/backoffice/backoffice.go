package backoffice

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/applicant"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/audit"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// backofficeHandlers serve the back office of issue 13 (docs/api-backoffice.md):
// applications, correction and review, members and roles, the access log
// and the exports.
type backofficeHandlers struct {
	apps     *application.Service
	accounts *account.Service
	log      audit.Log
	printer  *printing.Service // the exports
}

// mountBackoffice registers the back-office routes on /apply/api-auth/admin.
// Each route is guarded by the permission table here and again, with the
// application's school, in core.
func (s *server) mountBackoffice(g edge.Groups) {
	d := s.deps.Services
	if d.Apply == nil || d.Accounts == nil {
		return
	}
	h := &backofficeHandlers{apps: d.Apply, accounts: d.Accounts, log: d.AccessLog, printer: d.Printer}
	admin := g.Admin
	admin.GET("/applications", h.applications, edge.Require(permission.UserListAll))
	admin.GET("/applications/:applNo", h.application, edge.Require(permission.UserListAll))
	admin.POST("/applications/:applNo/reveal", h.reveal, edge.Require(permission.ApplicationReveal))
	admin.PUT("/applications/:applNo/basis", h.correct, edge.Require(permission.AdminBasicEdit))
	admin.POST("/applications/:applNo/review", h.review, edge.Require(permission.ApplicationReview))
	admin.GET("/members", h.members(permission.UserManage), edge.Require(permission.UserManage))
	admin.GET("/members/:userId", h.member(permission.UserManage), edge.Require(permission.UserManage))
	admin.PUT("/members/:userId/status", h.setStatus, edge.Require(permission.UserManage))
	admin.POST("/members/:userId/sanctions", h.sanction, edge.Require(permission.UserManage))
	admin.POST("/members/:userId/sanctions/fixed", h.fixed, edge.Require(permission.UserManage))
	admin.GET("/roles", h.members(permission.AuthManage), edge.Require(permission.AuthManage))
	admin.GET("/roles/:userId", h.member(permission.AuthManage), edge.Require(permission.AuthManage))
	admin.PUT("/roles/:userId", h.setRoles, edge.Require(permission.AuthManage))
	h.mountSupport(admin)
	admin.GET("/access-log", h.accessLog, edge.Require(permission.AccessLogRead))
	admin.GET("/dashboard", h.dashboard, edge.Require(permission.Dashboard))
	if d.Printer != nil && d.Printer.Exports != nil {
		admin.GET("/exports/applicants", h.exportApplicants, edge.Require(permission.ApplicationExport))
		admin.GET("/exports/documents", h.exportDocuments, edge.Require(permission.ApplicationExport))
	}
}

type staffRowDTO struct {
	ID             int64         `json:"id"`
	ApplNo         int64         `json:"applNo"`
	ApplID         *string       `json:"applId"`
	UserID         string        `json:"userId"`
	Email          string        `json:"email"`
	ApplicantName  string        `json:"applicantName"`
	SchoolCode     string        `json:"schoolCode"`
	SchoolKorName  string        `json:"schoolKorName"`
	SchoolEngName  string        `json:"schoolEngName"`
	EnterYear      int           `json:"enterYear"`
	RecruitPartSeq int           `json:"recruitPartSeq"`
	Status         string        `json:"status"`
	ReviewStatus   *string       `json:"reviewStatus"`
	Reviewing      bool          `json:"isApplReviewing"`
	Paid           bool          `json:"paid"`
	Money          staffMoneyDTO `json:"money"`
	CreatedAt      string        `json:"createdAt"`
	UpdatedAt      string        `json:"updatedAt"`
}

func (h *backofficeHandlers) applications(c *echo.Context) error {
	lp, err := edge.ParseList(c, application.StaffSortFields, []string{"q", "schoolCode", "enterYear", "recruitPartSeq", "status", "userId"})
	if err != nil {
		return err
	}
	var f apperr.Fields
	q := application.StaffQuery{Search: lp.Filter["q"], SchoolCode: lp.Filter["schoolCode"], Status: lp.Filter["status"],
		UserID: lp.Filter["userId"], Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit,
		EnterYear: edge.AtoiFilter(&f, "enterYear", lp.Filter["enterYear"]), RecruitPartSeq: edge.AtoiFilter(&f, "recruitPartSeq", lp.Filter["recruitPartSeq"])}
	if q.Status != "" {
		if _, err := application.ParseStatus(q.Status); err != nil {
			f.Add("status", application.CodeStatusUnknown)
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	rows, total, err := h.apps.StaffList(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]staffRowDTO, len(rows))
	for i, r := range rows {
		out[i] = staffRowDTO{ID: r.ApplNo, ApplNo: r.ApplNo, ApplID: edge.StrPtr(r.ApplID), UserID: r.UserID, Email: r.Email,
			ApplicantName: r.ApplicantName, SchoolCode: r.Round.SchoolCode, SchoolKorName: r.SchoolKorName, SchoolEngName: r.SchoolEngName,
			EnterYear: r.Round.EnterYear, RecruitPartSeq: r.Round.RecruitPartSeq, Status: string(r.State.Status),
			ReviewStatus: edge.StrPtr(string(r.State.ReviewStatus)), Reviewing: r.State.Reviewing, Paid: r.Money.Paid, Money: toStaffMoney(r.Money),
			CreatedAt: edge.TimeText(r.CreatedAt), UpdatedAt: edge.TimeText(r.UpdatedAt)}
	}
	edge.NoStore(c)
	edge.ContentRange(c, "applications", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

type consentDTO struct {
	Code       string `json:"code"`
	Version    string `json:"version"`
	AcceptedAt string `json:"acceptedAt"`
}

type staffViewDTO struct {
	applicant.RecordDTO
	Email         string                        `json:"email"`
	ApplicantInfo *applicant.ApplicantInfoDTO   `json:"applicantInfo"`
	AcadList      []applicant.AcademicRecordDTO `json:"acadList"`
	LangList      []applicant.LanguageEntryDTO  `json:"langList"`
	CareerList    []applicant.CareerDTO         `json:"careerList"`
	CertList      []applicant.CertificateDTO    `json:"certificateList"`
	EssayList     []applicant.EssayAnswerDTO    `json:"essayList"`
	Consents      []consentDTO                  `json:"consents"`
	Money         staffMoneyDTO                 `json:"money"`
	MayReveal     bool                          `json:"mayReveal"`
	MayCorrect    bool                          `json:"mayCorrect"`
	MayReview     bool                          `json:"mayReview"`
	MayPayInfo    bool                          `json:"mayPayInfo"`
	MayLetters    bool                          `json:"mayLetters"`
}

func toConsents(list []school.Acceptance) []consentDTO {
	out := make([]consentDTO, len(list))
	for i, a := range list {
		out[i] = consentDTO{Code: a.Code, Version: a.Version, AcceptedAt: edge.TimeText(a.At)}
	}
	return out
}

func (h *backofficeHandlers) application(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.apps.StaffRead(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	out := staffViewDTO{RecordDTO: applicant.ToRecord(v.Record), Email: v.Email, AcadList: edge.MapList(v.Academic, applicant.ToAcademicRecordDTO),
		LangList: edge.MapList(v.Languages, applicant.ToLanguageEntryDTO), CareerList: edge.MapList(v.Careers, applicant.ToCareerDTO),
		CertList: edge.MapList(v.Certs, applicant.ToCertificateDTO), EssayList: edge.MapList(v.Essays, applicant.ToEssayAnswerDTO), Consents: toConsents(v.Consents), Money: toStaffMoney(v.Money),
		MayReveal: v.MayReveal, MayCorrect: v.MayCorrect, MayReview: v.MayReview, MayPayInfo: v.MayPayInfo, MayLetters: v.MayLetters}
	if v.HasInfo {
		info := applicant.ToApplicantInfoDTO(applicant.NormalInfo(v.Info))
		out.ApplicantInfo = &info
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

type reasonBody struct {
	Reason string `json:"reason"`
}

func (h *backofficeHandlers) reveal(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in reasonBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	r, err := h.apps.Reveal(c.Request().Context(), edge.Principal(c), n, in.Reason)
	if err != nil {
		return err
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]string{"residentNoLast": r.ResidentNoLast,
		"foreignerRegistrationNo": r.ForeignerRegistrationNo, "passportNo": r.PassportNo})
}

type correctBody struct {
	Changes map[string]json.RawMessage `json:"changes"`
	Reason  string                     `json:"reason"`
}

// infoChanges reads the changed fields of applicantInfo as the form sends
// them. A name the form does not have is passed on for the service to
// refuse; a value that does not read as its field is refused here.
func (b correctBody) infoChanges() (form.InfoChanges, error) {
	var d applicant.ApplicantInfoDTO
	var out form.InfoChanges
	for _, name := range slices.Sorted(maps.Keys(b.Changes)) {
		out.Names = append(out.Names, name)
		if !form.IsInfoField(name) {
			continue
		}
		one, _ := json.Marshal(map[string]json.RawMessage{name: b.Changes[name]})
		if err := json.Unmarshal(one, &d); err != nil {
			var f apperr.Fields
			f.Add("changes", application.CodeFieldUnknown)
			return out, f.Err()
		}
	}
	out.Values = d.ToCore()
	return out, nil
}

func (h *backofficeHandlers) correct(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in correctBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	changes, err := in.infoChanges()
	if err != nil {
		return err
	}
	out, err := h.apps.CorrectInfo(c.Request().Context(), edge.Principal(c), n, application.Correction{Changes: changes, Reason: in.Reason})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"record": applicant.ToRecord(out.Record), "fields": out.Fields})
}

type reviewBody struct {
	Action string `json:"action"`
	Step   string `json:"step"`
	Reason string `json:"reason"`
}

func (h *backofficeHandlers) review(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	var in reviewBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	rec, err := h.apps.Review(c.Request().Context(), edge.Principal(c), n,
		application.ReviewAction{Action: in.Action, Step: application.Status(in.Step), Reason: in.Reason})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, applicant.ToRecord(rec))
}

// memberID reads the {userId} path parameter (the account's user id, as
// the spec names auth/detail/{userId}).
func memberID(c *echo.Context) (string, error) {
	id := strings.TrimSpace(c.Param("userId"))
	if id == "" {
		return "", apperr.NotFound(account.CodeUserNotFound)
	}
	return id, nil
}

func (h *backofficeHandlers) members(a permission.Action) echo.HandlerFunc {
	return func(c *echo.Context) error {
		lp, err := edge.ParseList(c, account.SortFields, []string{"q", "status", "role"})
		if err != nil {
			return err
		}
		if lp.Filter["status"] != "" {
			if _, err := account.ParseStatus(lp.Filter["status"]); err != nil {
				return err
			}
		}
		users, total, err := h.accounts.ListMembers(c.Request().Context(), edge.Principal(c), a, account.ListQuery{
			Search: lp.Filter["q"], Status: lp.Filter["status"], Role: lp.Filter["role"],
			Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit})
		if err != nil {
			return err
		}
		out := make([]memberDTO, len(users))
		for i, u := range users {
			out[i] = toMember(u)
		}
		edge.NoStore(c)
		resource := "members"
		if a == permission.AuthManage {
			resource = "roles"
		}
		edge.ContentRange(c, resource, lp.Offset, len(out), total)
		return c.JSON(http.StatusOK, out)
	}
}

// memberDTO is an account of user/management and auth/list: its id is the
// user id, as the spec names auth/detail/{userId}.
type memberDTO struct {
	adminUserDTO
	ID string `json:"id"`
	PK int64  `json:"pk"`
}

func toMember(u account.User) memberDTO {
	return memberDTO{adminUserDTO: toAdminUser(u), ID: u.UserID, PK: u.PK}
}

type sanctionDTO struct {
	Kind       string     `json:"kind"`
	Cause      string     `json:"cause"`
	Note       string     `json:"note"`
	FixBy      *string    `json:"fixBy"`
	By         string     `json:"by"`
	CreatedAt  time.Time  `json:"createdAt"`
	ResolvedAt *time.Time `json:"resolvedAt"`
	Resolution *string    `json:"resolution"` // FIXED or ENDED once a LIMIT is resolved
}

func toSanction(s account.Sanction) sanctionDTO {
	return sanctionDTO{s.Kind, s.Cause, s.Note, edge.StrPtr(s.FixBy), s.By, s.CreatedAt, s.ResolvedAt, edge.StrPtr(s.Resolution)}
}

func (h *backofficeHandlers) member(a permission.Action) echo.HandlerFunc {
	return func(c *echo.Context) error {
		id, err := memberID(c)
		if err != nil {
			return err
		}
		d, err := h.accounts.Member(c.Request().Context(), edge.Principal(c), a, id)
		if err != nil {
			return err
		}
		list := make([]sanctionDTO, len(d.Sanctions))
		for i, s := range d.Sanctions {
			list[i] = toSanction(s)
		}
		edge.NoStore(c)
		return c.JSON(http.StatusOK, struct {
			memberDTO
			Sanctions []sanctionDTO `json:"sanctions"`
			Phone     string        `json:"phone"`
			loginLockDTO
		}{toMember(d.User), list, d.Phone, toLoginLock(d.Login)})
	}
}

type statusBody struct {
	Status string `json:"status"`
	Cause  string `json:"cause"`
	Note   string `json:"note"`
}

func (h *backofficeHandlers) setStatus(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	var in statusBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	st, err := account.ParseStatus(in.Status)
	if err != nil {
		var f apperr.Fields
		f.Add("status", account.CodeStatusUnknown)
		return f.Err()
	}
	u, err := h.accounts.SetStatus(c.Request().Context(), edge.Principal(c), id, account.StatusChange{Status: st, Cause: in.Cause, Note: in.Note})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toMember(u))
}

type sanctionBody struct {
	Kind  string `json:"kind"`
	Cause string `json:"cause"`
	Note  string `json:"note"`
}

func (h *backofficeHandlers) sanction(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	var in sanctionBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	s, err := h.accounts.Sanction(c.Request().Context(), edge.Principal(c), id, account.SanctionInput(in))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toSanction(s))
}

// fixed marks a member's open LIMIT fixed within its period.
func (h *backofficeHandlers) fixed(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	var in struct {
		Note string `json:"note"`
	}
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	s, err := h.accounts.MarkFixed(c.Request().Context(), edge.Principal(c), id, in.Note)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toSanction(s))
}

type rolesBody struct {
	Roles      []string `json:"roles"`
	SchoolCode *string  `json:"schoolCode"`
}

func (h *backofficeHandlers) setRoles(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	var in rolesBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	school := ""
	if in.SchoolCode != nil {
		school = *in.SchoolCode
	}
	u, err := h.accounts.SetRoles(c.Request().Context(), edge.Principal(c), id, account.RoleChange{Roles: in.Roles, SchoolCode: school})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toMember(u))
}

type auditDTO struct {
	ID        int64          `json:"id"`
	Actor     string         `json:"actor"`
	Action    string         `json:"action"`
	Target    string         `json:"target"`
	Detail    map[string]any `json:"detail"`
	From      string         `json:"from"`
	CreatedAt string         `json:"createdAt"`
}

// dateFilter reads a yyyy-MM-dd filter as the start of that day in Seoul.
func dateFilter(f *apperr.Fields, name, v string) time.Time {
	if v == "" {
		return time.Time{}
	}
	t, err := time.ParseInLocation(time.DateOnly, v, window.Seoul)
	if err != nil {
		f.Add(name, window.CodeDateFormat)
	}
	return t
}

func (h *backofficeHandlers) accessLog(c *echo.Context) error {
	lp, err := edge.ParseList(c, audit.SortFields, []string{"actor", "target", "action", "from", "to"})
	if err != nil {
		return err
	}
	var f apperr.Fields
	q := audit.Query{Actor: lp.Filter["actor"], Target: lp.Filter["target"], Action: lp.Filter["action"],
		From: dateFilter(&f, "from", lp.Filter["from"]), To: dateFilter(&f, "to", lp.Filter["to"]),
		Sort: lp.Sort, Desc: lp.Desc, Offset: lp.Offset, Limit: lp.Limit}
	if err := f.Err(); err != nil {
		return err
	}
	if !q.To.IsZero() {
		q.To = q.To.AddDate(0, 0, 1) // the whole last day
	}
	list, total, err := h.log.List(c.Request().Context(), edge.Principal(c), q)
	if err != nil {
		return err
	}
	out := make([]auditDTO, len(list))
	for i, e := range list {
		out[i] = auditDTO{e.ID, e.Actor, e.Action, e.Target, e.Detail, e.From, edge.TimeText(e.CreatedAt)}
	}
	edge.NoStore(c)
	edge.ContentRange(c, "access-log", lp.Offset, len(out), total)
	return c.JSON(http.StatusOK, out)
}

type dayDTO struct {
	Day         string `json:"day"`
	Created     int    `json:"created"`
	Completions int    `json:"completions"`
	Payments    int    `json:"payments"`
}

// dashboard answers a round's counts: applications by status (the review
// status while under review), under review, paid, and per day.
func (h *backofficeHandlers) dashboard(c *echo.Context) error {
	k, err := exportRoundQuery(c)
	if err != nil {
		return err
	}
	d, err := h.apps.Dashboard(c.Request().Context(), edge.Principal(c), k)
	if err != nil {
		return err
	}
	by := map[string]int{}
	for st, n := range d.ByStatus {
		by[string(st)] = n
	}
	days := make([]dayDTO, len(d.Days))
	for i, x := range d.Days {
		days[i] = dayDTO{x.Day, x.Created, x.Completions, x.Payments}
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, map[string]any{"total": d.Total, "byStatus": by, "reviewing": d.Reviewing, "paid": d.Paid, "days": days,
		"lettersPending": d.LettersPending, "lettersCompleted": d.LettersCompleted})
}
