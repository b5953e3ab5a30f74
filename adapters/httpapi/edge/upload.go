package edge

// The streamed uploads (an application's document, a recommender's file,
// an inquiry's attachment) read their multipart form here, in one loop.

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/document"
)

// UploadOverhead is what the multipart form adds around the file.
const UploadOverhead = 1 << 20

// Upload is how one route reads its streamed multipart form.
type Upload struct {
	// Request, when set, answers where the JSON "request" part goes; it
	// must come before the "file" part. Unset, the form has only a file
	// and other parts are skipped.
	Request func() any
	// Checked runs once the request part is decoded (a check before a
	// byte of the file is read, or building the request).
	Checked func() error
	// File takes the "file" part, whose name is the caller's to check
	// (FileName); what it answers is the route's answer.
	File func(part *multipart.Part) error
	// End answers a form that ends without a file part; unset: malformed.
	End func() error
}

// Read walks the form of c's request.
func (u Upload) Read(c *echo.Context) error {
	mr, err := c.Request().MultipartReader()
	if err != nil {
		return Malformed(err)
	}
	requested := false
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			if u.End != nil {
				return u.End()
			}
			return Malformed(errors.New("no file part"))
		}
		if err != nil {
			return Malformed(err)
		}
		switch {
		case part.FormName() == "request" && u.Request != nil:
			b, err := io.ReadAll(io.LimitReader(part, 64<<10))
			if err != nil {
				return Malformed(err)
			}
			if err := GuardJSON(b); err != nil {
				return err
			}
			if err := json.Unmarshal(b, u.Request()); err != nil {
				return Malformed(err)
			}
			requested = true
			if u.Checked != nil {
				if err := u.Checked(); err != nil {
					return err
				}
			}
		case part.FormName() == "file":
			if u.Request != nil && !requested {
				return Malformed(errors.New("the request part must come before the file part"))
			}
			return u.File(part)
		}
	}
}

// FileName checks an uploaded file's name (the input guard's rule for
// text); "" is the caller's to refuse or replace.
func FileName(name string) error {
	if BadText(name) {
		return InputErr("file", CodeInputText)
	}
	return nil
}

// UploadErr is a stored upload's error: a body beyond the route's limit
// is 413.
func UploadErr(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return echo.ErrStatusRequestEntityTooLarge
	}
	return err
}

// PartName is a multipart part's file name, decoded from RFC 2231/5987
// (filename*=UTF-8”...) when the browser sent it that way.
func PartName(p *multipart.Part) string {
	if n := p.FileName(); n != "" {
		return n
	}
	_, params, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
	if err == nil {
		return params["filename"]
	}
	return ""
}

// Malformed is an upload form that cannot be read.
func Malformed(err error) error {
	return apperr.Wrap(apperr.KindInvalid, document.CodeUploadMalformed, err)
}
