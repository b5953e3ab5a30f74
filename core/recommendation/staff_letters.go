package recommendation

import (
	"context"
	"io"
	"strconv"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
)

// Letters answers the letters of an application to staff who may read
// letters of its school; the read is logged.
func (s *Service) Letters(ctx context.Context, p permission.Principal, applNo int64) ([]Req, error) {
	if !permission.Can(p, permission.RecommendRead, "") {
		return nil, forbidden()
	}
	h, err := s.Apps.Get(ctx, applNo)
	if err != nil || !permission.Can(p, permission.RecommendRead, h.Round.SchoolCode) {
		return nil, apperr.NotFound(application.CodeNotFound)
	}
	if err := s.logRead(ctx, p, "recommend.list", "application:"+strconv.FormatInt(applNo, 10)); err != nil {
		return nil, err
	}
	return s.Store.ForApplication(ctx, applNo)
}

// LetterFile opens a completed letter's PDF (pdf true) or uploaded file
// for staff of its school; the read is logged.
func (s *Service) LetterFile(ctx context.Context, p permission.Principal, no int64, pdf bool) (name string, rc io.ReadCloser, err error) {
	if !permission.Can(p, permission.RecommendRead, "") {
		return "", nil, forbidden()
	}
	r, err := s.Store.Get(ctx, no)
	if err != nil || r.Cancelled() || !permission.Can(p, permission.RecommendRead, r.Round().SchoolCode) {
		return "", nil, apperr.NotFound(CodeNoRequest)
	}
	stored, name := r.FileStored(), r.FileName()
	if pdf {
		stored, name = r.PDFStored(), "recommendation-"+strconv.FormatInt(r.No(), 10)+".pdf"
	}
	if stored == "" || r.Status() != Completed {
		return "", nil, apperr.NotFound(CodeNoRequest)
	}
	if err := s.logRead(ctx, p, "recommend.file", "recommendation:"+strconv.FormatInt(no, 10)); err != nil {
		return "", nil, err
	}
	rc, err = s.Files.Open(ctx, stored)
	return name, rc, err
}
