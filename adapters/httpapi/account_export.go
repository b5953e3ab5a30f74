package httpapi

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/account"
)

// exportMyData answers a ZIP of everything held about the member (My Info
// "Download my data"): account.json, applications.json, payments.json and
// the uploaded files. It needs the My Info ticket like every My Info call.
func (s *Server) exportMyData(c *echo.Context) error {
	ctx := c.Request().Context()
	info, err := s.deps.Accounts.Info(ctx, principal(c), c.Request().Header.Get(headerTicket))
	if err != nil {
		return err
	}
	parts, err := s.deps.MyData.Export(ctx, info.UserID)
	if err != nil {
		return err
	}
	if err := s.deps.Accounts.Access.Record(ctx, account.AccessEntry{Actor: info.UserID, Action: "account.export", Target: info.UserID}); err != nil {
		return err
	}
	noStore(c)
	attachment(c, fmt.Sprintf("gradapply-%s-%s.zip", info.UserID, time.Now().Format("20060102")), "application/zip")
	c.Response().WriteHeader(http.StatusOK)
	z := zip.NewWriter(c.Response())
	put := func(name string, v any) error {
		w, err := z.Create(name)
		if err != nil {
			return err
		}
		e := json.NewEncoder(w)
		e.SetIndent("", "  ")
		return e.Encode(v)
	}
	if err := put("account.json", map[string]any{"userId": info.UserID, "email": info.Email, "phone": info.Phone,
		"locale": info.Locale, "createdAt": info.CreatedAt, "lastLoginAt": info.LastLoginAt}); err != nil {
		return err
	}
	for _, p := range parts {
		if p.Stored == "" {
			if err := put(p.Name, p.JSON); err != nil {
				return err
			}
			continue
		}
		r, err := s.deps.MyData.Open(ctx, p.Stored)
		if err != nil {
			return err // headers are out: the ZIP ends short, which the browser reports as a failed download
		}
		w, err := z.Create(p.Name)
		if err == nil {
			_, err = io.Copy(w, r)
		}
		_ = r.Close()
		if err != nil {
			return err
		}
	}
	return z.Close()
}
