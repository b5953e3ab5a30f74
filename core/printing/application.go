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

// rows collects the rows of a block, empty ones too: the workbook has a
// column for every field, the PDF leaves the empty ones out (section).
type rows []Field

func (r *rows) add(ko, en, v string) {
	*r = append(*r, Field{Label: Label{ko, en}, Value: v})
}

func (r *rows) long(ko, en, v string) {
	*r = append(*r, Field{Label: Label{ko, en}, Value: v, Long: true})
}

// date adds a day typed as yyyy-MM-dd.
func (r *rows) date(ko, en, v string) {
	*r = append(*r, Field{Label: Label{ko, en}, Value: v, Date: true})
}

// printed are the fields with a value: what the PDF prints.
func printed(fs []Field) []Field {
	out := make([]Field, 0, len(fs))
	for _, f := range fs {
		if strings.TrimSpace(f.Value) != "" {
			out = append(out, f)
		}
	}
	return out
}

// section appends a section made of the blocks' non-empty rows; a block
// without any is left out, and a section without blocks.
func section(out *[]Section, ko, en string, blocks ...Block) {
	s := Section{Title: Label{ko, en}}
	for _, b := range blocks {
		if b.Fields = printed(b.Fields); len(b.Fields) > 0 {
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

// roundView is what every application of a round prints with: the round,
// its document items and the names in one language (each code group read
// once).
type roundView struct {
	r     application.Round
	items []document.DocItem
	n     *names
}

func (s *Service) roundView(ctx context.Context, k application.RoundKey, lang Lang) (roundView, error) {
	r, err := application.LoadRound(ctx, s.Ref, k)
	if err != nil {
		return roundView{}, err
	}
	rows, err := s.Docs.Items(ctx, k)
	if err != nil {
		return roundView{}, err
	}
	return roundView{r: r, items: document.PickItems(rows), n: newNames(ctx, s.Ref, k.SchoolCode, lang)}, nil
}

func (s *Service) application(ctx context.Context, h application.Header, lang Lang) (Application, error) {
	rv, err := s.roundView(ctx, h.Round, lang)
	if err != nil {
		return Application{}, err
	}
	return s.applicationIn(ctx, rv, h)
}

// applicationIn builds the print model of h, an application of rv's round.
func (s *Service) applicationIn(ctx context.Context, rv roundView, h application.Header) (Application, error) {
	r, n, lang := rv.r, rv.n, rv.n.lang
	part, err := s.Apps.Part(ctx, h.ApplNo)
	if err != nil {
		return Application{}, err
	}
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

	docs, err := s.Docs.List(ctx, h.ApplNo)
	if err != nil {
		return Application{}, err
	}
	section(&a.Sections, "제출 서류", "Documents", Block{Fields: documentRows(rv.items, docs, n)})
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
		blocks = append(blocks, numbered("학력", "Academic record", i, academicRows(ac, n)))
	}
	section(out, "학력", "Academic history", blocks...)
}

func languageSection(out *[]Section, list []form.LanguageEntry, exams []application.Exam, n *names) {
	blocks := make([]Block, 0, len(list))
	for i, e := range list {
		blocks = append(blocks, numbered("어학 성적", "Language score", i, languageRows(e, exams, n)))
	}
	section(out, "어학 성적", "Language scores", blocks...)
}

func careerSection(out *[]Section, list []form.Career, n *names) {
	blocks := make([]Block, 0, len(list))
	for i, c := range list {
		blocks = append(blocks, numbered("경력", "Employment", i, careerRows(c, n)))
	}
	section(out, "경력", "Career", blocks...)
}

func addInfoSections(out *[]Section, certs []form.Certificate, essays []form.Essay, qs []application.EssayQuestion, n *names) {
	blocks := make([]Block, 0, len(certs))
	for i, c := range certs {
		blocks = append(blocks, numbered("자격증", "Certificate", i, certRows(c, n)))
	}
	section(out, "자격 및 수상", "Certificates and awards", blocks...)

	var r rows
	for _, e := range essays {
		q := essayQuestion(e.No, qs)
		ko, en := "에세이 "+strconv.Itoa(e.No), "Essay "+strconv.Itoa(e.No)
		if q != (Label{}) {
			ko, en = ko+". "+q.Ko, en+". "+q.En
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

// docLine is one document item as staff read it: the uploaded document,
// or a required one missing (Doc nil).
type docLine struct {
	Label Label
	Doc   *document.Document
}

// docLines are the round's items in order (the uploaded ones and the
// required ones missing), then the extra documents.
func docLines(items []document.DocItem, docs []document.Document) []docLine {
	var out []docLine
	for _, it := range items {
		if it.Code == "" {
			continue
		}
		var got *document.Document
		for i := range docs {
			if docs[i].Slot == 0 && docs[i].ItemCode == it.Code {
				got = &docs[i]
			}
		}
		if got == nil && !it.Required {
			continue
		}
		out = append(out, docLine{Label{it.KorName, it.EngName}, got})
	}
	for i, d := range docs {
		if d.Slot > 0 {
			out = append(out, docLine{Label{"기타 서류 " + strconv.Itoa(d.Slot), "Other document " + strconv.Itoa(d.Slot)}, &docs[i]})
		}
	}
	return out
}

func documentRows(items []document.DocItem, docs []document.Document, n *names) []Field {
	var out rows
	missing := n.pick("미제출", "Not submitted")
	for _, l := range docLines(items, docs) {
		v := missing
		if l.Doc != nil {
			v = l.Doc.FileName
		}
		out.add(l.Label.Ko, l.Label.En, v)
	}
	return out
}

// consentLine is one accepted consent item.
type consentLine struct {
	Label Label
	school.Acceptance
}

// consentLines are what was accepted in the order of the round's consent
// items (the order the applicant read them), then items no longer offered.
func consentLines(items []school.ConsentItem, acc []school.Acceptance) []consentLine {
	if len(items) == 0 {
		items = school.DefaultConsents()
	}
	var out []consentLine
	done := map[string]bool{}
	for _, it := range items {
		for _, a := range acc {
			if a.Code == it.Code && !done[a.Code] {
				out = append(out, consentLine{Label{it.TitleKo, it.TitleEn}, a})
				done[a.Code] = true
			}
		}
	}
	for _, a := range acc {
		if !done[a.Code] {
			out = append(out, consentLine{Label{a.Code, a.Code}, a})
		}
	}
	return out
}

func consentRows(items []school.ConsentItem, acc []school.Acceptance, n *names) []Field {
	var out rows
	for _, l := range consentLines(items, acc) {
		v := n.pick("동의", "Accepted") + " (" + n.pick("버전", "version") + " " + l.Version
		if !l.At.IsZero() {
			v += ", " + l.At.In(seoul).Format("2006-01-02 15:04")
		}
		out.add(l.Label.Ko, l.Label.En, v+")")
	}
	return out
}
