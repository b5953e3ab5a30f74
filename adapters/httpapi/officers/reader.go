package officers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/applicant"
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
)

// assignedViewDTO is an application as its reviewer reads it: the steps
// with the staff read's field names (GET /admin/applications/{applNo}),
// without the applicant's e-mail, consents, payments or staff actions.
type assignedViewDTO struct {
	applicant.RecordDTO
	ApplicantInfo *applicant.ApplicantInfoDTO   `json:"applicantInfo"`
	AcadList      []applicant.AcademicRecordDTO `json:"acadList"`
	LangList      []applicant.LanguageEntryDTO  `json:"langList"`
	CareerList    []applicant.CareerDTO         `json:"careerList"`
	CertList      []applicant.CertificateDTO    `json:"certificateList"`
	EssayList     []applicant.EssayAnswerDTO    `json:"essayList"`
}

// assigned is the reader for a reviewer: an application assigned to it.
func (h *handlers) assigned(c *echo.Context) error {
	n, err := edge.ApplNo(c)
	if err != nil {
		return err
	}
	v, err := h.apps.AssignedRead(c.Request().Context(), edge.Principal(c), n)
	if err != nil {
		return err
	}
	out := assignedViewDTO{RecordDTO: applicant.ToRecord(v.Record), AcadList: edge.MapList(v.Academic, applicant.ToAcademicRecordDTO),
		LangList: edge.MapList(v.Languages, applicant.ToLanguageEntryDTO), CareerList: edge.MapList(v.Careers, applicant.ToCareerDTO),
		CertList: edge.MapList(v.Certs, applicant.ToCertificateDTO), EssayList: edge.MapList(v.Essays, applicant.ToEssayAnswerDTO)}
	if v.HasInfo {
		info := applicant.ToApplicantInfoDTO(applicant.NormalInfo(v.Info))
		out.ApplicantInfo = &info
	}
	return ok(c, http.StatusOK, out)
}
