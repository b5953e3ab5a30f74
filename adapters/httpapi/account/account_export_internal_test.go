package account

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/gradapply/gradapply/adapters/httpapi/edge/dtotest"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/mydata"
	"github.com/gradapply/gradapply/core/school"
)

// applications.json of "Download my data" keeps its keys: the part and the
// surveys as Go named them, everything else as the form does.
func TestExportApplicationKeys(t *testing.T) {
	t.Parallel()
	info := dtotest.Filled[form.ApplicantInfo]()
	a := mydata.Application{ApplNo: 1, CreatedAt: time.Unix(5, 0).UTC(), Part: dtotest.Filled[application.Part](),
		Consents: dtotest.Filled[[]school.Acceptance](),
		Steps: mydata.Steps{Basis: &info, Academic: dtotest.Filled[[]form.AcademicRecord](), Languages: dtotest.Filled[[]form.LanguageEntry](),
			Careers: dtotest.Filled[[]form.Career](), Certificates: dtotest.Filled[[]form.Certificate](), Essays: dtotest.Filled[[]form.Essay]()},
		Surveys:   map[string]application.SurveyData{"PART": dtotest.Filled[application.SurveyData]()},
		Documents: dtotest.Filled[[]mydata.ExportedDocument]()}
	var want []string
	for _, k := range dtotest.InfoKeys {
		want = append(want, "[].steps.basis."+k)
	}
	dtotest.WantKeys(t, "applications.json", exportJSON([]mydata.Application{a}), append(want,
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
