package printing

import (
	"context"
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
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
	r, err := application.LoadRound(ctx, s.Ref, h.Round)
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

	rows, err := s.Docs.Items(ctx, h.Round)
	items := document.PickItems(rows)
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
	section(&a.Sections, consentsTitle.Ko, consentsTitle.En, Block{Fields: consentRows(r.Rules.Consents, acc, n)})
	if n.err != nil {
		return Application{}, n.err
	}
	return a, nil
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

func documentRows(items []document.DocItem, docs []document.Document, n *names) []Field {
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

// consentRows lists what was accepted in the order of the round's consent
// items (the order the applicant read them).
func consentRows(items []school.ConsentItem, acc []school.Acceptance, n *names) []Field {
	if len(items) == 0 {
		items = school.DefaultConsents()
	}
	var out rows
	row := func(l Label, a school.Acceptance) {
		v := n.pick("동의", "Accepted") + " (" + n.pick("버전", "version") + " " + a.Version
		if !a.At.IsZero() {
			v += ", " + a.At.In(seoul).Format("2006-01-02 15:04")
		}
		out.add(l.Ko, l.En, v+")")
	}
	done := map[string]bool{}
	for _, it := range items {
		for _, a := range acc {
			if a.Code == it.Code && !done[a.Code] {
				row(Label{it.TitleKo, it.TitleEn}, a)
				done[a.Code] = true
			}
		}
	}
	for _, a := range acc {
		if !done[a.Code] {
			row(Label{a.Code, a.Code}, a)
		}
	}
	return out
}
