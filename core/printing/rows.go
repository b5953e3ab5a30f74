package printing

import (
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// The rows of one entry of a step, shared by the PDF (a block each) and
// the workbook (a row each, a column per field). Every field is added,
// empty or not, so that the workbook's columns never shift.

func academicRows(ac form.AcademicRecord, n *names) rows {
	var r rows
	r.add("학력 구분", "Level", n.code("ACAD_TYPE", ac.AcadType))
	r.add("학교", "School", n.univ(ac.SchoolCode, ac.SearchSchoolName))
	r.add("국가", "Country", n.country(ac.CountryCode))
	r.add("도시", "City", ac.City)
	r.add("단과대학", "College", ac.College)
	r.add("전공", "Major", ac.Major)
	r.add("학과", "Department", ac.Department)
	r.date("입학일", "Entered on", ac.EnterDay)
	r.date("졸업일", "Graduated on", ac.GraduateDay)
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
	return r
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

// examName is a language test's name in the round's list; a code the
// list does not hold prints as given.
func examName(code string, exams []application.Exam, n *names) string {
	for _, x := range exams {
		if x.Code == code {
			return n.pick(x.KorName, x.EngName)
		}
	}
	return code
}

func languageRows(e form.LanguageEntry, exams []application.Exam, n *names) rows {
	var r rows
	r.add("시험", "Test", examName(e.ExamCode, exams, n))
	r.add("점수", "Score", e.Score)
	r.add("등급", "Level", e.Level)
	r.add("성적표 번호", "Report no.", e.DocNo)
	r.add("TOPIK 회차", "TOPIK session", e.TopikSeq)
	r.date("응시일", "Taken on", e.ExamDay)
	r.date("유효 기간", "Valid until", e.ExpiryDay)
	return r
}

func careerRows(c form.Career, n *names) rows {
	var r rows
	r.add("회사", "Company", c.CompanyName)
	r.add("회사 유형", "Company type", n.code("COMP_TYPE", c.CompType))
	r.add("고용 형태", "Employment", n.code("EMPLOYMENT_TYPE", c.EmploymentType))
	r.add("부서", "Department", c.Department)
	r.add("직위", "Position", c.Position)
	r.date("입사일", "Joined on", c.JoinDay)
	r.date("퇴사일", "Left on", c.RetireDay)
	r.add("재직 중", "Currently employed", n.yes(c.Current))
	r.add("주소", "Address", c.Address)
	r.long("업무 내용", "Duties", c.Description)
	return r
}

func certRows(c form.Certificate, n *names) rows {
	var r rows
	r.add("구분", "Category", n.code("CERT_CATEGORY", c.Category))
	r.add("자격·수상", "Certificate or award", c.Description)
	r.add("발급 기관", "Issued by", c.Institution)
	r.date("발급일", "Issued on", c.IssueDay)
	return r
}

// essayQuestion is the round's question of essay no (empty when none).
func essayQuestion(no int, qs []application.EssayQuestion) Label {
	for _, q := range qs {
		if q.No == no && (q.KorQuestion != "" || q.EngQuestion != "") {
			return Label{q.KorQuestion, q.EngQuestion}
		}
	}
	return Label{}
}
