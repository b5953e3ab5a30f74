package edge

// Helpers shared by every area's handlers: body binding, path and query
// parameters, cache and attachment headers. Error mapping is errors.go,
// locale and principal are middleware.go, messages are messages*.go.

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/survey"
)

// Bind decodes a JSON body; a malformed body is a 400 with the generic text.
func Bind(c *echo.Context, v any) error {
	dec := json.NewDecoder(c.Request().Body)
	if err := dec.Decode(v); err != nil {
		return apperr.Wrap(apperr.KindInvalid, "request.malformed", err)
	}
	return nil
}

// ApplNo reads the {applNo} path parameter; anything but a positive number
// is an application that does not exist.
func ApplNo(c *echo.Context) (int64, error) {
	n, err := strconv.ParseInt(c.Param("applNo"), 10, 64)
	if err != nil || n <= 0 {
		return 0, apperr.NotFound(application.CodeNotFound)
	}
	return n, nil
}

// NoStore keeps an answer out of every cache.
func NoStore(c *echo.Context) { c.Response().Header().Set("Cache-Control", "no-store") }

// StrPtr is s, or nil when it is empty.
func StrPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// CacheFor lets browsers keep public reference data for a while.
func CacheFor(c *echo.Context, d time.Duration) {
	c.Response().Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(int(d.Seconds())))
}

// IntQuery reads a required whole-number query parameter; a missing or
// bad one is the field's error in f.
func IntQuery(c *echo.Context, f *apperr.Fields, name string) int {
	v := c.QueryParam(name)
	n, err := strconv.Atoi(v)
	switch {
	case v == "":
		f.Add(name, form.CodeRequired)
	case err != nil:
		f.Add(name, form.CodeDigits)
	}
	return n
}

// Attachment sets a download's headers: always an attachment (never shown
// inline by the browser), the UTF-8 name per RFC 5987 with an ASCII
// fallback, and nosniff.
func Attachment(c *echo.Context, name, contentType string) {
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	hd := c.Response().Header()
	hd.Set("Content-Type", contentType)
	hd.Set("Content-Disposition", `attachment; filename="`+fallback+`"; filename*=UTF-8''`+url.PathEscape(name))
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Cache-Control", "private, no-store")
}

// Previewable are the types a browser shows inline without running
// anything of the file's own: PDF and pictures.
var Previewable = map[string]bool{"application/pdf": true, "image/jpeg": true, "image/png": true, "image/gif": true}

// Inline sets the headers of a file shown in our own pages (the staff
// reader's preview): inline with its name, framed by our origin only, the
// exact type and nosniff. Only Previewable types are served so; anything
// else stays an attachment.
func Inline(c *echo.Context, name, contentType string) {
	Attachment(c, name, contentType)
	if !Previewable[contentType] {
		return
	}
	hd := c.Response().Header()
	hd.Set("Content-Disposition", strings.Replace(hd.Get("Content-Disposition"), "attachment", "inline", 1))
	hd.Set("X-Frame-Options", "SAMEORIGIN")
	hd.Set("Content-Security-Policy", "frame-ancestors 'self'")
}

// SurveyID reads {surveyId}; anything but a positive number is missing.
func SurveyID(c *echo.Context) (int64, error) {
	n, err := strconv.ParseInt(c.Param("surveyId"), 10, 64)
	if err != nil || n <= 0 {
		return 0, apperr.NotFound(survey.CodeNotFound)
	}
	return n, nil
}

// PathID reads a positive id from a path parameter; anything else names
// nothing (404 with code).
func PathID(c *echo.Context, param, code string) (int64, error) {
	n, err := strconv.ParseInt(c.Param(param), 10, 64)
	if err != nil || n <= 0 {
		return 0, apperr.NotFound(code)
	}
	return n, nil
}
