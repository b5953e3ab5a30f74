package applicant

import (
	"encoding/json"
	"testing"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/adapters/httpapi/edge/dtotest"
	"github.com/gradapply/gradapply/adapters/httpapi/public"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// The application form's JSON is what the applicant's SPA and the back
// office read and send: its keys are the ones core/form carried before it
// lost its JSON names, so renaming a field of core cannot change them.

func TestFormDTOKeys(t *testing.T) {
	t.Parallel()
	info := dtotest.Filled[form.ApplicantInfo]()
	dtotest.WantKeys(t, "applicantInfo", ToApplicantInfoDTO(info), dtotest.InfoKeys...)
	dtotest.SameValue(t, "applicantInfo", dtotest.RoundTrip(t, ToApplicantInfoDTO(info), ApplicantInfoDTO.ToCore), info)

	acad := dtotest.Filled[form.AcademicRecord]()
	dtotest.WantKeys(t, "acadList", ToAcademicRecordDTO(acad),
		"acadFinal", "acadType", "city", "college", "countryCode", "credits", "degreeCourse", "degreeLevel", "degreeNo",
		"department", "enterDay", "fullScore", "fullScoreEtc", "gpa", "gradeForm", "graduateDay", "graduationStatus",
		"major", "schoolCode", "searchSchoolName", "studentId", "transfer")
	dtotest.SameValue(t, "acadList", dtotest.RoundTrip(t, ToAcademicRecordDTO(acad), AcademicRecordDTO.ToCore), acad)

	lang := dtotest.Filled[form.LanguageEntry]()
	dtotest.WantKeys(t, "partLanguages", ToLanguageEntryDTO(lang),
		"docNo", "examDay", "expiryDay", "langExamCode", "level", "nodeId", "score", "topik_seq")
	dtotest.SameValue(t, "partLanguages", dtotest.RoundTrip(t, ToLanguageEntryDTO(lang), LanguageEntryDTO.ToCore), lang)

	career := dtotest.Filled[form.Career]()
	dtotest.WantKeys(t, "careerList", ToCareerDTO(career),
		"address", "compType", "companyName", "currentYn", "department", "description", "employmentType", "joinDay",
		"position", "retireDay")
	dtotest.SameValue(t, "careerList", dtotest.RoundTrip(t, ToCareerDTO(career), CareerDTO.ToCore), career)

	cert := dtotest.Filled[form.Certificate]()
	dtotest.WantKeys(t, "certificateList", ToCertificateDTO(cert), "category", "description", "institution", "issueDay")
	dtotest.SameValue(t, "certificateList", dtotest.RoundTrip(t, ToCertificateDTO(cert), CertificateDTO.ToCore), cert)

	essay := dtotest.Filled[form.Essay]()
	dtotest.WantKeys(t, "essays", ToEssayAnswerDTO(essay), "lang", "no", "text")
	dtotest.SameValue(t, "essays", dtotest.RoundTrip(t, ToEssayAnswerDTO(essay), EssayAnswerDTO.ToCore), essay)

	ans := dtotest.Filled[application.SurveyAnswer]()
	dtotest.WantKeys(t, "survey answers", ToSurveyAnswerDTO(ans),
		"answer", "comment", "depth", "inputType", "isLeaf", "itemCode", "questionCode", "subAnswer", "subQuestion")
	dtotest.SameValue(t, "survey answers", dtotest.RoundTrip(t, ToSurveyAnswerDTO(ans), SurveyAnswerDTO.ToCore), ans)
	// A site survey's answer without a sub-question leaves the key out.
	dtotest.WantKeys(t, "site survey answer", toFormSurveyAnswerDTO(form.SurveyAnswer{}), "answer", "comment", "itemCode", "questionCode")

	sec := public.ToSectionsDTO(map[form.Origin]form.SectionSet{form.OriginKorean: {{Code: "spouse", Required: true}}, form.OriginNone: {}})
	dtotest.WantKeys(t, "sections", sec, "korean", "korean[].code", "korean[].required", "none")
}

// Lists the client left out (null) stay null on the way in and out, as
// they did when core's types were bound directly; a saved step's empty list
// stays empty.
func TestFormDTONullLists(t *testing.T) {
	t.Parallel()
	var in ApplicantInfoDTO
	if err := json.Unmarshal([]byte(`{"gend":"F","g20Answers":null}`), &in); err != nil {
		t.Fatal(err)
	}
	if a := in.ToCore(); a.G20Answers != nil || a.FamilyList != nil || a.Gend != "F" {
		t.Fatalf("null lists: %+v", a)
	}
	b, _ := json.Marshal(ToApplicantInfoDTO(form.ApplicantInfo{FamilyList: []form.FamilyMember{}}))
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	if m["g20Answers"] != nil || m["familyList"] == nil {
		t.Fatalf("nil and empty lists: %s", b)
	}
	if got := edge.MapList([]form.Career{}, ToCareerDTO); got == nil || len(got) != 0 {
		t.Fatalf("an empty list: %v", got)
	}
}
