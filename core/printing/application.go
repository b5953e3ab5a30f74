package printing

import (
	"context"
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/submission"
)

// rows collects the non-empty rows of a block.
type rows []Field

func (r *rows) add(ko, en, v string) {
	if strings.TrimSpace(v) != "" {
		*r = append(*r, Field{Label: Label{ko, en}, Value: v})
	}
}

func (r *rows) long(ko, en, v string) {
	if strings.TrimSpace(v) != "" {
		*r = append(*r, Field{Label: Label{ko, en}, Value: v, Long: true})
	}
}

// section appends a section made of the non-empty blocks; a section with
// none is left out unless always is set (it then says "none").
func section(out *[]Section, ko, en string, blocks ...Block) {
	s := Section{Title: Label{ko, en}}
	for _, b := range blocks {
		if len(b.Fields) > 0 {
			s.Blocks = append(s.Blocks, b)
		}
	}
	if len(s.Blocks) > 0 {
		*out = append(*out, s)
	}
}

func titled(ko, en string, r rows) Block { return Block{Title: Label{ko, en}, Fields: r} }

func numbered(ko, en string, i int, r rows) Block {
	n := " " + strconv.Itoa(i+1)
	return Block{Title: Label{ko + n, en + n}, Fields: r}
}

func codeName(list []application.Code, code string, n *names) string {
	for _, c := range list {
		if c.Code == code {
			return n.pick(c.KorValue, c.EngValue)
		}
	}
	return code
}

func (s *Service) application(ctx context.Context, h application.Header, lang Lang) (Application, error) {
	r, err := s.Ref.Round(ctx, h.Round)
	if err != nil {
		return Application{}, err
	}
	part, err := s.Apps.Part(ctx, h.ApplNo)
	if err != nil {
		return Application{}, err
	}
	n := newNames(ctx, s.Ref, h.Round.SchoolCode, lang)
	o := offerOf(r, part.ApplPartNo)
	a := Application{Lang: lang, School: Label{r.SchoolKorName, r.SchoolEngName}, ExamNumber: h.ApplID, PrintedAt: s.now()}

	var sum rows
	sum.add("학교", "School", n.pick(r.SchoolKorName, r.SchoolEngName))
	sum.add("모집 회차", "Round", n.pick(r.KorName, r.EngName))
	sum.add("전공", "Major", n.pick(o.MajorKorName, o.MajorEngName))
	sum.add("과정", "Course", n.pick(part.RemkKor, part.RemkEng))
	sum.add("지원 구분", "Category", codeName(r.Categories, part.CategoryCode, n))
	sum.add("체류 구분", "Stay type", codeName(r.StayTypes, part.StayTypeCode, n))
	sum.add("수험번호", "Exam number", h.ApplID)
	sum.add("지원자", "Applicant", h.ApplicantName)
	sum.add("상태", "Status", n.status(string(h.State.Effective())))
	section(&a.Sections, "지원 사항", "Application", Block{Fields: sum})

	steps := r.Steps
	if steps.Has(application.BasisSave) {
		info, ok, err := s.Forms.Info(ctx, h.ApplNo)
		if err != nil {
			return Application{}, err
		}
		if ok {
			info = application.MaskInfo(info, r.Rules)
			basicSections(&a.Sections, info, n)
		}
	}
	if steps.Has(application.AcadSave) {
		list, err := s.Forms.Academic(ctx, h.ApplNo)
		if err != nil {
			return Application{}, err
		}
		academicSection(&a.Sections, list, n)
	}
	if steps.Has(application.LangSave) {
		list, err := s.Forms.Languages(ctx, h.ApplNo)
		if err != nil {
			return Application{}, err
		}
		languageSection(&a.Sections, list, r.LanguageExams, n)
	}
	if steps.Has(application.CareerSave) {
		list, err := s.Forms.Careers(ctx, h.ApplNo)
		if err != nil {
			return Application{}, err
		}
		careerSection(&a.Sections, list, n)
	}
	if steps.Has(application.AddInfoSave) {
		certs, essays, err := s.Forms.AddInfo(ctx, h.ApplNo)
		if err != nil {
			return Application{}, err
		}
		addInfoSections(&a.Sections, certs, essays, r.Essays, n)
	}
	var answered []Field
	for _, stage := range []struct {
		name string
		qs   []application.Question
	}{{application.StagePart, r.PartSurvey}, {application.StageSurvey, r.Survey}} {
		if len(stage.qs) == 0 || stage.name == application.StageSurvey && !steps.Has(application.Survey) {
			continue
		}
		d, err := s.Forms.Survey(ctx, h.ApplNo, stage.name)
		if err != nil {
			return Application{}, err
		}
		answered = append(answered, surveyRows(stage.qs, d.Answers, n)...)
	}
	section(&a.Sections, "설문", "Survey", Block{Fields: answered})

	items, err := s.Docs.Items(ctx, h.Round)
	if err != nil {
		return Application{}, err
	}
	docs, err := s.Docs.List(ctx, h.ApplNo)
	if err != nil {
		return Application{}, err
	}
	section(&a.Sections, "제출 서류", "Documents", Block{Fields: documentRows(items, docs, n)})
	if a.Photo, err = s.photo(ctx, docs); err != nil {
		return Application{}, err
	}

	acc, err := s.Apps.Consents(ctx, h.ApplNo)
	if err != nil {
		return Application{}, err
	}
	section(&a.Sections, "동의 사항", "Consents", Block{Fields: consentRows(r.Rules.Consents, acc, n)})
	if n.err != nil {
		return Application{}, n.err
	}
	return a, nil
}

func basicSections(out *[]Section, a form.ApplicantInfo, n *names) {
	var person rows
	person.add("한글 성명", "Name (Korean)", a.KorName)
	person.add("영문 성명", "Name (English)", a.EngName)
	person.add("이름", "Given name", a.FirstName)
	person.add("중간 이름", "Middle name", a.MiddleName)
	person.add("성", "Family name", a.LastName)
	person.add("성별", "Gender", n.gender(a.Gend))
	person.add("생년월일", "Date of birth", a.BirthDate)
	person.add("국적", "Nationality", n.country(a.Nationality))
	if a.MultiNationality {
		person.add("복수 국적", "Second nationality", n.country(a.MultiNationalityCode))
	}
	person.add("외국인 구분", "Foreigner type", n.code(form.GroupForeignerType, a.ForeignerType))
	person.add("재외동포", "Overseas compatriot", n.yes(a.IsCompatriot))
	person.add("재외국민", "Korean national abroad", n.yes(a.OverseasKorean))
	person.add("주민등록번호 뒷자리", "Resident registration no. (last digits)", a.ResidentNoLast)
	person.add("출신지", "Hometown", a.Hometown)
	person.add("혼인 여부", "Marital status", n.code(form.GroupMaritalSts, a.MaritalStatus))
	person.add("자녀 수", "Children", a.ChildNum)

	var stay rows
	stay.add("여권번호", "Passport no.", a.PassportNo)
	stay.add("여권 발급국", "Passport issued by", n.country(a.PassportIssueCountry))
	stay.add("여권 발급일", "Passport issued on", a.PassportIssueDate)
	stay.add("여권 만료일", "Passport expires on", a.PassportExpiryDate)
	stay.add("비자 종류", "Visa type", n.code(form.GroupVisaType, a.VisaTypeCode))
	stay.add("기타 비자", "Other visa", a.VisaTypeEtc)
	stay.add("비자 번호", "Visa no.", a.VisaNo)
	stay.add("비자 만료일", "Visa expires on", a.VisaExpiryDate)
	stay.add("비자 변경 필요", "Visa change needed", n.yes(a.VisaChangeRequired))
	stay.add("신청 비자", "Visa to apply for", n.code(form.GroupVisaType, a.ApplyVisa))
	stay.add("외국인등록번호", "Alien registration no.", a.ForeignerRegistrationNo)
	stay.add("외국인등록 상태", "Alien registration", n.code(form.GroupAlienRegSts, a.AlienRegistrationStatus))
	stay.add("입국일", "Entered Korea on", a.EntryDate)
	stay.add("체류 기간(개월)", "Months of stay", a.MonthsOfStay)
	stay.add("거주 유형", "Residency type", n.code(form.GroupResidencyType, a.ResidencyTypeCode))
	stay.add("거주 국가", "Country of residence", n.country(a.ResidencyCountryCode))

	var contact rows
	contact.add("우편번호", "Post code", a.PostCode)
	contact.add("주소", "Address", strings.TrimSpace(a.Address+" "+a.AddressDetail))
	contact.add("해외 주소", "Address abroad", a.ForeignAddress)
	contact.add("전화", "Phone", a.Phone)
	contact.add("휴대전화", "Mobile", a.Mobile)
	contact.add("이메일", "E-mail", a.Email)
	contact.add("메신저", "Messenger", a.MessengerID)
	contact.add("스카이프", "Skype", a.SkypeID)
	contact.add("영상 에세이", "Video essay", a.VideoEssayURL)

	var other rows
	other.add("장학금 신청", "Scholarship applied for", n.yes(a.Scholarship))
	other.add("G20 국가 출신", "From a G20 country", n.yes(a.G20Member))
	other.add("G20 답변", "G20 answers", strings.Join(a.G20Answers, ", "))

	section(out, "기본 정보", "Basic information",
		titled("인적 사항", "Personal details", person),
		titled("여권 및 체류", "Passport and stay", stay),
		titled("연락처", "Contact", contact),
		titled("기타", "Other", other))

	var ec rows
	ec.add("성명", "Name", a.EmergencyContact.Name)
	ec.add("관계", "Relationship", n.code(form.GroupRelation, a.EmergencyContact.Relation))
	ec.add("연락처", "Phone", a.EmergencyContact.Phone)
	section(out, "비상 연락처", "Emergency contact", Block{Fields: ec})

	blocks := []Block{}
	var sp rows
	sp.add("성명", "Name", a.Spouse.Name)
	sp.add("국적", "Nationality", n.country(a.Spouse.Nationality))
	sp.add("생년월일", "Date of birth", a.Spouse.BirthDate)
	sp.add("직업", "Occupation", a.Spouse.Occupation)
	sp.add("연락처", "Phone", a.Spouse.Phone)
	blocks = append(blocks, titled("배우자", "Spouse", sp))
	for i, m := range a.FamilyList {
		var fm rows
		fm.add("관계", "Relationship", n.code(form.GroupRelation, m.Relation))
		fm.add("성명", "Name", m.Name)
		fm.add("국적", "Nationality", n.country(m.Nationality))
		fm.add("생년월일", "Date of birth", m.BirthDate)
		fm.add("직업", "Occupation", m.Occupation)
		fm.add("연락처", "Phone", m.Phone)
		blocks = append(blocks, numbered("가족", "Family member", i, fm))
	}
	g := a.FinancialGuarantor
	var gr rows
	gr.add("성명", "Name", g.Name)
	gr.add("관계", "Relationship", n.code(form.GroupRelation, g.Relation))
	gr.add("직업", "Occupation", g.Occupation)
	gr.add("연락처", "Phone", g.Phone)
	gr.add("이메일", "E-mail", g.Email)
	gr.add("주소", "Address", g.Address)
	gr.add("연 소득", "Annual income", g.AnnualIncome)
	blocks = append(blocks, titled("재정 보증인", "Financial guarantor", gr))
	ls := a.LanguageSchool
	var lr rows
	lr.add("어학원", "Language school", ls.Name)
	lr.add("국가", "Country", n.country(ls.CountryCode))
	lr.add("입학일", "Entered on", ls.EnterDay)
	lr.add("수료일", "Finished on", ls.GraduateDay)
	lr.add("수준", "Level reached", ls.Level)
	blocks = append(blocks, titled("어학 연수", "Language school", lr))
	ag := a.OverseasAgency
	var ar rows
	ar.add("유학원", "Agency", ag.Name)
	ar.add("담당자", "Agent", ag.AgentName)
	ar.add("이메일", "E-mail", ag.Email)
	ar.add("연락처", "Phone", ag.Phone)
	ar.add("위챗", "WeChat", ag.WechatID)
	blocks = append(blocks, titled("유학원", "Study agency", ar))
	section(out, "가족 및 재정 보증", "Family and financial guarantee", blocks...)
}

func academicSection(out *[]Section, list []form.AcademicRecord, n *names) {
	blocks := make([]Block, 0, len(list))
	for i, ac := range list {
		var r rows
		r.add("학력 구분", "Level", n.code("ACAD_TYPE", ac.AcadType))
		r.add("학교", "School", n.univ(ac.SchoolCode, ac.SearchSchoolName))
		r.add("국가", "Country", n.country(ac.CountryCode))
		r.add("도시", "City", ac.City)
		r.add("단과대학", "College", ac.College)
		r.add("전공", "Major", ac.Major)
		r.add("학과", "Department", ac.Department)
		r.add("입학일", "Entered on", ac.EnterDay)
		r.add("졸업일", "Graduated on", ac.GraduateDay)
		r.add("졸업 구분", "Graduation status", n.code("ACAD_STS", ac.GraduationStatus))
		group := "UNIV_DEGREE_TYPE"
		if ac.AcadType == "grad" {
			group = "GRAD_DEGREE_TYPE"
		}
		r.add("학위 과정", "Degree course", n.code(group, ac.DegreeCourse))
		r.add("학위", "Degree", n.code("DEGREE_LEVEL", ac.DegreeLevel))
		r.add("학위 번호", "Degree no.", ac.DegreeNo)
		r.add("편입", "Transfer", n.yes(ac.Transfer))
		r.add("이수 학점", "Credits", ac.Credits)
		r.add("성적 형식", "Grade form", n.code("GRADE_FORM", ac.GradeForm))
		r.add("성적", "Grade", grade(ac))
		r.add("학번", "Student no.", ac.StudentID)
		r.add("최종 학력", "Final degree", n.yes(ac.AcadFinal))
		blocks = append(blocks, numbered("학력", "Academic record", i, r))
	}
	section(out, "학력", "Academic history", blocks...)
}

// grade is the GPA over its full scale (3.80 / 4.50).
func grade(ac form.AcademicRecord) string {
	full := ac.FullScore
	if full == "ETC" {
		full = ac.FullScoreEtc
	}
	if ac.Gpa == "" || ac.GradeForm != form.GradeAverage || full == "" {
		return ac.Gpa
	}
	return ac.Gpa + " / " + full
}

func languageSection(out *[]Section, list []form.LanguageEntry, exams []application.Exam, n *names) {
	blocks := make([]Block, 0, len(list))
	for i, e := range list {
		name := e.ExamCode
		for _, x := range exams {
			if x.Code == e.ExamCode {
				name = n.pick(x.KorName, x.EngName)
			}
		}
		var r rows
		r.add("시험", "Test", name)
		r.add("점수", "Score", e.Score)
		r.add("등급", "Level", e.Level)
		r.add("성적표 번호", "Report no.", e.DocNo)
		r.add("TOPIK 회차", "TOPIK session", e.TopikSeq)
		r.add("응시일", "Taken on", e.ExamDay)
		r.add("유효 기간", "Valid until", e.ExpiryDay)
		blocks = append(blocks, numbered("어학 성적", "Language score", i, r))
	}
	section(out, "어학 성적", "Language scores", blocks...)
}

func careerSection(out *[]Section, list []form.Career, n *names) {
	blocks := make([]Block, 0, len(list))
	for i, c := range list {
		var r rows
		r.add("회사", "Company", c.CompanyName)
		r.add("회사 유형", "Company type", n.code("COMP_TYPE", c.CompType))
		r.add("고용 형태", "Employment", n.code("EMPLOYMENT_TYPE", c.EmploymentType))
		r.add("부서", "Department", c.Department)
		r.add("직위", "Position", c.Position)
		period := c.JoinDay + " ~ " + c.RetireDay
		if c.Current {
			period = c.JoinDay + " ~ " + n.pick("재직 중", "present")
		}
		if c.JoinDay != "" {
			r.add("근무 기간", "Period", period)
		}
		r.add("주소", "Address", c.Address)
		r.long("업무 내용", "Duties", c.Description)
		blocks = append(blocks, numbered("경력", "Employment", i, r))
	}
	section(out, "경력", "Career", blocks...)
}

func addInfoSections(out *[]Section, certs []form.Certificate, essays []form.Essay, qs []application.EssayQuestion, n *names) {
	blocks := make([]Block, 0, len(certs))
	for i, c := range certs {
		var r rows
		r.add("구분", "Category", n.code("CERT_CATEGORY", c.Category))
		r.add("자격·수상", "Certificate or award", c.Description)
		r.add("발급 기관", "Issued by", c.Institution)
		r.add("발급일", "Issued on", c.IssueDay)
		blocks = append(blocks, numbered("자격증", "Certificate", i, r))
	}
	section(out, "자격 및 수상", "Certificates and awards", blocks...)

	var r rows
	for _, e := range essays {
		ko, en := "에세이 "+strconv.Itoa(e.No), "Essay "+strconv.Itoa(e.No)
		for _, q := range qs {
			if q.No == e.No && (q.KorQuestion != "" || q.EngQuestion != "") {
				ko, en = ko+". "+q.KorQuestion, en+". "+q.EngQuestion
			}
		}
		r.long(ko, en, e.Text)
	}
	section(out, "에세이", "Essays", Block{Fields: r})
}

// surveyRows gives each answered question with the text of its chosen
// answers, in the questions' order.
func surveyRows(qs []application.Question, answers []application.SurveyAnswer, n *names) []Field {
	var out rows
	for _, q := range qs {
		var vals []string
		for _, a := range answers {
			if a.QuestionCode != q.Code {
				continue
			}
			v := a.Answer
			for _, it := range q.Items {
				if a.ItemCode != "" && it.Code.Code == a.ItemCode {
					v = n.pick(it.KorValue, it.EngValue)
					if a.Answer != "" && a.Answer != a.ItemCode {
						v += ": " + a.Answer
					}
				}
			}
			if a.Comment != "" {
				v += " (" + a.Comment + ")"
			}
			if strings.TrimSpace(v) != "" {
				vals = append(vals, v)
			}
		}
		if len(vals) == 0 {
			continue
		}
		if q.InputType == "textarea" {
			out.long(q.KorText, q.EngText, strings.Join(vals, "\n"))
		} else {
			out.add(q.KorText, q.EngText, strings.Join(vals, ", "))
		}
	}
	return out
}

func documentRows(items []submission.DocItem, docs []submission.Document, n *names) []Field {
	var out rows
	missing := n.pick("미제출", "Not submitted")
	for _, it := range items {
		if it.Code == "" {
			continue
		}
		v := ""
		for _, d := range docs {
			if d.Slot == 0 && d.ItemCode == it.Code {
				v = d.FileName
			}
		}
		if v == "" {
			if !it.Required {
				continue
			}
			v = missing
		}
		out.add(it.KorName, it.EngName, v)
	}
	for _, d := range docs {
		if d.Slot > 0 {
			out.add("기타 서류 "+strconv.Itoa(d.Slot), "Other document "+strconv.Itoa(d.Slot), d.FileName)
		}
	}
	return out
}

func consentRows(items []school.ConsentItem, acc []school.Acceptance, n *names) []Field {
	var out rows
	title := map[string]Label{}
	for _, it := range items {
		title[it.Code] = Label{it.TitleKo, it.TitleEn}
	}
	if len(title) == 0 {
		for _, it := range school.DefaultConsents() {
			title[it.Code] = Label{it.TitleKo, it.TitleEn}
		}
	}
	for _, a := range acc {
		l, ok := title[a.Code]
		if !ok {
			l = Label{a.Code, a.Code}
		}
		v := n.pick("동의", "Accepted") + " (" + n.pick("버전", "version") + " " + a.Version
		if !a.At.IsZero() {
			v += ", " + a.At.In(seoul).Format("2006-01-02 15:04")
		}
		out.add(l.Ko, l.En, v+")")
	}
	return out
}
