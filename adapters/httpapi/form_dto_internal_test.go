package httpapi

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mydata"
	"github.com/gradapply/gradapply/core/school"
)

// The application form's JSON is what the applicant's SPA and the back
// office read and send: its keys are the ones core/form carried before it
// lost its JSON names, so renaming a field of core cannot change them.

var infoKeys = []string{
	"address", "addressDetail", "alienRegistrationStatus", "applyVisa", "birthDate", "childNum", "email",
	"emergencyContact", "emergencyContact.name", "emergencyContact.phone", "emergencyContact.relation", "engFirstName",
	"engLastName", "engName", "entryDate", "familyList", "familyList[].birthDate", "familyList[].name",
	"familyList[].nationality", "familyList[].occupation", "familyList[].phone", "familyList[].relation",
	"financialGuarantor", "financialGuarantor.address", "financialGuarantor.annualIncome", "financialGuarantor.email",
	"financialGuarantor.name", "financialGuarantor.occupation", "financialGuarantor.phone", "financialGuarantor.relation",
	"firstName", "firstName_eng", "foreignAddress", "foreignerRegistrationNo", "foreignerType", "g20Answers", "g20Member",
	"gend", "hometown", "isApplyVisaApproved", "isCompatriot", "isHaveExperienceApplyVisa", "korName", "languageSchool",
	"languageSchool.countryCode", "languageSchool.enterDay", "languageSchool.graduateDay", "languageSchool.level",
	"languageSchool.name", "lastName", "lastName_eng", "maritalStatus", "messengerId", "middleName", "mobile",
	"monthsOfStay", "multiNationality", "multiNationalityCode", "nationality", "overseasAgency",
	"overseasAgency.agentName", "overseasAgency.email", "overseasAgency.name", "overseasAgency.phone",
	"overseasAgency.wechatId", "overseasKorean", "passportExpiryDate", "passportIssueCountry", "passportIssueDate",
	"passportNo", "phone", "postCode", "residencyCountryCode", "residencyTypeCode", "residentNoLast", "scholarship",
	"skypeId", "spouse", "spouse.birthDate", "spouse.name", "spouse.nationality", "spouse.occupation", "spouse.phone",
	"travelAbroad", "videoEssayUrl", "visaChangeRequired", "visaExpiryDate", "visaNo", "visaTypeCode", "visaTypeEtc",
}

func TestFormDTOKeys(t *testing.T) {
	t.Parallel()
	info := filled[form.ApplicantInfo]()
	wantKeys(t, "applicantInfo", toApplicantInfoDTO(info), infoKeys...)
	sameValue(t, "applicantInfo", roundTrip(t, toApplicantInfoDTO(info), applicantInfoDTO.toCore), info)

	acad := filled[form.AcademicRecord]()
	wantKeys(t, "acadList", toAcademicRecordDTO(acad),
		"acadFinal", "acadType", "city", "college", "countryCode", "credits", "degreeCourse", "degreeLevel", "degreeNo",
		"department", "enterDay", "fullScore", "fullScoreEtc", "gpa", "gradeForm", "graduateDay", "graduationStatus",
		"major", "schoolCode", "searchSchoolName", "studentId", "transfer")
	sameValue(t, "acadList", roundTrip(t, toAcademicRecordDTO(acad), academicRecordDTO.toCore), acad)

	lang := filled[form.LanguageEntry]()
	wantKeys(t, "partLanguages", toLanguageEntryDTO(lang),
		"docNo", "examDay", "expiryDay", "langExamCode", "level", "nodeId", "score", "topik_seq")
	sameValue(t, "partLanguages", roundTrip(t, toLanguageEntryDTO(lang), languageEntryDTO.toCore), lang)

	career := filled[form.Career]()
	wantKeys(t, "careerList", toCareerDTO(career),
		"address", "compType", "companyName", "currentYn", "department", "description", "employmentType", "joinDay",
		"position", "retireDay")
	sameValue(t, "careerList", roundTrip(t, toCareerDTO(career), careerDTO.toCore), career)

	cert := filled[form.Certificate]()
	wantKeys(t, "certificateList", toCertificateDTO(cert), "category", "description", "institution", "issueDay")
	sameValue(t, "certificateList", roundTrip(t, toCertificateDTO(cert), certificateDTO.toCore), cert)

	essay := filled[form.Essay]()
	wantKeys(t, "essays", toEssayAnswerDTO(essay), "lang", "no", "text")
	sameValue(t, "essays", roundTrip(t, toEssayAnswerDTO(essay), essayAnswerDTO.toCore), essay)

	ans := filled[application.SurveyAnswer]()
	wantKeys(t, "survey answers", toSurveyAnswerDTO(ans),
		"answer", "comment", "depth", "inputType", "isLeaf", "itemCode", "questionCode", "subAnswer", "subQuestion")
	sameValue(t, "survey answers", roundTrip(t, toSurveyAnswerDTO(ans), surveyAnswerDTO.toCore), ans)
	// A site survey's answer without a sub-question leaves the key out.
	wantKeys(t, "site survey answer", toFormSurveyAnswerDTO(form.SurveyAnswer{}), "answer", "comment", "itemCode", "questionCode")

	sec := toSectionsDTO(map[form.Origin]form.SectionSet{form.OriginKorean: {{Code: "spouse", Required: true}}, form.OriginNone: {}})
	wantKeys(t, "sections", sec, "korean", "korean[].code", "korean[].required", "none")
}

// Lists the client left out (null) stay null on the way in and out, as
// they did when core's types were bound directly; a saved step's empty list
// stays empty.
func TestFormDTONullLists(t *testing.T) {
	t.Parallel()
	var in applicantInfoDTO
	if err := json.Unmarshal([]byte(`{"gend":"F","g20Answers":null}`), &in); err != nil {
		t.Fatal(err)
	}
	if a := in.toCore(); a.G20Answers != nil || a.FamilyList != nil || a.Gend != "F" {
		t.Fatalf("null lists: %+v", a)
	}
	b, _ := json.Marshal(toApplicantInfoDTO(form.ApplicantInfo{FamilyList: []form.FamilyMember{}}))
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	if m["g20Answers"] != nil || m["familyList"] == nil {
		t.Fatalf("nil and empty lists: %s", b)
	}
	if got := mapList([]form.Career{}, toCareerDTO); got == nil || len(got) != 0 {
		t.Fatalf("an empty list: %v", got)
	}
}

// A staff correction names the fields it changes; a value that does not
// read as its field is refused as the service refused it.
func TestCorrectBodyInfoChanges(t *testing.T) {
	t.Parallel()
	var in correctBody
	if err := json.Unmarshal([]byte(`{"changes":{"mobile":"010-1","spouse":{"name":"Kim"},"g20Answers":["156"],"nope":1},"reason":"r"}`), &in); err != nil {
		t.Fatal(err)
	}
	ch, err := in.infoChanges()
	if err != nil || !slices.Equal(ch.Names, []string{"g20Answers", "mobile", "nope", "spouse"}) || ch.Values.Mobile != "010-1" ||
		ch.Values.Spouse != (form.Spouse{Name: "Kim"}) || !slices.Equal(ch.Values.G20Answers, []string{"156"}) {
		t.Fatalf("changes: %+v %v", ch, err)
	}
	_ = json.Unmarshal([]byte(`{"changes":{"mobile":12}}`), &in)
	_, err = in.infoChanges()
	if e, ok := apperr.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Field != "changes" || e.Fields[0].Code != application.CodeFieldUnknown {
		t.Fatalf("a value of the wrong type: %v", err)
	}
}

// applications.json of "Download my data" keeps its keys: the part and the
// surveys as Go named them, everything else as the form does.
func TestExportApplicationKeys(t *testing.T) {
	t.Parallel()
	info := filled[form.ApplicantInfo]()
	a := mydata.Application{ApplNo: 1, CreatedAt: time.Unix(5, 0).UTC(), Part: filled[application.Part](),
		Consents: filled[[]school.Acceptance](),
		Steps: mydata.Steps{Basis: &info, Academic: filled[[]form.AcademicRecord](), Languages: filled[[]form.LanguageEntry](),
			Careers: filled[[]form.Career](), Certificates: filled[[]form.Certificate](), Essays: filled[[]form.Essay]()},
		Surveys:   map[string]application.SurveyData{"PART": filled[application.SurveyData]()},
		Documents: filled[[]mydata.ExportedDocument]()}
	var want []string
	for _, k := range infoKeys {
		want = append(want, "[].steps.basis."+k)
	}
	wantKeys(t, "applications.json", exportJSON([]mydata.Application{a}), append(want,
		"[].applId", "[].applNo", "[].applicantName", "[].consents", "[].consents[].at", "[].consents[].code",
		"[].consents[].version", "[].createdAt", "[].documents", "[].documents[].fileName", "[].documents[].itemCode",
		"[].documents[].path", "[].documents[].size", "[].documents[].slot", "[].documents[].uploadedAt", "[].enterYear",
		"[].part", "[].part.AddCertificateCount", "[].part.ApplPartNo", "[].part.CategoryCode", "[].part.IsGeneralType",
		"[].part.IsMaster", "[].part.MajorCode", "[].part.RemkEng", "[].part.RemkKor", "[].part.StayTypeCode",
		"[].recruitPartSeq", "[].schoolCode", "[].status", "[].steps", "[].steps.academic", "[].steps.academic[].acadFinal",
		"[].steps.academic[].acadType", "[].steps.academic[].city", "[].steps.academic[].college",
		"[].steps.academic[].countryCode", "[].steps.academic[].credits", "[].steps.academic[].degreeCourse",
		"[].steps.academic[].degreeLevel", "[].steps.academic[].degreeNo", "[].steps.academic[].department",
		"[].steps.academic[].enterDay", "[].steps.academic[].fullScore", "[].steps.academic[].fullScoreEtc",
		"[].steps.academic[].gpa", "[].steps.academic[].gradeForm", "[].steps.academic[].graduateDay",
		"[].steps.academic[].graduationStatus", "[].steps.academic[].major", "[].steps.academic[].schoolCode",
		"[].steps.academic[].searchSchoolName", "[].steps.academic[].studentId", "[].steps.academic[].transfer",
		"[].steps.basis", "[].steps.careers", "[].steps.careers[].address", "[].steps.careers[].compType",
		"[].steps.careers[].companyName", "[].steps.careers[].currentYn", "[].steps.careers[].department",
		"[].steps.careers[].description", "[].steps.careers[].employmentType", "[].steps.careers[].joinDay",
		"[].steps.careers[].position", "[].steps.careers[].retireDay", "[].steps.certificates",
		"[].steps.certificates[].category", "[].steps.certificates[].description", "[].steps.certificates[].institution",
		"[].steps.certificates[].issueDay", "[].steps.essays", "[].steps.essays[].lang", "[].steps.essays[].no",
		"[].steps.essays[].text", "[].steps.languages", "[].steps.languages[].docNo", "[].steps.languages[].examDay",
		"[].steps.languages[].expiryDay", "[].steps.languages[].langExamCode", "[].steps.languages[].level",
		"[].steps.languages[].nodeId", "[].steps.languages[].score", "[].steps.languages[].topik_seq", "[].surveys",
		"[].surveys.PART", "[].surveys.PART.Alumni", "[].surveys.PART.Answers", "[].surveys.PART.Answers[].answer",
		"[].surveys.PART.Answers[].comment", "[].surveys.PART.Answers[].depth", "[].surveys.PART.Answers[].inputType",
		"[].surveys.PART.Answers[].isLeaf", "[].surveys.PART.Answers[].itemCode", "[].surveys.PART.Answers[].questionCode",
		"[].surveys.PART.Answers[].subAnswer", "[].surveys.PART.Answers[].subQuestion", "[].surveys.PART.ContactCode",
		"[].updatedAt")...)
	none := exportJSON([]mydata.Application{{Steps: mydata.Steps{Academic: []form.AcademicRecord{}}}})
	b, _ := json.Marshal(none)
	if want := `[{"applNo":0,"schoolCode":"","enterYear":0,"recruitPartSeq":0,"applId":"","status":"","applicantName":"",` +
		`"createdAt":"0001-01-01T00:00:00Z","updatedAt":"0001-01-01T00:00:00Z","part":{"ApplPartNo":0,"MajorCode":"","IsMaster":false,` +
		`"IsGeneralType":false,"StayTypeCode":"","CategoryCode":"","RemkKor":"","RemkEng":"","AddCertificateCount":0},"consents":null,` +
		`"steps":{"academic":[],"careers":null,"certificates":null,"essays":null,"languages":null},"surveys":null,"documents":null}]`; string(b) != want {
		t.Fatalf("an application without steps:\n got %s\nwant %s", b, want)
	}
}
