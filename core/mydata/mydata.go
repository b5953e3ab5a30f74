// Package mydata is the data export of My Info (issue 14, "My data"; the
// data subject's right of access): everything held about a member, as JSON
// parts and the member's uploaded files, for the adapter to pack (ZIP).
package mydata

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/school"
)

// Part is one file of the export: data for the adapter to write as JSON
// ([]Application, []payment.Attempt), or a stored file (Stored is its name
// in the file store).
type Part struct {
	Name   string
	JSON   any
	Stored string
}

// Service gathers a member's data from the stores of the other areas.
type Service struct {
	Apps     application.Applications
	Forms    application.Forms
	Docs     document.Documents
	Payments payment.Store // nil: no payment records
	Files    document.FileStore
}

// Open reads a stored file of a Part.
func (s Service) Open(ctx context.Context, stored string) (io.ReadCloser, error) {
	return s.Files.Open(ctx, stored)
}

// Application is one application as exported.
type Application struct {
	ApplNo    int64
	School    string
	EnterYear int
	Round     int
	ApplID    string
	Status    string
	Name      string
	CreatedAt time.Time
	UpdatedAt time.Time
	Part      application.Part
	Consents  []school.Acceptance
	Steps     Steps
	Surveys   map[string]application.SurveyData // by stage
	Documents []ExportedDocument
}

// Steps are the saved steps of the form.
type Steps struct {
	Basis        *form.ApplicantInfo // nil: never saved
	Academic     []form.AcademicRecord
	Languages    []form.LanguageEntry
	Careers      []form.Career
	Certificates []form.Certificate
	Essays       []form.Essay
}

// ExportedDocument names an uploaded file and where it sits in the ZIP.
type ExportedDocument struct {
	ItemCode   string
	Slot       int
	FileName   string
	Size       int64
	UploadedAt time.Time
	Path       string
}

// Export answers the parts about one member (the account itself is the
// caller's: it already holds it): applications.json with every step of
// every application, payments.json, and files/<applNo>/<item>-<slot>-<name>.
func (s Service) Export(ctx context.Context, userID string) ([]Part, error) {
	heads, err := s.Apps.ListByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	apps := make([]Application, 0, len(heads))
	var files []Part
	for _, h := range heads {
		a := Application{ApplNo: h.ApplNo, School: h.Round.SchoolCode, EnterYear: h.Round.EnterYear, Round: h.Round.RecruitPartSeq,
			ApplID: h.ApplID, Status: string(h.State.Status), Name: h.ApplicantName, CreatedAt: h.CreatedAt, UpdatedAt: h.UpdatedAt,
			Surveys: map[string]application.SurveyData{}}
		if a.Part, err = s.Apps.Part(ctx, h.ApplNo); err != nil && !missing(err) {
			return nil, err
		}
		if a.Consents, err = s.Apps.Consents(ctx, h.ApplNo); err != nil {
			return nil, err
		}
		if info, ok, err := s.Forms.Info(ctx, h.ApplNo); err != nil {
			return nil, err
		} else if ok {
			a.Steps.Basis = &info
		}
		if a.Steps.Academic, err = s.Forms.Academic(ctx, h.ApplNo); err != nil {
			return nil, err
		}
		if a.Steps.Languages, err = s.Forms.Languages(ctx, h.ApplNo); err != nil {
			return nil, err
		}
		if a.Steps.Careers, err = s.Forms.Careers(ctx, h.ApplNo); err != nil {
			return nil, err
		}
		if a.Steps.Certificates, a.Steps.Essays, err = s.Forms.AddInfo(ctx, h.ApplNo); err != nil {
			return nil, err
		}
		for _, stage := range []string{"PART", "SURVEY"} {
			d, err := s.Forms.Survey(ctx, h.ApplNo, stage)
			if err != nil && !missing(err) {
				return nil, err
			}
			a.Surveys[stage] = d
		}
		docs, err := s.Docs.List(ctx, h.ApplNo)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			path := fmt.Sprintf("files/%d/%s-%d-%s", h.ApplNo, d.ItemCode, d.Slot, safeName(d.FileName))
			a.Documents = append(a.Documents, ExportedDocument{ItemCode: d.ItemCode, Slot: d.Slot, FileName: d.FileName,
				Size: d.Size, UploadedAt: d.UploadedAt, Path: path})
			files = append(files, Part{Name: path, Stored: d.StoredName})
		}
		apps = append(apps, a)
	}
	parts := []Part{{Name: "applications.json", JSON: apps}}
	if s.Payments != nil {
		pays, err := s.Payments.ByUser(ctx, userID)
		if err != nil {
			return nil, err
		}
		parts = append(parts, Part{Name: "payments.json", JSON: pays})
	}
	return append(parts, files...), nil
}

func missing(err error) bool { return apperr.KindOf(err) == apperr.KindNotFound }

// safeName keeps a stored file name usable as a ZIP entry: no directories.
func safeName(n string) string {
	return strings.NewReplacer("/", "_", "\\", "_", "..", "_").Replace(n)
}
