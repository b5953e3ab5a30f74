package account

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/applicant"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/mydata"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/school"
)

// exportMyData answers a ZIP of everything held about the member (My Info
// "Download my data"): account.json, applications.json, payments.json and
// the uploaded files. It needs the My Info ticket like every My Info call.
func (s *server) exportMyData(c *echo.Context) error {
	ctx := c.Request().Context()
	info, err := s.deps.Accounts.Info(ctx, edge.Principal(c), c.Request().Header.Get(headerTicket))
	if err != nil {
		return err
	}
	parts, err := s.deps.MyData.Export(ctx, info.UserID)
	if err != nil {
		return err
	}
	if err := s.deps.Accounts.Access.Record(ctx, info.UserID, "account.export", info.UserID, nil); err != nil {
		return err
	}
	edge.NoStore(c)
	edge.Attachment(c, fmt.Sprintf("gradapply-%s-%s.zip", info.UserID, time.Now().Format("20060102")), "application/zip")
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
			if err := put(p.Name, exportJSON(p.JSON)); err != nil {
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

// exportJSON maps a part of the export to what the file holds.
func exportJSON(v any) any {
	if apps, ok := v.([]mydata.Application); ok {
		return edge.MapList(apps, toExportApplicationDTO)
	}
	if pays, ok := v.([]payment.Attempt); ok {
		// Each payment as the payer reads it on the pay page (the attempt's
		// fields are its own: encoded as they were, they would be {}).
		return edge.MapList(pays, func(a payment.Attempt) *applicant.AttemptDTO {
			d := applicant.ToAttemptDTO(&a)
			d.TestPageURL = ""
			return d
		})
	}
	return v
}

// exportApplicationDTO is one application in applications.json. The part
// and the surveys keep the key names the file has always had (Go's).
type exportApplicationDTO struct {
	ApplNo    int64                      `json:"applNo"`
	School    string                     `json:"schoolCode"`
	EnterYear int                        `json:"enterYear"`
	Round     int                        `json:"recruitPartSeq"`
	ApplID    string                     `json:"applId"`
	Status    string                     `json:"status"`
	Name      string                     `json:"applicantName"`
	CreatedAt time.Time                  `json:"createdAt"`
	UpdatedAt time.Time                  `json:"updatedAt"`
	Part      exportPartDTO              `json:"part"`
	Consents  []exportAcceptanceDTO      `json:"consents"`
	Steps     exportStepsDTO             `json:"steps"`
	Surveys   map[string]exportSurveyDTO `json:"surveys"`
	Documents []exportDocumentDTO        `json:"documents"`
}

type exportPartDTO struct {
	ApplPartNo          int64  `json:"ApplPartNo"`
	MajorCode           string `json:"MajorCode"`
	IsMaster            bool   `json:"IsMaster"`
	IsGeneralType       bool   `json:"IsGeneralType"`
	StayTypeCode        string `json:"StayTypeCode"`
	CategoryCode        string `json:"CategoryCode"`
	RemkKor             string `json:"RemkKor"`
	RemkEng             string `json:"RemkEng"`
	AddCertificateCount int    `json:"AddCertificateCount"`
}

type exportAcceptanceDTO struct {
	Code    string    `json:"code"`
	Version string    `json:"version"`
	At      time.Time `json:"at"`
}

// exportStepsDTO are the saved steps, in the order of their names.
type exportStepsDTO struct {
	Academic     []applicant.AcademicRecordDTO `json:"academic"`
	Basis        *applicant.ApplicantInfoDTO   `json:"basis,omitempty"`
	Careers      []applicant.CareerDTO         `json:"careers"`
	Certificates []applicant.CertificateDTO    `json:"certificates"`
	Essays       []applicant.EssayAnswerDTO    `json:"essays"`
	Languages    []applicant.LanguageEntryDTO  `json:"languages"`
}

type exportSurveyDTO struct {
	Answers     []applicant.SurveyAnswerDTO `json:"Answers"`
	Alumni      bool                        `json:"Alumni"`
	ContactCode string                      `json:"ContactCode"`
}

type exportDocumentDTO struct {
	ItemCode   string    `json:"itemCode"`
	Slot       int       `json:"slot"`
	FileName   string    `json:"fileName"`
	Size       int64     `json:"size"`
	UploadedAt time.Time `json:"uploadedAt"`
	Path       string    `json:"path"`
}

func toExportApplicationDTO(a mydata.Application) exportApplicationDTO {
	p, st := a.Part, a.Steps
	out := exportApplicationDTO{ApplNo: a.ApplNo, School: a.School, EnterYear: a.EnterYear, Round: a.Round, ApplID: a.ApplID,
		Status: a.Status, Name: a.Name, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt,
		Part: exportPartDTO{ApplPartNo: p.ApplPartNo, MajorCode: p.MajorCode, IsMaster: p.IsMaster, IsGeneralType: p.IsGeneralType,
			StayTypeCode: p.StayTypeCode, CategoryCode: p.CategoryCode, RemkKor: p.RemkKor, RemkEng: p.RemkEng,
			AddCertificateCount: p.AddCertificateCount},
		Consents: edge.MapList(a.Consents, func(c school.Acceptance) exportAcceptanceDTO {
			return exportAcceptanceDTO{Code: c.Code, Version: c.Version, At: c.At}
		}),
		Steps: exportStepsDTO{Academic: edge.MapList(st.Academic, applicant.ToAcademicRecordDTO), Careers: edge.MapList(st.Careers, applicant.ToCareerDTO),
			Certificates: edge.MapList(st.Certificates, applicant.ToCertificateDTO), Essays: edge.MapList(st.Essays, applicant.ToEssayAnswerDTO),
			Languages: edge.MapList(st.Languages, applicant.ToLanguageEntryDTO)},
		Documents: edge.MapList(a.Documents, func(d mydata.ExportedDocument) exportDocumentDTO {
			return exportDocumentDTO{ItemCode: d.ItemCode, Slot: d.Slot, FileName: d.FileName, Size: d.Size,
				UploadedAt: d.UploadedAt, Path: d.Path}
		}),
	}
	if st.Basis != nil {
		b := applicant.ToApplicantInfoDTO(*st.Basis)
		out.Steps.Basis = &b
	}
	if a.Surveys != nil {
		out.Surveys = make(map[string]exportSurveyDTO, len(a.Surveys))
		for stage, d := range a.Surveys {
			out.Surveys[stage] = exportSurveyDTO{Answers: edge.MapList(d.Answers, applicant.ToSurveyAnswerDTO), Alumni: d.Alumni, ContactCode: d.ContactCode}
		}
	}
	return out
}
