package form

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

var (
	now  = time.Date(2026, 5, 10, 12, 0, 0, 0, window.Seoul)
	lk   = Lookups{Countries: SetOf("410", "156", "840"), Schools: SetOf("236", "100"), CompanyTypes: SetOf("01"), EmploymentTypes: SetOf("E1"), LanguageExams: map[string]LanguageExam{"00001": {"00001", InputScore, 120}, "00005": {"00005", InputScore, 9}, "TOPIK": {"TOPIK", InputLevel, 0}, "DOC": {"DOC", InputDocNo, 0}}}
	dflt = school.Default("236")
)

// fields returns "field:code" of an error, in order.
func fields(err error) []string {
	e, _ := apperr.As(err)
	if e == nil {
		return nil
	}
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Field+":"+f.Code)
	}
	return out
}

func expect(t *testing.T, err error, want ...string) {
	t.Helper()
	got := fields(err)
	if !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
}

func korean() BasicInfo {
	return BasicInfo{Gend: "F", KorName: "김영희", EngName: "Kim Younghee", Nationality: "410", BirthDate: "1998-04-01",
		ResidentNoLast: "2123456", Email: "kim@example.com", Mobile: "010-1234-5678"}
}

func foreigner() BasicInfo {
	return BasicInfo{Gend: "M", FirstName: "Wei", LastName: "Zhang", Nationality: "156", BirthDate: "2001-02-03",
		PassportNo: "E12345678", PassportIssueDate: "2020-01-01", PassportExpiryDate: "2030-01-01", PassportIssueCountry: "156",
		VisaTypeCode: "00999", Email: "wei@example.com", Phone: "+86 138 0000 0000"}
}

func TestValidateBasicValid(t *testing.T) {
	t.Parallel()
	expect(t, ValidateBasic(korean(), dflt, lk, now))
	expect(t, ValidateBasic(foreigner(), dflt, lk, now))
	expect(t, ValidateBasic(foreigner(), school.ForeignersOnly(dflt), lk, now))
}

// Spec section 5 "Names", "childNum", "Resident registration number",
// "foreignerRegistrationNo", "Country, multi-nationality"; section 1 school
// rules; section 3 applicantInfo.gend is M or F.
func TestValidateBasic(t *testing.T) {
	t.Parallel()
	prog := school.ForeignersOnly(dflt)
	video := dflt
	video.VideoEssay = school.DefaultVideoEssay()
	g20 := dflt
	g20.G20Required = true
	cases := []struct {
		name string
		r    school.Rules
		mod  func(b *BasicInfo)
		base func() BasicInfo
		want []string
	}{
		{"gend is M or F", dflt, func(b *BasicInfo) { b.Gend = "X" }, korean, []string{"applicantInfo.gend:" + CodeGender}},
		{"korName: Korean only, without spaces", dflt, func(b *BasicInfo) { b.KorName = "김 영희" }, korean, []string{"applicantInfo.korName:" + CodeKorName}},
		{"korName required for Koreans", dflt, func(b *BasicInfo) { b.KorName = "" }, korean, []string{"applicantInfo.korName:" + CodeRequired}},
		{"engName: English only", dflt, func(b *BasicInfo) { b.EngName = "Kim 영희" }, korean, []string{"applicantInfo.engName:" + CodeEngName}},
		{"firstName: Korean, English, digits", dflt, func(b *BasicInfo) { b.FirstName = "Wei!" }, foreigner, []string{"applicantInfo.firstName:" + CodeNameKorEngDigit}},
		{"lastName required for foreigners", dflt, func(b *BasicInfo) { b.LastName = "" }, foreigner, []string{"applicantInfo.lastName:" + CodeRequired}},
		{"middleName: hyphen allowed", dflt, func(b *BasicInfo) { b.MiddleName = "Anne-Marie" }, foreigner, nil},
		{"middleName: no space", dflt, func(b *BasicInfo) { b.MiddleName = "Anne Marie" }, foreigner, []string{"applicantInfo.middleName:" + CodeMiddleName}},
		{"engFirstName: English letters and digits", dflt, func(b *BasicInfo) { b.EngFirstName = "Wei-2" }, foreigner, []string{"applicantInfo.engFirstName:" + CodeEngAlnum}},
		{"firstName_eng: English only", dflt, func(b *BasicInfo) { b.FirstNameEng = "Wei2" }, foreigner, []string{"applicantInfo.firstName_eng:" + CodeEngOnly}},
		{"lastName_eng: English only", dflt, func(b *BasicInfo) { b.LastNameEng = "Zhang" }, foreigner, nil},
		{"name too long", dflt, func(b *BasicInfo) { b.FirstName = strings.Repeat("a", 51) }, foreigner, []string{"applicantInfo.firstName:" + CodeTooLong}},
		{"nationality must exist", dflt, func(b *BasicInfo) { b.Nationality = "999" }, foreigner, []string{"applicantInfo.nationality:" + CodeCountry}},
		{"nationality required", dflt, func(b *BasicInfo) { b.Nationality = "" }, foreigner, []string{"applicantInfo.nationality:" + CodeRequired}},
		{"programme refuses 410", prog, func(b *BasicInfo) {}, korean, []string{"applicantInfo.nationality:" + school.CodeNationalityRefused}},
		{"multi-nationality code must exist", dflt, func(b *BasicInfo) { b.MultiNationality = true; b.MultiNationalityCode = "000" }, foreigner, []string{"applicantInfo.multiNationalityCode:" + CodeCountry}},
		{"multi-nationality differs from nationality", dflt, func(b *BasicInfo) { b.MultiNationality = true; b.MultiNationalityCode = "156" }, foreigner, []string{"applicantInfo.multiNationalityCode:" + CodeMultiNationality}},
		{"multi-nationality required when flagged", dflt, func(b *BasicInfo) { b.MultiNationality = true }, foreigner, []string{"applicantInfo.multiNationalityCode:" + CodeRequired}},
		{"multi-nationality valid", dflt, func(b *BasicInfo) { b.MultiNationality = true; b.MultiNationalityCode = "840" }, foreigner, nil},
		{"birthDate format", dflt, func(b *BasicInfo) { b.BirthDate = "1998/04/01" }, foreigner, []string{"applicantInfo.birthDate:" + window.CodeDateFormat}},
		{"birthDate not in the future", dflt, func(b *BasicInfo) { b.BirthDate = "2026-05-11" }, foreigner, []string{"applicantInfo.birthDate:" + window.CodeNotAfterToday}},
		{"resident digits: 7 digits", dflt, func(b *BasicInfo) { b.ResidentNoLast = "212345" }, korean, []string{"applicantInfo.residentNoLast:" + CodeResidentNo}},
		{"resident digits: gender", dflt, func(b *BasicInfo) { b.ResidentNoLast = "1123456" }, korean, []string{"applicantInfo.residentNoLast:" + CodeResidentNo}},
		{"resident digits: century", dflt, func(b *BasicInfo) { b.ResidentNoLast = "4123456" }, korean, []string{"applicantInfo.residentNoLast:" + CodeResidentNo}},
		{"resident digits required for Koreans", dflt, func(b *BasicInfo) { b.ResidentNoLast = "" }, korean, []string{"applicantInfo.residentNoLast:" + CodeRequired}},
		{"resident digits need a birth date", dflt, func(b *BasicInfo) { b.BirthDate = "" }, korean, []string{"applicantInfo.birthDate:" + window.CodeDateRequired, "applicantInfo.residentNoLast:" + CodeResidentNo}},
		{"alien registration number 13 digits", dflt, func(b *BasicInfo) { b.ForeignerRegistrationNo = "010203512345" }, foreigner, []string{"applicantInfo.foreignerRegistrationNo:" + CodeAlienNo}},
		{"alien registration number valid", dflt, func(b *BasicInfo) { b.ForeignerRegistrationNo = "0102035123456" }, foreigner, nil},
		{"passport required for foreigners", dflt, func(b *BasicInfo) { b.PassportNo = "" }, foreigner, []string{"applicantInfo.passportNo:" + CodeRequired}},
		{"passport N/A when none", dflt, func(b *BasicInfo) { b.PassportNo = "N/A"; b.PassportIssueDate = ""; b.PassportExpiryDate = "" }, foreigner, nil},
		{"programme: passport 0000 when none", prog, func(b *BasicInfo) { b.PassportNo = "0000"; b.PassportIssueDate = ""; b.PassportExpiryDate = "" }, foreigner, nil},
		{"default: 0000 is not a passport number", dflt, func(b *BasicInfo) { b.PassportNo = "0000" }, foreigner, []string{"applicantInfo.passportNo:" + CodePassportNo}},
		{"passport expiry after issue", dflt, func(b *BasicInfo) { b.PassportExpiryDate = "2020-01-01" }, foreigner, []string{"applicantInfo.passportExpiryDate:" + window.CodeEndAfterStart}},
		{"passport issue not in the future", dflt, func(b *BasicInfo) { b.PassportIssueDate = "2026-06-01" }, foreigner, []string{"applicantInfo.passportIssueDate:" + window.CodeNotAfterToday}},
		{"passport issue country exists", dflt, func(b *BasicInfo) { b.PassportIssueCountry = "1" }, foreigner, []string{"applicantInfo.passportIssueCountry:" + CodeCountry}},
		{"passport issue country required", dflt, func(b *BasicInfo) { b.PassportIssueCountry = "" }, foreigner, []string{"applicantInfo.passportIssueCountry:" + CodeRequired}},
		{"a foreigner's passport dates are checked", dflt, func(b *BasicInfo) { b.PassportIssueDate, b.PassportExpiryDate = "", "" }, foreigner, []string{"applicantInfo.passportIssueDate:" + window.CodeDateRequired, "applicantInfo.passportExpiryDate:" + window.CodeDateRequired}},
		{"a Korean's passport, visa and alien number are not looked at", dflt, func(b *BasicInfo) { b.PassportNo, b.VisaTypeCode, b.ForeignerRegistrationNo = "AB", "00099", "12" }, korean, nil},
		{"visa type required for foreigners", dflt, func(b *BasicInfo) { b.VisaTypeCode = "" }, foreigner, []string{"applicantInfo.visaTypeCode:" + CodeRequired}},
		{"visa other 00099 needs visaTypeEtc", dflt, func(b *BasicInfo) { b.VisaTypeCode = "00099" }, foreigner, []string{"applicantInfo.visaTypeEtc:" + CodeRequired}},
		{"visa other with text", dflt, func(b *BasicInfo) { b.VisaTypeCode = "00099"; b.VisaTypeEtc = "J-1" }, foreigner, nil},
		{"visa expiry format", dflt, func(b *BasicInfo) { b.VisaTypeCode = "D-2"; b.VisaExpiryDate = "x" }, foreigner, []string{"applicantInfo.visaExpiryDate:" + window.CodeDateFormat}},
		{"e-mail", dflt, func(b *BasicInfo) { b.Email = "kim@" }, korean, []string{"applicantInfo.email:" + account.CodeEmailFormat}},
		{"a phone or a mobile", dflt, func(b *BasicInfo) { b.Mobile = "" }, korean, []string{"applicantInfo.mobile:" + CodeRequired}},
		{"phone format", dflt, func(b *BasicInfo) { b.EmergencyContact.Phone = "call me" }, korean, []string{"applicantInfo.emergencyContact.phone:" + CodePhone}},
		{"address maximum", dflt, func(b *BasicInfo) { b.Address = strings.Repeat("가", 201) }, korean, []string{"applicantInfo.address:" + CodeTooLong}},
		{"entry date format", dflt, func(b *BasicInfo) { b.EntryDate = "2026" }, korean, []string{"applicantInfo.entryDate:" + window.CodeDateFormat}},
		{"months of stay digits", dflt, func(b *BasicInfo) { b.MonthsOfStay = "3개월" }, korean, []string{"applicantInfo.monthsOfStay:" + CodeDigits}},
		{"childNum: digits only", dflt, func(b *BasicInfo) { b.ChildNum = "two" }, korean, []string{"applicantInfo.childNum:" + CodeDigits}},
		{"childNum: digits ok", dflt, func(b *BasicInfo) { b.ChildNum = "2" }, korean, nil},
		{"video essay required where asked", video, func(b *BasicInfo) {}, korean, []string{"applicantInfo.videoEssayUrl:" + CodeRequired}},
		{"video essay not streaming", video, func(b *BasicInfo) { b.VideoEssayURL = "https://youtu.be/x" }, korean, []string{"applicantInfo.videoEssayUrl:" + school.CodeVideoStreaming}},
		{"video essay file link", video, func(b *BasicInfo) { b.VideoEssayURL = "https://files.example.com/me.mp4" }, korean, nil},
		{"G20 question answered", g20, func(b *BasicInfo) { b.G20Answers = []string{" "} }, foreigner, []string{"applicantInfo.g20Answers:" + CodeG20Required}},
		{"G20 answer given", g20, func(b *BasicInfo) { b.G20Answers = []string{"156"} }, foreigner, nil},
		{"G20 question not asked of Koreans", g20, func(b *BasicInfo) {}, korean, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b := c.base()
			c.mod(&b)
			expect(t, ValidateBasic(b, c.r, lk, now), c.want...)
		})
	}
}

// Spec section 5: resident registration number last digits "must be valid";
// issue 3: the first digit consistent with birth year century and gender, no
// checksum (numbers issued since October 2020 carry none).
func TestResidentNoLast(t *testing.T) {
	t.Parallel()
	d := func(y int) time.Time { return time.Date(y, 6, 1, 0, 0, 0, 0, window.Seoul) }
	cases := []struct {
		last string
		year int
		gend string
		ok   bool
	}{
		{"1234567", 1990, "M", true},
		{"2234567", 1990, "F", true},
		{"3234567", 2001, "M", true},
		{"4234567", 2001, "F", true},
		{"9234567", 1899, "M", true},
		{"0234567", 1899, "F", true},
		{"3000000", 2021, "M", true}, // no checksum demanded
		{"1234567", 1990, "F", false},
		{"3234567", 1990, "M", false},
		{"1234567", 2000, "M", false},
		{"5234567", 1990, "M", false},
		{"123456", 1990, "M", false},
		{"12345678", 1990, "M", false},
		{"12345a7", 1990, "M", false},
		{"1234567", 1990, "", true},
	}
	for _, c := range cases {
		if got := ResidentNoLast(c.last, d(c.year), c.gend); got != c.ok {
			t.Errorf("ResidentNoLast(%s,%d,%s)=%v", c.last, c.year, c.gend, got)
		}
	}
	if !AlienNo("1234567890123") || AlienNo("123456789012") || AlienNo("123456789012a") {
		t.Fatal("AlienNo")
	}
}

func acad() AcademicRecord {
	return AcademicRecord{AcadType: "univ", SchoolCode: "236", CountryCode: "410", Department: "경영학과", AcadFinal: true,
		EnterDay: "2016-03-02", GraduateDay: "2020-02-20", GraduationStatus: "00001", GradeForm: "00001", FullScore: "4.50", Gpa: "4.12"}
}

// Spec section 5 "Grades", "acadFinal", "Country ... and school: must be
// chosen after a search", "searchSchoolName", "Previous-university
// department"; section 9 grade forms and full-scale options.
func TestValidateAcademic(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		mod  func(a *AcademicRecord)
		want []string
	}{
		{"valid", func(a *AcademicRecord) {}, nil},
		{"GPA at the full score", func(a *AcademicRecord) { a.Gpa = "4.50" }, nil},
		{"GPA above the full score", func(a *AcademicRecord) { a.Gpa = "4.51" }, []string{"acadList[0].gpa:" + CodeGpaOverFull}},
		{"GPA written to two decimals", func(a *AcademicRecord) { a.Gpa = "4.1" }, []string{"acadList[0].gpa:" + CodeGpaTwoDecimals}},
		{"GPA required", func(a *AcademicRecord) { a.Gpa = "" }, []string{"acadList[0].gpa:" + CodeRequired}},
		{"full score 4.30", func(a *AcademicRecord) { a.FullScore = "4.30"; a.Gpa = "4.30" }, nil},
		{"full score 10.00", func(a *AcademicRecord) { a.FullScore = "10.00"; a.Gpa = "9.99" }, nil},
		{"full score 20.00", func(a *AcademicRecord) { a.FullScore = "20.00"; a.Gpa = "20.01" }, []string{"acadList[0].gpa:" + CodeGpaOverFull}},
		{"full score not an option", func(a *AcademicRecord) { a.FullScore = "4.0" }, []string{"acadList[0].fullScore:" + CodeFullScore}},
		{"full score ETC with its value", func(a *AcademicRecord) { a.FullScore = "ETC"; a.FullScoreEtc = "7.00"; a.Gpa = "6.50" }, nil},
		{"full score ETC without value", func(a *AcademicRecord) { a.FullScore = "ETC" }, []string{"acadList[0].fullScoreEtc:" + CodeFullScore}},
		{"full score ETC of zero", func(a *AcademicRecord) { a.FullScore = "ETC"; a.FullScoreEtc = "0.00" }, []string{"acadList[0].fullScoreEtc:" + CodeFullScore}},
		{"percentage: digits only", func(a *AcademicRecord) { a.GradeForm = "00002"; a.FullScore = "100"; a.Gpa = "92.5" }, []string{"acadList[0].gpa:" + CodeDigits}},
		{"percentage at 100", func(a *AcademicRecord) { a.GradeForm = "00002"; a.FullScore = "100"; a.Gpa = "100" }, nil},
		{"percentage above 100", func(a *AcademicRecord) { a.GradeForm = "00002"; a.FullScore = ""; a.Gpa = "101" }, []string{"acadList[0].gpa:" + CodeGpaOverFull}},
		{"percentage full score is 100", func(a *AcademicRecord) { a.GradeForm = "00002"; a.FullScore = "4.50"; a.Gpa = "90" }, []string{"acadList[0].fullScore:" + CodeFullScore}},
		{"percentage required", func(a *AcademicRecord) { a.GradeForm = "00002"; a.FullScore = "100"; a.Gpa = "" }, []string{"acadList[0].gpa:" + CodeRequired}},
		{"other grade form: text", func(a *AcademicRecord) { a.GradeForm = "00003"; a.Gpa = "Pass" }, nil},
		{"other grade form: required", func(a *AcademicRecord) { a.GradeForm = "00003"; a.Gpa = "" }, []string{"acadList[0].gpa:" + CodeRequired}},
		{"other grade form: at most 20", func(a *AcademicRecord) { a.GradeForm = "00003"; a.Gpa = strings.Repeat("A", 21) }, []string{"acadList[0].gpa:" + CodeTooLong}},
		{"unknown grade form", func(a *AcademicRecord) { a.GradeForm = "00004" }, []string{"acadList[0].gradeForm:" + CodeGradeForm}},
		{"school chosen from the list", func(a *AcademicRecord) { a.SchoolCode = "777" }, []string{"acadList[0].schoolCode:" + CodeSchool}},
		{"school required", func(a *AcademicRecord) { a.SchoolCode = "" }, []string{"acadList[0].schoolCode:" + CodeSchool}},
		{"search other 999 with a name", func(a *AcademicRecord) { a.SchoolCode = "999"; a.SearchSchoolName = "Univ. of Tartu" }, nil},
		{"search other 999 without a name", func(a *AcademicRecord) { a.SchoolCode = "999" }, []string{"acadList[0].searchSchoolName:" + CodeSchoolName}},
		{"country chosen from the list", func(a *AcademicRecord) { a.CountryCode = "1" }, []string{"acadList[0].countryCode:" + CodeCountry}},
		{"country required", func(a *AcademicRecord) { a.CountryCode = "" }, []string{"acadList[0].countryCode:" + CodeCountry}},
		{"department: uppercase English allowed", func(a *AcademicRecord) { a.Department = "경영 MBA" }, nil},
		{"department: lowercase refused", func(a *AcademicRecord) { a.Department = "Business" }, []string{"acadList[0].department:" + CodeDepartment}},
		{"department too long", func(a *AcademicRecord) { a.Department = strings.Repeat("가", 101) }, []string{"acadList[0].department:" + CodeTooLong}},
		{"credits digits", func(a *AcademicRecord) { a.Credits = "130.5" }, nil},
		{"credits not digits", func(a *AcademicRecord) { a.Credits = "many" }, []string{"acadList[0].credits:" + CodeDigits}},
		{"graduate after enter", func(a *AcademicRecord) { a.GraduateDay = "2016-03-01" }, []string{"acadList[0].graduateDay:" + window.CodeEndAfterStart}},
		{"graduated needs a graduate day", func(a *AcademicRecord) { a.GraduateDay = "" }, []string{"acadList[0].graduateDay:" + window.CodeDateRequired}},
		{"graduated not in the future", func(a *AcademicRecord) { a.GraduateDay = "2027-02-20" }, []string{"acadList[0].graduateDay:" + window.CodeNotAfterToday}},
		{"expected graduation in the future", func(a *AcademicRecord) { a.GraduationStatus = "00002"; a.GraduateDay = "2027-02-20" }, nil},
		{"expected graduation without a day", func(a *AcademicRecord) { a.GraduationStatus = "00002"; a.GraduateDay = "" }, nil},
		{"enter day required", func(a *AcademicRecord) { a.EnterDay = "" }, []string{"acadList[0].enterDay:" + window.CodeDateRequired}},
		{"enter day not in the future", func(a *AcademicRecord) { a.EnterDay = "2026-06-01"; a.GraduationStatus = ""; a.GraduateDay = "" }, []string{"acadList[0].enterDay:" + window.CodeNotAfterToday}},
		{"no final education", func(a *AcademicRecord) { a.AcadFinal = false }, []string{"acadList:" + CodeAcadFinal}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a := acad()
			c.mod(&a)
			expect(t, ValidateAcademic([]AcademicRecord{a}, dflt, lk, now), c.want...)
		})
	}
	two := []AcademicRecord{acad(), acad()}
	expect(t, ValidateAcademic(two, dflt, lk, now), "acadList:"+CodeAcadFinal)
	two[1].AcadFinal = false
	expect(t, ValidateAcademic(two, dflt, lk, now))
	expect(t, ValidateAcademic(nil, dflt, lk, now), "acadList:"+CodeRequired)
	expect(t, ValidateAcademic([]AcademicRecord{acad()}, dflt, Lookups{}, now)) // nil lists are the adapter's to check
}

// Spec section 5: "retireDay: not after today"; "Careers: only one
// 'currently employed' entry"; section 3 lookups compTypeList and
// employmentTypeList.
func TestValidateCareers(t *testing.T) {
	t.Parallel()
	job := func() Career {
		return Career{CompanyName: "Acme", CompType: "01", EmploymentType: "E1", JoinDay: "2020-01-01", RetireDay: "2022-12-31"}
	}
	cur := Career{CompanyName: "Now Inc", JoinDay: "2023-01-01", Current: true}
	cases := []struct {
		name string
		list []Career
		want []string
	}{
		{"none is fine", nil, nil},
		{"one past and one current", []Career{job(), cur}, nil},
		{"two current", []Career{cur, cur}, []string{"careerList:" + CodeCareerCurrentOne}},
		{"current without retire day", []Career{func() Career { c := cur; c.RetireDay = "2024-01-01"; return c }()}, []string{"careerList[0].retireDay:" + CodeRetireWhenCurrent}},
		{"retire day today", []Career{func() Career { c := job(); c.RetireDay = "2026-05-10"; return c }()}, nil},
		{"retire day tomorrow", []Career{func() Career { c := job(); c.RetireDay = "2026-05-11"; return c }()}, []string{"careerList[0].retireDay:" + window.CodeNotAfterToday}},
		{"retire before join", []Career{func() Career { c := job(); c.RetireDay = "2019-12-31"; return c }()}, []string{"careerList[0].retireDay:" + window.CodeEndAfterStart}},
		{"retire day required", []Career{func() Career { c := job(); c.RetireDay = ""; return c }()}, []string{"careerList[0].retireDay:" + window.CodeDateRequired}},
		{"join day in the future", []Career{func() Career { c := cur; c.JoinDay = "2026-06-01"; return c }()}, []string{"careerList[0].joinDay:" + window.CodeNotAfterToday}},
		{"company required", []Career{func() Career { c := job(); c.CompanyName = " "; return c }()}, []string{"careerList[0].companyName:" + CodeRequired}},
		{"codes exist", []Career{func() Career { c := job(); c.CompType = "x"; c.EmploymentType = "y"; return c }()}, []string{"careerList[0].compType:" + CodeCode, "careerList[0].employmentType:" + CodeCode}},
		{"description maximum", []Career{func() Career { c := job(); c.Description = strings.Repeat("a", 1001); return c }()}, []string{"careerList[0].description:" + CodeTooLong}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			expect(t, ValidateCareers(c.list, dflt, lk, now), c.want...)
		})
	}
	// A school's override of a text maximum.
	r := dflt
	r.TextLimits = map[string]int{"careerList.description": 10}
	c := job()
	c.Description = strings.Repeat("a", 11)
	expect(t, ValidateCareers([]Career{c}, r, lk, now), "careerList[0].description:"+CodeTooLong)
}

// Spec section 5: "At least one language score is required"; section 9
// language input types score, level, document number; TOEFL 00001, IELTS
// 00005.
func TestValidateLanguages(t *testing.T) {
	t.Parallel()
	toefl := LanguageEntry{ExamCode: "00001", Score: "105", ExamDay: "2025-10-01", ExpiryDay: "2027-10-01"}
	cases := []struct {
		name string
		list []LanguageEntry
		want []string
	}{
		{"at least one", nil, []string{"partLanguages:" + CodeLanguageRequired}},
		{"TOEFL score", []LanguageEntry{toefl}, nil},
		{"IELTS 7.5", []LanguageEntry{{ExamCode: "00005", Score: "7.5", ExamDay: "2025-10-01"}}, nil},
		{"IELTS above 9", []LanguageEntry{{ExamCode: "00005", Score: "9.5", ExamDay: "2025-10-01"}}, []string{"partLanguages[0].score:" + CodeScore}},
		{"score not a number", []LanguageEntry{{ExamCode: "00001", Score: "high", ExamDay: "2025-10-01"}}, []string{"partLanguages[0].score:" + CodeScore}},
		{"score required", []LanguageEntry{{ExamCode: "00001", ExamDay: "2025-10-01"}}, []string{"partLanguages[0].score:" + CodeRequired}},
		{"level exam", []LanguageEntry{{ExamCode: "TOPIK", Level: "6", TopikSeq: "91", ExamDay: "2025-10-01"}}, nil},
		{"level required", []LanguageEntry{{ExamCode: "TOPIK", ExamDay: "2025-10-01"}}, []string{"partLanguages[0].level:" + CodeRequired}},
		{"TOPIK session digits", []LanguageEntry{{ExamCode: "TOPIK", Level: "6", TopikSeq: "91st", ExamDay: "2025-10-01"}}, []string{"partLanguages[0].topik_seq:" + CodeDigits}},
		{"document number exam", []LanguageEntry{{ExamCode: "DOC", ExamDay: "2025-10-01"}}, []string{"partLanguages[0].docNo:" + CodeRequired}},
		{"exam not in the school's list", []LanguageEntry{{ExamCode: "X", Score: "1", ExamDay: "2025-10-01"}}, []string{"partLanguages[0].langExamCode:" + CodeCode}},
		{"exam required", []LanguageEntry{{Score: "1", ExamDay: "2025-10-01"}}, []string{"partLanguages[0].langExamCode:" + CodeRequired}},
		{"same exam twice", []LanguageEntry{toefl, toefl}, []string{"partLanguages[1].langExamCode:" + CodeDuplicate}},
		{"exam day in the future", []LanguageEntry{{ExamCode: "00001", Score: "100", ExamDay: "2026-06-01"}}, []string{"partLanguages[0].examDay:" + window.CodeNotAfterToday}},
		{"expiry after exam day", []LanguageEntry{{ExamCode: "00001", Score: "100", ExamDay: "2025-10-01", ExpiryDay: "2025-09-01"}}, []string{"partLanguages[0].expiryDay:" + window.CodeEndAfterStart}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			expect(t, ValidateLanguages(c.list, dflt, lk, now), c.want...)
		})
	}
	// Without the school's exam list, any one result will do.
	none := Lookups{}
	expect(t, ValidateLanguages([]LanguageEntry{{ExamCode: "Z", Level: "B2", ExamDay: "2025-01-01"}}, dflt, none, now))
	expect(t, ValidateLanguages([]LanguageEntry{{ExamCode: "Z", Score: "1.234", ExamDay: "2025-01-01"}}, dflt, none, now), "partLanguages[0].score:"+CodeScore)
	expect(t, ValidateLanguages([]LanguageEntry{{ExamCode: "Z", ExamDay: "2025-01-01"}}, dflt, none, now), "partLanguages[0].score:"+CodeRequired)
	expect(t, ValidateLanguages(nil, school.Rules{}, none, now)) // a school that does not require a score
}

func TestValidateCertificates(t *testing.T) {
	t.Parallel()
	expect(t, ValidateCertificates([]Certificate{{Category: "IT", Description: "정보처리기사", Institution: "HRDK", IssueDay: "2024-01-01"}}, dflt, now))
	expect(t, ValidateCertificates([]Certificate{{IssueDay: "2027-01-01"}}, dflt, now),
		"certificateList[0].description:"+CodeRequired, "certificateList[0].issueDay:"+window.CodeNotAfterToday)
}

// Spec section 5: "Essays: 400 words for questions 1 and 3, 800 words for
// question 2. Korean variants use 400 or 800 characters."
func TestValidateEssays(t *testing.T) {
	t.Parallel()
	words := func(n int) string { return strings.TrimSpace(strings.Repeat("word ", n)) }
	ok := []Essay{{1, "en", words(400)}, {2, "en", words(800)}, {3, "ko", strings.Repeat("가", 400)}}
	expect(t, ValidateEssays(ok, dflt))
	cases := []struct {
		name string
		mod  func(e []Essay)
		want []string
	}{
		{"q1 401 words", func(e []Essay) { e[0].Text = words(401) }, []string{"essays[0].text:" + CodeEssayWords}},
		{"q2 801 words", func(e []Essay) { e[1].Text = words(801) }, []string{"essays[1].text:" + CodeEssayWords}},
		{"q3 401 Korean characters", func(e []Essay) { e[2].Text = strings.Repeat("가", 401) }, []string{"essays[2].text:" + CodeEssayChars}},
		{"q2 Korean 800 characters", func(e []Essay) { e[1] = Essay{2, "ko", strings.Repeat("나", 800)} }, nil},
		{"empty essay", func(e []Essay) { e[0].Text = " " }, []string{"essays[0].text:" + CodeRequired}},
		{"unknown language", func(e []Essay) { e[0].Lang = "fr" }, []string{"essays[0].lang:" + CodeRequired}},
		{"unknown question", func(e []Essay) { e[0].No = 9 }, []string{"essays[0].no:" + CodeEssayUnknown, "essays:" + CodeRequired}},
		{"question twice", func(e []Essay) { e[1].No = 1 }, []string{"essays[1].no:" + CodeEssayUnknown, "essays:" + CodeRequired}},
	}
	for _, c := range cases {
		e := slices.Clone(ok)
		c.mod(e)
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			expect(t, ValidateEssays(e, dflt), c.want...)
		})
	}
}

// Issue 3 item 2: "q1-q16 all required"; spec section 8: survey 'required'.
func TestValidateSurvey(t *testing.T) {
	t.Parallel()
	qs := DefaultSurveyQuestions()
	var all []SurveyAnswer
	for _, q := range qs {
		all = append(all, SurveyAnswer{QuestionCode: q, ItemCode: "1"})
	}
	expect(t, ValidateSurvey(all, qs, dflt))
	all[15] = SurveyAnswer{QuestionCode: "q16", Answer: "free text"}
	expect(t, ValidateSurvey(all, qs, dflt))
	all[15] = SurveyAnswer{QuestionCode: "q16", Comment: "only a comment"}
	expect(t, ValidateSurvey(all, qs, dflt), "answers.q16:"+CodeSurveyRequired)
	all[15].Comment = strings.Repeat("a", 1001)
	expect(t, ValidateSurvey(all, qs, dflt), "answers[15].comment:"+CodeTooLong, "answers.q16:"+CodeSurveyRequired)
	if len(qs) != 16 || qs[0] != "q1" || qs[15] != "q16" {
		t.Fatal("DefaultSurveyQuestions")
	}
}

func FuzzResidentNoLast(f *testing.F) {
	f.Add("1234567", 1990, "M")
	f.Fuzz(func(t *testing.T, last string, year int, gend string) {
		if !ResidentNoLast(last, time.Date(year, 6, 1, 0, 0, 0, 0, window.Seoul), gend) {
			return
		}
		if len(last) != 7 || strings.ContainsAny(last[:1], "5678") {
			t.Fatalf("accepted %q", last)
		}
		odd := (last[0]-'0')%2 == 1
		if gend == "M" && !odd || gend == "F" && odd {
			t.Fatalf("gender %s with %q", gend, last)
		}
	})
}

func FuzzAlienNo(f *testing.F) {
	f.Add("1234567890123")
	f.Fuzz(func(t *testing.T, s string) {
		if AlienNo(s) && len(s) != 13 {
			t.Fatalf("accepted %q", s)
		}
	})
}

func FuzzCheckGrade(f *testing.F) {
	f.Add("00001", "4.50", "", "4.12")
	f.Add("00002", "100", "", "95")
	f.Add("00001", "ETC", "7.00", "6.99")
	f.Fuzz(func(t *testing.T, form, full, etc, gpa string) {
		var fs apperr.Fields
		CheckGrade(&fs, "", AcademicRecord{GradeForm: form, FullScore: full, FullScoreEtc: etc, Gpa: gpa})
		if len(fs) > 0 {
			return
		}
		switch form {
		case GradeAverage:
			g, ok := hundredths(gpa)
			fv := full
			if full == "ETC" {
				fv = etc
			}
			m, _ := hundredths(fv)
			if !ok || g > m {
				t.Fatalf("accepted gpa %q of %q/%q", gpa, full, etc)
			}
		case GradePercent:
			if len(gpa) > 3 || gpa > "100" && len(gpa) == 3 {
				t.Fatalf("accepted percent %q", gpa)
			}
		case GradeOther:
		default:
			t.Fatalf("accepted form %q", form)
		}
	})
}

func FuzzValidateBasic(f *testing.F) {
	b := korean()
	f.Add(b.Gend, b.KorName, b.EngName, b.Nationality, b.BirthDate, b.ResidentNoLast, b.PassportNo, b.Email, b.ChildNum)
	f.Fuzz(func(t *testing.T, gend, kor, eng, nat, birth, rrn, passport, email, child string) {
		in := BasicInfo{Gend: gend, KorName: kor, EngName: eng, Nationality: nat, BirthDate: birth, ResidentNoLast: rrn,
			PassportNo: passport, Email: email, ChildNum: child, Mobile: "010-1234-5678", FirstName: "A", LastName: "B", VisaTypeCode: "00999"}
		if err := ValidateBasic(in, dflt, lk, now); err != nil {
			if e, ok := apperr.As(err); !ok || len(e.Fields) == 0 {
				t.Fatalf("not a field error: %v", err)
			}
			return
		}
		if gend != "M" && gend != "F" || !lk.Countries.Has(nat) {
			t.Fatalf("accepted %+v", in)
		}
		if nat == "410" && (kor == "" || strings.Contains(kor, " ") || len(rrn) != 7) {
			t.Fatalf("accepted Korean %+v", in)
		}
	})
}

func FuzzValidateAcademic(f *testing.F) {
	a := acad()
	f.Add(a.SchoolCode, a.SearchSchoolName, a.Department, a.EnterDay, a.GraduateDay, a.Gpa, a.Credits)
	f.Fuzz(func(t *testing.T, sc, name, dept, enter, grad, gpa, credits string) {
		a := AcademicRecord{SchoolCode: sc, SearchSchoolName: name, CountryCode: "410", Department: dept, AcadFinal: true,
			EnterDay: enter, GraduateDay: grad, GraduationStatus: "00001", GradeForm: "00001", FullScore: "4.50", Gpa: gpa, Credits: credits}
		if ValidateAcademic([]AcademicRecord{a}, dflt, lk, now) != nil {
			return
		}
		e, _ := window.ParseDate(enter)
		g, _ := window.ParseDate(grad)
		if !g.After(e) || g.After(now) {
			t.Fatalf("accepted dates %q..%q", enter, grad)
		}
	})
}

func FuzzValidateCareers(f *testing.F) {
	f.Add("Acme", "2020-01-01", "2022-01-01", false, true)
	f.Fuzz(func(t *testing.T, name, join, retire string, cur1, cur2 bool) {
		list := []Career{{CompanyName: name, JoinDay: join, RetireDay: retire, Current: cur1}, {CompanyName: "B", JoinDay: "2020-01-01", Current: cur2}}
		if ValidateCareers(list, dflt, lk, now) == nil && cur1 && cur2 {
			t.Fatal("two current careers accepted")
		}
	})
}

func FuzzValidateLanguages(f *testing.F) {
	f.Add("00001", "100", "", "2025-01-01")
	f.Fuzz(func(t *testing.T, code, score, level, day string) {
		err := ValidateLanguages([]LanguageEntry{{ExamCode: code, Score: score, Level: level, ExamDay: day}}, dflt, lk, now)
		if err == nil && lk.LanguageExams[code].InputType == InputScore && score == "" {
			t.Fatal("score exam without score")
		}
	})
}

func FuzzValidateEssays(f *testing.F) {
	f.Add(1, "en", "hello world")
	f.Fuzz(func(t *testing.T, no int, lang, text string) {
		r := dflt
		r.Essays = []school.EssayRule{{No: 1, Words: 5, Chars: 5}}
		if ValidateEssays([]Essay{{no, lang, text}}, r) != nil {
			return
		}
		if lang == "ko" && len([]rune(text)) > 5+strings.Count(text, "\r\n") || lang == "en" && len(strings.Fields(text)) > 5 {
			t.Fatalf("accepted %q %q", lang, text)
		}
	})
}

func FuzzValidateSurvey(f *testing.F) {
	f.Add("q1", "1", "")
	f.Fuzz(func(t *testing.T, q, item, ans string) {
		if ValidateSurvey([]SurveyAnswer{{QuestionCode: q, ItemCode: item, Answer: ans}}, DefaultSurveyQuestions(), dflt) == nil {
			t.Fatal("one answer completed sixteen questions")
		}
	})
}
