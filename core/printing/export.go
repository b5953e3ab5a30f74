package printing

import (
	"context"
	"errors"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/window"
)

// The staff exports of a round (issue 23 item 5): the workbook
// (workbook.go) and the documents bundle (bundle.go), both named as the
// application PDF names things, in the staff's language.

// ExportGate checks that p may export the round and writes the export to
// the access log before any data leaves (application.Service.Export).
type ExportGate interface {
	Export(ctx context.Context, p permission.Principal, k application.RoundKey, kind string) (applicants, files int, bytes int64, err error)
}

// Payments lists an application's payment attempts, newest first (a
// subset of payment.Store).
type Payments interface {
	ByApplication(ctx context.Context, applNo int64) ([]payment.Attempt, error)
}

// Exports are what the exports read beyond the print's ports.
type Exports struct {
	Gate     ExportGate
	Store    application.ExportStore
	Payments Payments
}

// exported answers the round's exported applications (few hundred bytes
// each) once the gate let p through; they are read whole first so that
// no store cursor stays open while each application is read.
// It also answers how many documents they have and their bytes.
func (s *Service) exported(ctx context.Context, p permission.Principal, k application.RoundKey, kind string) ([]application.ExportRow, int, int64, error) {
	if s.Exports == nil {
		return nil, 0, 0, errors.New("printing: no exports wired")
	}
	_, files, bytes, err := s.Exports.Gate.Export(ctx, p, k, kind)
	if err != nil {
		return nil, 0, 0, err
	}
	var list []application.ExportRow
	err = s.Exports.Store.ExportRows(ctx, k, func(r application.ExportRow) error {
		list = append(list, r)
		return nil
	})
	return list, files, bytes, err
}

// inSeoul is t in Asia/Seoul, where staff read times.
func inSeoul(t time.Time) time.Time { return t.In(window.Seoul) }
