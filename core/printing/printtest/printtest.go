// Package printtest holds in-memory ports of core/printing and a sample
// application full of codes, for the tests of the use case and of the
// renderers.
package printtest

import (
	"bytes"
	"context"
	"io"
	"time"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/printing"
	"github.com/gradapply/gradapply/core/school"
)

// The sample application.
const (
	ApplNo     = 4242
	ExamNumber = "202701-0007"
	Owner      = "applicant1"
	School     = "NURI"
)

// Store is every port of printing.Service held in memory.
type Store struct {
	Header     application.Header
	PartRow    application.Part
	RoundRow   application.Round
	InfoRow    form.ApplicantInfo
	Acad       []form.AcademicRecord
	Langs      []form.LanguageEntry
	CareerRows []form.Career
	Certs      []form.Certificate
	Essays     []form.Essay
	Surveys    map[string]application.SurveyData
	ItemRows   []document.DocItem
	Docs       []document.Document
	Files      map[string][]byte
	Accept     []school.Acceptance
	Notice     printing.Label
	Logged     []string
}

func (s *Store) Get(_ context.Context, n int64) (application.Header, error) {
	if n != s.Header.ApplNo {
		return application.Header{}, apperr.NotFound(application.CodeNotFound)
	}
	return s.Header, nil
}
func (s *Store) Part(context.Context, int64) (application.Part, error) { return s.PartRow, nil }
func (s *Store) Consents(context.Context, int64) ([]school.Acceptance, error) {
	return s.Accept, nil
}
func (s *Store) Info(context.Context, int64) (form.ApplicantInfo, bool, error) {
	return s.InfoRow, true, nil
}
func (s *Store) Academic(context.Context, int64) ([]form.AcademicRecord, error) {
	return s.Acad, nil
}
func (s *Store) Languages(context.Context, int64) ([]form.LanguageEntry, error) {
	return s.Langs, nil
}
func (s *Store) Careers(context.Context, int64) ([]form.Career, error) { return s.CareerRows, nil }
func (s *Store) AddInfo(context.Context, int64) ([]form.Certificate, []form.Essay, error) {
	return s.Certs, s.Essays, nil
}
func (s *Store) Survey(_ context.Context, _ int64, stage string) (application.SurveyData, error) {
	return s.Surveys[stage], nil
}
func (s *Store) Round(_ context.Context, k application.RoundKey) (application.Round, error) {
	if k != s.RoundRow.RoundKey {
		return application.Round{}, apperr.NotFound(application.CodeRoundNotFound)
	}
	return s.RoundRow, nil
}
func (s *Store) Countries(context.Context) ([]application.Country, error) {
	return []application.Country{{Code: "410", KorName: "대한민국", EngName: "Korea, Republic of"},
		{Code: "156", KorName: "중국", EngName: "China"}}, nil
}
func (s *Store) Univ(_ context.Context, code string) (application.Univ, bool, error) {
	if code == "131" {
		return application.Univ{SchoolCode: "131", KorName: "한국예술종합학교", EngName: "Korea National University of Arts", CountryCode: "410"}, true, nil
	}
	return application.Univ{}, false, nil
}

var codeGroups = map[string][]application.Code{
	"ACAD_TYPE":        {{Code: "univ", KorValue: "대학교", EngValue: "University"}, {Code: "grad", KorValue: "대학원", EngValue: "Graduate school"}},
	"ACAD_STS":         {{Code: "00001", KorValue: "졸업", EngValue: "Graduated"}},
	"GRADE_FORM":       {{Code: "00001", KorValue: "평점평균", EngValue: "Point average"}},
	"UNIV_DEGREE_TYPE": {{Code: "00001", KorValue: "학사", EngValue: "Bachelor"}},
	"DEGREE_LEVEL":     {{Code: "00001", KorValue: "학사", EngValue: "Bachelor"}},
	"RELATION":         {{Code: "00001", KorValue: "부", EngValue: "Father"}, {Code: "00002", KorValue: "모", EngValue: "Mother"}},
	"COMP_TYPE":        {{Code: "00003", KorValue: "공공기관", EngValue: "Public institution"}},
	"EMPLOYMENT_TYPE":  {{Code: "00001", KorValue: "정규직", EngValue: "Permanent"}},
	"MARITAL_STS":      {{Code: "00001", KorValue: "미혼", EngValue: "Single"}},
}

func (s *Store) CodeGroup(_ context.Context, _ string, group string) ([]application.Code, bool, error) {
	c, ok := codeGroups[group]
	return c, ok, nil
}
func (s *Store) Items(context.Context, application.RoundKey) ([]document.DocItem, error) {
	return s.ItemRows, nil
}
func (s *Store) List(context.Context, int64) ([]document.Document, error) { return s.Docs, nil }
func (s *Store) Open(_ context.Context, name string) (io.ReadCloser, error) {
	b, ok := s.Files[name]
	if !ok {
		return nil, apperr.NotFound(document.CodeFileNotFound)
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}
func (s *Store) SlipNotice(context.Context, application.RoundKey) (printing.Label, bool, error) {
	return s.Notice, s.Notice != (printing.Label{}), nil
}
func (s *Store) Record(_ context.Context, actor, action, target string, _ map[string]any) error {
	s.Logged = append(s.Logged, actor+" "+action+" "+target)
	return nil
}

type clock time.Time

func (c clock) Now() time.Time { return time.Time(c) }

// Now is the fixed time of the sample's prints: 2026-03-04 10:30 KST.
var Now = time.Date(2026, 3, 4, 1, 30, 0, 0, time.UTC)

// NewService builds the use case on s with r, at Now.
func NewService(s *Store, r printing.Renderer) *printing.Service {
	return &printing.Service{Apps: s, Forms: s, Ref: s, Docs: s, Files: s,
		Notices: s, Log: s, Renderer: r, Clock: clock(Now)}
}

// OwnerP is the applicant who owns the sample; StaffP staff of its school;
// Stranger another applicant.
var (
	OwnerP   = permission.Principal{UserID: Owner, Roles: []permission.Role{permission.RoleUser}}
	StaffP   = permission.Principal{UserID: "staff1", Roles: []permission.Role{permission.RoleSchoolAdmin}, SchoolCode: School}
	Stranger = permission.Principal{UserID: "someone", Roles: []permission.Role{permission.RoleUser}}
)

// LongEssay is an essay answer long enough to wrap over many lines.
var LongEssay = func() string {
	var b bytes.Buffer
	for i := 0; i < 12; i++ {
		b.WriteString("저는 공연 예술을 통해 사회와 소통하는 연출가가 되고 싶습니다. 학부에서 연극을 전공하며 여러 작품을 무대에 올렸습니다. ")
	}
	b.WriteString("끝문장입니다.")
	return b.String()
}()

// Sample is a COMPLETE application whose every step holds codes: Korean
// nationality 410, grade form 00001, graduation status 00001, level univ,
// school code 131, relation 00001, survey answers with their internal
// fields (depth, inputType, isLeaf), a photo and consents.
func Sample(photo []byte) *Store {
	k := application.RoundKey{SchoolCode: School, EnterYear: 2027, RecruitPartSeq: 1}
	s := &Store{
		Header: application.Header{ApplNo: ApplNo, UserID: Owner, Round: k, ApplID: ExamNumber,
			State: application.State{Status: application.Complete}, ApplicantName: "김하늘"},
		PartRow: application.Part{ApplPartNo: 11, MajorCode: "M01", RemkKor: "석사과정", RemkEng: "Master's programme",
			CategoryCode: "00001", StayTypeCode: "00002"},
		RoundRow: application.Round{RoundKey: k, KorName: "2027학년도 전기 일반전형", EngName: "Spring 2027 regular admission",
			SchoolKorName: "누리예술대학원", SchoolEngName: "Nuri Graduate School of Arts",
			Steps: application.MustSteps(application.BasisSave, application.AcadSave, application.LangSave,
				application.CareerSave, application.AddInfoSave, application.FileSave, application.Survey),
			Parts:         []application.Offer{{ApplPartNo: 11, MajorCode: "M01", MajorKorName: "연출", MajorEngName: "Directing"}},
			Categories:    []application.Code{{Code: "00001", KorValue: "일반전형", EngValue: "Regular admission"}},
			StayTypes:     []application.Code{{Code: "00002", KorValue: "국내 거주", EngValue: "Living in Korea"}},
			LanguageExams: []application.Exam{{LanguageExam: form.LanguageExam{Code: "00001"}, KorName: "토플", EngName: "TOEFL iBT"}},
			Essays: []application.EssayQuestion{{EssayRule: school.EssayRule{No: 1}, KorQuestion: "지원 동기와 학업 계획을 서술하십시오.",
				EngQuestion: "Describe why you apply and what you plan to study."}},
			Survey: []application.Question{
				{Code: "Q1", Depth: 1, IsLeaf: true, InputType: "radio", KorText: "본 대학원을 어떻게 알게 되었습니까?", EngText: "How did you hear about us?",
					Items: []application.Item{{Code: application.Code{Code: "00002", KorValue: "학교 홈페이지", EngValue: "The school's website"}}}},
				{Code: "Q2", Depth: 1, IsLeaf: true, InputType: "text", KorText: "하고 싶은 말", EngText: "Anything else?"},
			},
		},
		InfoRow: form.ApplicantInfo{BasicInfo: form.BasicInfo{
			Gend: "F", KorName: "김하늘", EngName: "KIM HANEUL", Nationality: "410", BirthDate: "2001-02-03",
			ResidentNoLast: "2345678", Address: "서울특별시 종로구 대학로 1", AddressDetail: "101호", PostCode: "03000",
			Mobile: "010-1234-5678", Email: "haneul@example.com", MaritalStatus: "00001",
			EmergencyContact: form.EmergencyContact{Name: "김보호", Relation: "00001", Phone: "010-9876-5432"},
		}},
		Acad: []form.AcademicRecord{{AcadType: "univ", SchoolCode: "131", CountryCode: "410", Major: "연극",
			EnterDay: "2019-03-01", GraduateDay: "2023-02-20", GraduationStatus: "00001", DegreeCourse: "00001",
			DegreeLevel: "00001", GradeForm: "00001", FullScore: "4.50", Gpa: "3.80", AcadFinal: true}},
		Langs:      []form.LanguageEntry{{NodeID: "n1", ExamCode: "00001", Score: "101", ExamDay: "2025-05-01"}},
		CareerRows: []form.Career{{CompanyName: "국립극장", CompType: "00003", EmploymentType: "00001", Position: "조연출", JoinDay: "2023-03-01", Current: true}},
		Essays:     []form.Essay{{No: 1, Lang: "ko", Text: LongEssay}},
		Surveys: map[string]application.SurveyData{application.StageSurvey: {Answers: []application.SurveyAnswer{
			{SurveyAnswer: form.SurveyAnswer{QuestionCode: "Q1", ItemCode: "00002"}, InputType: "radio", IsLeaf: true, Depth: 1},
			{SurveyAnswer: form.SurveyAnswer{QuestionCode: "Q2", Answer: "감사합니다"}, InputType: "text", IsLeaf: true, Depth: 1},
		}}},
		ItemRows: []document.DocItem{
			{Item: itemOf("00001", true), KorName: "사진", EngName: "Photo"},
			{Item: itemOf("00002", true), KorName: "최종 학력 졸업증명서", EngName: "Certificate of graduation"},
		},
		Accept: []school.Acceptance{{Code: school.CodeConsentPersonal, Version: "2026-01-01", At: Now.Add(-48 * time.Hour)}},
		Notice: printing.Label{Ko: "실기 고사는 3월 10일 오전 9시 본관 201호에서 진행합니다.", En: "The practical exam is on 10 March at 9 a.m. in room 201."},
		Files:  map[string][]byte{},
	}
	s.Docs = append(s.Docs, document.Document{FileKey: "k2", ApplNo: ApplNo, ItemCode: "00002", FileName: "졸업증명서(최종).pdf", Ext: "pdf", Size: 10})
	if photo != nil {
		s.Files["photo-stored"] = photo
		s.Docs = append(s.Docs, document.Document{FileKey: "k1", ApplNo: ApplNo, ItemCode: printing.PhotoItemCode,
			FileName: "photo.png", StoredName: "photo-stored", Ext: "png", Size: int64(len(photo))})
	}
	return s
}

func itemOf(code string, required bool) document.Item {
	return document.Item{Code: code, Required: required, Extensions: []string{"pdf", "jpg", "png"}, MaxSize: 3 << 20}
}
