package backoffice

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/permission"
)

// The support tools of user/management (issue 23): a system admin corrects
// a member's address or details, unlocks a locked sign-in, and lists and
// resends the member's mails.
func (h *backofficeHandlers) mountSupport(admin *echo.Group) {
	admin.PUT("/members/:userId/email", h.correctEmail, edge.Require(permission.UserManage))
	admin.POST("/members/:userId/unlock", h.unlock, edge.Require(permission.UserManage))
	admin.PUT("/members/:userId/details", h.correctDetails, edge.Require(permission.UserManage))
	admin.GET("/members/:userId/mails", h.memberMails, edge.Require(permission.UserManage))
	admin.POST("/members/:userId/mails/:mailId/resend", h.resendMail, edge.Require(permission.UserManage))
}

// sentMailDTO is a mail sent to a member: its kind (the page names it),
// the masked address, when, and its delivery state.
type sentMailDTO struct {
	ID         int64     `json:"id"`
	Kind       string    `json:"kind"`
	To         string    `json:"to"`
	CreatedAt  time.Time `json:"createdAt"`
	State      string    `json:"state"` // queued, sent or failed
	Attempts   int       `json:"attempts"`
	Resendable bool      `json:"resendable"`
}

func toSentMail(m account.SentMail) sentMailDTO {
	return sentMailDTO{m.ID, m.Kind, m.To, m.CreatedAt, m.State(), m.Attempts, m.Resendable}
}

func (h *backofficeHandlers) memberMails(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	list, err := h.accounts.MemberMailList(c.Request().Context(), edge.Principal(c), id)
	if err != nil {
		return err
	}
	out := make([]sentMailDTO, len(list))
	for i, m := range list {
		out[i] = toSentMail(m)
	}
	edge.NoStore(c)
	return c.JSON(http.StatusOK, out)
}

func (h *backofficeHandlers) resendMail(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	mailID, err := strconv.ParseInt(c.Param("mailId"), 10, 64)
	if err != nil || mailID <= 0 {
		return apperr.NotFound(account.CodeMailNotFound)
	}
	var in supportReasonBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	m, err := h.accounts.ResendMail(c.Request().Context(), edge.Principal(c), id, mailID, in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toSentMail(m))
}

type correctEmailBody struct {
	Email  string `json:"email"`
	Reason string `json:"reason"`
}

func (h *backofficeHandlers) correctEmail(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	var in correctEmailBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	u, err := h.accounts.CorrectEmail(c.Request().Context(), edge.Principal(c), id, account.EmailCorrection{Email: in.Email, Reason: in.Reason})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toMember(u))
}

type supportReasonBody struct {
	Reason string `json:"reason"`
}

// loginLockDTO is whether a member's sign-in is locked now.
type loginLockDTO struct {
	LoginFailures int  `json:"loginFailures"`
	LoginLocked   bool `json:"loginLocked"`
}

func toLoginLock(l account.LoginLock) loginLockDTO { return loginLockDTO{l.Failures, l.Locked} }

func (h *backofficeHandlers) unlock(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	var in supportReasonBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	l, err := h.accounts.Unlock(c.Request().Context(), edge.Principal(c), id, in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toLoginLock(l))
}

type correctDetailsBody struct {
	Phone  string `json:"phone"`
	Locale string `json:"locale"`
	Reason string `json:"reason"`
}

type memberDetailsDTO struct {
	memberDTO
	Phone string `json:"phone"`
}

func (h *backofficeHandlers) correctDetails(c *echo.Context) error {
	id, err := memberID(c)
	if err != nil {
		return err
	}
	var in correctDetailsBody
	if err := edge.Bind(c, &in); err != nil {
		return err
	}
	d, err := h.accounts.CorrectDetails(c.Request().Context(), edge.Principal(c), id, account.DetailsCorrection(in))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, memberDetailsDTO{toMember(d.User), d.Phone})
}
