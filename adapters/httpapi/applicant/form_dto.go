package applicant

import (
	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// The application form as the applicant's SPA sends and reads it and as the
// back office shows it (docs/api-apply.md): the JSON names are the
// specification's, fixed here rather than in core so that renaming a field
// of core/form cannot change the API (form_dto_internal_test.go pins them).
// Lists keep nil as nil, so a list the client sent as null or left out is
// answered as before.

type emergencyContactDTO struct {
	Name     string `json:"name"`
	Relation string `json:"relation"`
	Phone    string `json:"phone"`
}

type basicInfoDTO struct {
	Gend                    string              `json:"gend"`
	KorName                 string              `json:"korName"`
	EngName                 string              `json:"engName"`
	FirstName               string              `json:"firstName"`
	MiddleName              string              `json:"middleName"`
	LastName                string              `json:"lastName"`
	EngFirstName            string              `json:"engFirstName"`
	EngLastName             string              `json:"engLastName"`
	FirstNameEng            string              `json:"firstName_eng"`
	LastNameEng             string              `json:"lastName_eng"`
	Nationality             string              `json:"nationality"`
	MultiNationality        bool                `json:"multiNationality"`
	MultiNationalityCode    string              `json:"multiNationalityCode"`
	BirthDate               string              `json:"birthDate"`
	ForeignerType           string              `json:"foreignerType"`
	IsCompatriot            bool                `json:"isCompatriot"`
	OverseasKorean          bool                `json:"overseasKorean"`
	Scholarship             bool                `json:"scholarship"`
	ResidentNoLast          string              `json:"residentNoLast"`
	PassportNo              string              `json:"passportNo"`
	PassportIssueDate       string              `json:"passportIssueDate"`
	PassportExpiryDate      string              `json:"passportExpiryDate"`
	PassportIssueCountry    string              `json:"passportIssueCountry"`
	VisaTypeCode            string              `json:"visaTypeCode"`
	VisaTypeEtc             string              `json:"visaTypeEtc"`
	VisaNo                  string              `json:"visaNo"`
	VisaExpiryDate          string              `json:"visaExpiryDate"`
	ForeignerRegistrationNo string              `json:"foreignerRegistrationNo"`
	Address                 string              `json:"address"`
	AddressDetail           string              `json:"addressDetail"`
	PostCode                string              `json:"postCode"`
	ForeignAddress          string              `json:"foreignAddress"`
	Phone                   string              `json:"phone"`
	Mobile                  string              `json:"mobile"`
	Email                   string              `json:"email"`
	MessengerID             string              `json:"messengerId"`
	SkypeID                 string              `json:"skypeId"`
	VideoEssayURL           string              `json:"videoEssayUrl"`
	Hometown                string              `json:"hometown"`
	EntryDate               string              `json:"entryDate"`
	MonthsOfStay            string              `json:"monthsOfStay"`
	EmergencyContact        emergencyContactDTO `json:"emergencyContact"`
	MaritalStatus           string              `json:"maritalStatus"`
	ChildNum                string              `json:"childNum"`
	G20Answers              []string            `json:"g20Answers"`
}

type spouseDTO struct {
	Name        string `json:"name"`
	Nationality string `json:"nationality"`
	BirthDate   string `json:"birthDate"`
	Occupation  string `json:"occupation"`
	Phone       string `json:"phone"`
}

type guarantorDTO struct {
	Name         string `json:"name"`
	Relation     string `json:"relation"`
	Occupation   string `json:"occupation"`
	Phone        string `json:"phone"`
	Email        string `json:"email"`
	Address      string `json:"address"`
	AnnualIncome string `json:"annualIncome"`
}

type languageSchoolDTO struct {
	Name        string `json:"name"`
	CountryCode string `json:"countryCode"`
	EnterDay    string `json:"enterDay"`
	GraduateDay string `json:"graduateDay"`
	Level       string `json:"level"`
}

type familyMemberDTO struct {
	Relation    string `json:"relation"`
	Name        string `json:"name"`
	Nationality string `json:"nationality"`
	BirthDate   string `json:"birthDate"`
	Occupation  string `json:"occupation"`
	Phone       string `json:"phone"`
}

type studyAgencyDTO struct {
	Name      string `json:"name"`
	AgentName string `json:"agentName"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	WechatID  string `json:"wechatId"`
}

// applicantInfoDTO is applicantInfo: the basic info's fields and the
// remaining groups at one level, as the form sends them.
type ApplicantInfoDTO struct {
	basicInfoDTO
	G20Member                 bool              `json:"g20Member"`
	VisaChangeRequired        bool              `json:"visaChangeRequired"`
	ApplyVisa                 string            `json:"applyVisa"`
	IsHaveExperienceApplyVisa bool              `json:"isHaveExperienceApplyVisa"`
	IsApplyVisaApproved       bool              `json:"isApplyVisaApproved"`
	TravelAbroad              bool              `json:"travelAbroad"`
	AlienRegistrationStatus   string            `json:"alienRegistrationStatus"`
	Spouse                    spouseDTO         `json:"spouse"`
	FinancialGuarantor        guarantorDTO      `json:"financialGuarantor"`
	LanguageSchool            languageSchoolDTO `json:"languageSchool"`
	FamilyList                []familyMemberDTO `json:"familyList"`
	ResidencyTypeCode         string            `json:"residencyTypeCode"`
	ResidencyCountryCode      string            `json:"residencyCountryCode"`
	OverseasAgency            studyAgencyDTO    `json:"overseasAgency"`
}

func toBasicInfoDTO(b form.BasicInfo) basicInfoDTO {
	return basicInfoDTO{
		Gend: b.Gend, KorName: b.KorName, EngName: b.EngName, FirstName: b.FirstName, MiddleName: b.MiddleName,
		LastName: b.LastName, EngFirstName: b.EngFirstName, EngLastName: b.EngLastName, FirstNameEng: b.FirstNameEng,
		LastNameEng: b.LastNameEng, Nationality: b.Nationality, MultiNationality: b.MultiNationality,
		MultiNationalityCode: b.MultiNationalityCode, BirthDate: b.BirthDate, ForeignerType: b.ForeignerType,
		IsCompatriot: b.IsCompatriot, OverseasKorean: b.OverseasKorean, Scholarship: b.Scholarship,
		ResidentNoLast: b.ResidentNoLast, PassportNo: b.PassportNo, PassportIssueDate: b.PassportIssueDate,
		PassportExpiryDate: b.PassportExpiryDate, PassportIssueCountry: b.PassportIssueCountry,
		VisaTypeCode: b.VisaTypeCode, VisaTypeEtc: b.VisaTypeEtc, VisaNo: b.VisaNo, VisaExpiryDate: b.VisaExpiryDate,
		ForeignerRegistrationNo: b.ForeignerRegistrationNo, Address: b.Address, AddressDetail: b.AddressDetail,
		PostCode: b.PostCode, ForeignAddress: b.ForeignAddress, Phone: b.Phone, Mobile: b.Mobile, Email: b.Email,
		MessengerID: b.MessengerID, SkypeID: b.SkypeID, VideoEssayURL: b.VideoEssayURL, Hometown: b.Hometown,
		EntryDate: b.EntryDate, MonthsOfStay: b.MonthsOfStay,
		EmergencyContact: emergencyContactDTO{Name: b.EmergencyContact.Name, Relation: b.EmergencyContact.Relation, Phone: b.EmergencyContact.Phone},
		MaritalStatus:    b.MaritalStatus, ChildNum: b.ChildNum, G20Answers: b.G20Answers,
	}
}

// ToCore is the value as core reads it.
func (d basicInfoDTO) ToCore() form.BasicInfo {
	return form.BasicInfo{
		Gend: d.Gend, KorName: d.KorName, EngName: d.EngName, FirstName: d.FirstName, MiddleName: d.MiddleName,
		LastName: d.LastName, EngFirstName: d.EngFirstName, EngLastName: d.EngLastName, FirstNameEng: d.FirstNameEng,
		LastNameEng: d.LastNameEng, Nationality: d.Nationality, MultiNationality: d.MultiNationality,
		MultiNationalityCode: d.MultiNationalityCode, BirthDate: d.BirthDate, ForeignerType: d.ForeignerType,
		IsCompatriot: d.IsCompatriot, OverseasKorean: d.OverseasKorean, Scholarship: d.Scholarship,
		ResidentNoLast: d.ResidentNoLast, PassportNo: d.PassportNo, PassportIssueDate: d.PassportIssueDate,
		PassportExpiryDate: d.PassportExpiryDate, PassportIssueCountry: d.PassportIssueCountry,
		VisaTypeCode: d.VisaTypeCode, VisaTypeEtc: d.VisaTypeEtc, VisaNo: d.VisaNo, VisaExpiryDate: d.VisaExpiryDate,
		ForeignerRegistrationNo: d.ForeignerRegistrationNo, Address: d.Address, AddressDetail: d.AddressDetail,
		PostCode: d.PostCode, ForeignAddress: d.ForeignAddress, Phone: d.Phone, Mobile: d.Mobile, Email: d.Email,
		MessengerID: d.MessengerID, SkypeID: d.SkypeID, VideoEssayURL: d.VideoEssayURL, Hometown: d.Hometown,
		EntryDate: d.EntryDate, MonthsOfStay: d.MonthsOfStay,
		EmergencyContact: form.EmergencyContact{Name: d.EmergencyContact.Name, Relation: d.EmergencyContact.Relation, Phone: d.EmergencyContact.Phone},
		MaritalStatus:    d.MaritalStatus, ChildNum: d.ChildNum, G20Answers: d.G20Answers,
	}
}

func toFamilyMemberDTO(m form.FamilyMember) familyMemberDTO {
	return familyMemberDTO{Relation: m.Relation, Name: m.Name, Nationality: m.Nationality, BirthDate: m.BirthDate,
		Occupation: m.Occupation, Phone: m.Phone}
}

// ToCore is the value as core reads it.
func (d familyMemberDTO) ToCore() form.FamilyMember {
	return form.FamilyMember{Relation: d.Relation, Name: d.Name, Nationality: d.Nationality, BirthDate: d.BirthDate,
		Occupation: d.Occupation, Phone: d.Phone}
}

// ToApplicantInfoDTO maps core's value to its JSON shape.
func ToApplicantInfoDTO(a form.ApplicantInfo) ApplicantInfoDTO {
	s, g, l, o := a.Spouse, a.FinancialGuarantor, a.LanguageSchool, a.OverseasAgency
	return ApplicantInfoDTO{
		basicInfoDTO: toBasicInfoDTO(a.BasicInfo),
		G20Member:    a.G20Member, VisaChangeRequired: a.VisaChangeRequired, ApplyVisa: a.ApplyVisa,
		IsHaveExperienceApplyVisa: a.IsHaveExperienceApplyVisa, IsApplyVisaApproved: a.IsApplyVisaApproved,
		TravelAbroad: a.TravelAbroad, AlienRegistrationStatus: a.AlienRegistrationStatus,
		Spouse: spouseDTO{Name: s.Name, Nationality: s.Nationality, BirthDate: s.BirthDate, Occupation: s.Occupation, Phone: s.Phone},
		FinancialGuarantor: guarantorDTO{Name: g.Name, Relation: g.Relation, Occupation: g.Occupation, Phone: g.Phone,
			Email: g.Email, Address: g.Address, AnnualIncome: g.AnnualIncome},
		LanguageSchool: languageSchoolDTO{Name: l.Name, CountryCode: l.CountryCode, EnterDay: l.EnterDay,
			GraduateDay: l.GraduateDay, Level: l.Level},
		FamilyList:        edge.MapList(a.FamilyList, toFamilyMemberDTO),
		ResidencyTypeCode: a.ResidencyTypeCode, ResidencyCountryCode: a.ResidencyCountryCode,
		OverseasAgency: studyAgencyDTO{Name: o.Name, AgentName: o.AgentName, Email: o.Email, Phone: o.Phone, WechatID: o.WechatID},
	}
}

// ToCore is the value as core reads it.
func (d ApplicantInfoDTO) ToCore() form.ApplicantInfo {
	s, g, l, o := d.Spouse, d.FinancialGuarantor, d.LanguageSchool, d.OverseasAgency
	return form.ApplicantInfo{
		BasicInfo: d.basicInfoDTO.ToCore(),
		G20Member: d.G20Member, VisaChangeRequired: d.VisaChangeRequired, ApplyVisa: d.ApplyVisa,
		IsHaveExperienceApplyVisa: d.IsHaveExperienceApplyVisa, IsApplyVisaApproved: d.IsApplyVisaApproved,
		TravelAbroad: d.TravelAbroad, AlienRegistrationStatus: d.AlienRegistrationStatus,
		Spouse: form.Spouse{Name: s.Name, Nationality: s.Nationality, BirthDate: s.BirthDate, Occupation: s.Occupation, Phone: s.Phone},
		FinancialGuarantor: form.Guarantor{Name: g.Name, Relation: g.Relation, Occupation: g.Occupation, Phone: g.Phone,
			Email: g.Email, Address: g.Address, AnnualIncome: g.AnnualIncome},
		LanguageSchool: form.LanguageSchool{Name: l.Name, CountryCode: l.CountryCode, EnterDay: l.EnterDay,
			GraduateDay: l.GraduateDay, Level: l.Level},
		FamilyList:        edge.MapList(d.FamilyList, familyMemberDTO.ToCore),
		ResidencyTypeCode: d.ResidencyTypeCode, ResidencyCountryCode: d.ResidencyCountryCode,
		OverseasAgency: form.StudyAgency{Name: o.Name, AgentName: o.AgentName, Email: o.Email, Phone: o.Phone, WechatID: o.WechatID},
	}
}

// AcademicRecordDTO is a JSON shape other actors' packages share.
type AcademicRecordDTO struct {
	AcadType         string `json:"acadType"`
	SchoolCode       string `json:"schoolCode"`
	SearchSchoolName string `json:"searchSchoolName"`
	CountryCode      string `json:"countryCode"`
	City             string `json:"city"`
	College          string `json:"college"`
	Major            string `json:"major"`
	Department       string `json:"department"`
	AcadFinal        bool   `json:"acadFinal"`
	EnterDay         string `json:"enterDay"`
	GraduateDay      string `json:"graduateDay"`
	GraduationStatus string `json:"graduationStatus"`
	DegreeNo         string `json:"degreeNo"`
	DegreeCourse     string `json:"degreeCourse"`
	DegreeLevel      string `json:"degreeLevel"`
	Transfer         bool   `json:"transfer"`
	Credits          string `json:"credits"`
	GradeForm        string `json:"gradeForm"`
	FullScore        string `json:"fullScore"`
	FullScoreEtc     string `json:"fullScoreEtc"`
	Gpa              string `json:"gpa"`
	StudentID        string `json:"studentId"`
}

// ToAcademicRecordDTO maps core's value to its JSON shape.
func ToAcademicRecordDTO(a form.AcademicRecord) AcademicRecordDTO {
	return AcademicRecordDTO{AcadType: a.AcadType, SchoolCode: a.SchoolCode, SearchSchoolName: a.SearchSchoolName,
		CountryCode: a.CountryCode, City: a.City, College: a.College, Major: a.Major, Department: a.Department,
		AcadFinal: a.AcadFinal, EnterDay: a.EnterDay, GraduateDay: a.GraduateDay, GraduationStatus: a.GraduationStatus,
		DegreeNo: a.DegreeNo, DegreeCourse: a.DegreeCourse, DegreeLevel: a.DegreeLevel, Transfer: a.Transfer,
		Credits: a.Credits, GradeForm: a.GradeForm, FullScore: a.FullScore, FullScoreEtc: a.FullScoreEtc, Gpa: a.Gpa,
		StudentID: a.StudentID}
}

// ToCore is the value as core reads it.
func (d AcademicRecordDTO) ToCore() form.AcademicRecord {
	return form.AcademicRecord{AcadType: d.AcadType, SchoolCode: d.SchoolCode, SearchSchoolName: d.SearchSchoolName,
		CountryCode: d.CountryCode, City: d.City, College: d.College, Major: d.Major, Department: d.Department,
		AcadFinal: d.AcadFinal, EnterDay: d.EnterDay, GraduateDay: d.GraduateDay, GraduationStatus: d.GraduationStatus,
		DegreeNo: d.DegreeNo, DegreeCourse: d.DegreeCourse, DegreeLevel: d.DegreeLevel, Transfer: d.Transfer,
		Credits: d.Credits, GradeForm: d.GradeForm, FullScore: d.FullScore, FullScoreEtc: d.FullScoreEtc, Gpa: d.Gpa,
		StudentID: d.StudentID}
}

// LanguageEntryDTO is a JSON shape other actors' packages share.
type LanguageEntryDTO struct {
	NodeID    string `json:"nodeId"`
	ExamCode  string `json:"langExamCode"`
	Score     string `json:"score"`
	Level     string `json:"level"`
	DocNo     string `json:"docNo"`
	ExamDay   string `json:"examDay"`
	ExpiryDay string `json:"expiryDay"`
	TopikSeq  string `json:"topik_seq"`
}

// ToLanguageEntryDTO maps core's value to its JSON shape.
func ToLanguageEntryDTO(l form.LanguageEntry) LanguageEntryDTO {
	return LanguageEntryDTO{NodeID: l.NodeID, ExamCode: l.ExamCode, Score: l.Score, Level: l.Level, DocNo: l.DocNo,
		ExamDay: l.ExamDay, ExpiryDay: l.ExpiryDay, TopikSeq: l.TopikSeq}
}

// ToCore is the value as core reads it.
func (d LanguageEntryDTO) ToCore() form.LanguageEntry {
	return form.LanguageEntry{NodeID: d.NodeID, ExamCode: d.ExamCode, Score: d.Score, Level: d.Level, DocNo: d.DocNo,
		ExamDay: d.ExamDay, ExpiryDay: d.ExpiryDay, TopikSeq: d.TopikSeq}
}

// CareerDTO is a JSON shape other actors' packages share.
type CareerDTO struct {
	CompanyName    string `json:"companyName"`
	Description    string `json:"description"`
	Address        string `json:"address"`
	CompType       string `json:"compType"`
	EmploymentType string `json:"employmentType"`
	Department     string `json:"department"`
	Position       string `json:"position"`
	JoinDay        string `json:"joinDay"`
	RetireDay      string `json:"retireDay"`
	Current        bool   `json:"currentYn"`
}

// ToCareerDTO maps core's value to its JSON shape.
func ToCareerDTO(c form.Career) CareerDTO {
	return CareerDTO{CompanyName: c.CompanyName, Description: c.Description, Address: c.Address, CompType: c.CompType,
		EmploymentType: c.EmploymentType, Department: c.Department, Position: c.Position, JoinDay: c.JoinDay,
		RetireDay: c.RetireDay, Current: c.Current}
}

// ToCore is the value as core reads it.
func (d CareerDTO) ToCore() form.Career {
	return form.Career{CompanyName: d.CompanyName, Description: d.Description, Address: d.Address, CompType: d.CompType,
		EmploymentType: d.EmploymentType, Department: d.Department, Position: d.Position, JoinDay: d.JoinDay,
		RetireDay: d.RetireDay, Current: d.Current}
}

// CertificateDTO is a JSON shape other actors' packages share.
type CertificateDTO struct {
	Category    string `json:"category"`
	Description string `json:"description"`
	Institution string `json:"institution"`
	IssueDay    string `json:"issueDay"`
}

// ToCertificateDTO maps core's value to its JSON shape.
func ToCertificateDTO(c form.Certificate) CertificateDTO {
	return CertificateDTO{Category: c.Category, Description: c.Description, Institution: c.Institution, IssueDay: c.IssueDay}
}

// ToCore is the value as core reads it.
func (d CertificateDTO) ToCore() form.Certificate {
	return form.Certificate{Category: d.Category, Description: d.Description, Institution: d.Institution, IssueDay: d.IssueDay}
}

// essayAnswerDTO is an applicant's essay (essayDTO is the round's question).
type EssayAnswerDTO struct {
	No   int    `json:"no"`
	Lang string `json:"lang"`
	Text string `json:"text"`
}

// ToEssayAnswerDTO maps core's value to its JSON shape.
func ToEssayAnswerDTO(e form.Essay) EssayAnswerDTO {
	return EssayAnswerDTO{No: e.No, Lang: e.Lang, Text: e.Text}
}

// ToCore is the value as core reads it.
func (d EssayAnswerDTO) ToCore() form.Essay { return form.Essay{No: d.No, Lang: d.Lang, Text: d.Text} }

// formSurveyAnswerDTO is one answer of a survey.
type FormSurveyAnswerDTO struct {
	QuestionCode string `json:"questionCode"`
	SubQuestion  string `json:"subQuestion,omitempty"`
	ItemCode     string `json:"itemCode"`
	Answer       string `json:"answer"`
	Comment      string `json:"comment"`
}

func toFormSurveyAnswerDTO(a form.SurveyAnswer) FormSurveyAnswerDTO {
	return FormSurveyAnswerDTO{QuestionCode: a.QuestionCode, SubQuestion: a.SubQuestion, ItemCode: a.ItemCode,
		Answer: a.Answer, Comment: a.Comment}
}

// ToCore is the value as core reads it.
func (d FormSurveyAnswerDTO) ToCore() form.SurveyAnswer {
	return form.SurveyAnswer{QuestionCode: d.QuestionCode, SubQuestion: d.SubQuestion, ItemCode: d.ItemCode,
		Answer: d.Answer, Comment: d.Comment}
}

// surveyAnswerDTO is an answer of the application's surveys (part and
// SURVEY steps): the answer with how its question is asked.
type SurveyAnswerDTO struct {
	FormSurveyAnswerDTO
	InputType string `json:"inputType"`
	IsLeaf    bool   `json:"isLeaf"`
	Depth     int    `json:"depth"`
	SubAnswer string `json:"subAnswer"`
}

// ToSurveyAnswerDTO maps core's value to its JSON shape.
func ToSurveyAnswerDTO(a application.SurveyAnswer) SurveyAnswerDTO {
	return SurveyAnswerDTO{FormSurveyAnswerDTO: toFormSurveyAnswerDTO(a.SurveyAnswer), InputType: a.InputType,
		IsLeaf: a.IsLeaf, Depth: a.Depth, SubAnswer: a.SubAnswer}
}

// ToCore is the value as core reads it.
func (d SurveyAnswerDTO) ToCore() application.SurveyAnswer {
	return application.SurveyAnswer{SurveyAnswer: d.FormSurveyAnswerDTO.ToCore(), InputType: d.InputType,
		IsLeaf: d.IsLeaf, Depth: d.Depth, SubAnswer: d.SubAnswer}
}
