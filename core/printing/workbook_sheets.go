package printing

import (
	"context"
	"time"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/document"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/school"
)

// applData is one application as the workbook reads it.
type applData struct {
	row      application.ExportRow
	part     application.Part
	info     form.ApplicantInfo
	hasInfo  bool
	academic []form.AcademicRecord
	langs    []form.LanguageEntry
	careers  []form.Career
	certs    []form.Certificate
	essays   []form.Essay
	survey   [2][]Field // the part's questions, then the survey step's
	docs     []document.Document
	consents []school.Acceptance
	payments []payment.Attempt
}

// load reads what the round asks of r's application (the steps it has).
func (s *Service) load(ctx context.Context, rv roundView, r application.ExportRow) (*applData, error) {
	d := &applData{row: r}
	n, steps, err := r.ApplNo, rv.r.Steps, error(nil)
	if d.part, err = s.Apps.Part(ctx, n); err != nil {
		return nil, err
	}
	if steps.Has(application.BasisSave) {
		if d.info, d.hasInfo, err = s.Forms.Info(ctx, n); err != nil {
			return nil, err
		}
		d.info = application.MaskInfo(d.info, rv.r.Rules)
	}
	if steps.Has(application.AcadSave) {
		if d.academic, err = s.Forms.Academic(ctx, n); err != nil {
			return nil, err
		}
	}
	if steps.Has(application.LangSave) {
		if d.langs, err = s.Forms.Languages(ctx, n); err != nil {
			return nil, err
		}
	}
	if steps.Has(application.CareerSave) {
		if d.careers, err = s.Forms.Careers(ctx, n); err != nil {
			return nil, err
		}
	}
	if steps.Has(application.AddInfoSave) {
		if d.certs, d.essays, err = s.Forms.AddInfo(ctx, n); err != nil {
			return nil, err
		}
	}
	for i, stage := range []struct {
		name string
		qs   []application.Question
	}{{application.StagePart, rv.r.PartSurvey}, {application.StageSurvey, rv.r.Survey}} {
		if len(stage.qs) == 0 || stage.name == application.StageSurvey && !steps.Has(application.Survey) {
			continue
		}
		sv, err := s.Forms.Survey(ctx, n, stage.name)
		if err != nil {
			return nil, err
		}
		d.survey[i] = surveyRows(stage.qs, sv.Answers, rv.n)
	}
	if d.docs, err = s.Docs.List(ctx, n); err != nil {
		return nil, err
	}
	if d.consents, err = s.Apps.Consents(ctx, n); err != nil {
		return nil, err
	}
	if s.Exports.Payments != nil {
		if d.payments, err = s.Exports.Payments.ByApplication(ctx, n); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// line is one row being built, or the headings' line, so that a heading
// and its value are written in one place. Both start with the key: the
// exam number and the application number.
type line struct {
	head  bool // the headings' line: cols are collected
	cols  []Column
	cells []Cell
}

// newLine starts d's line, or the headings' line when d is nil.
func newLine(d *applData) *line {
	if d == nil {
		return &line{head: true, cols: append(make([]Column, 0, 48), keyColumns...), cells: make([]Cell, len(keyColumns), 48)}
	}
	l := &line{cells: make([]Cell, 0, 48)}
	l.cells = append(l.cells, textCell(d.row.ApplID), numberCell(float64(d.row.ApplNo)))
	return l
}

// put adds a column of kind; a cell of another kind (a day that is not a
// date) is written as it is.
func (l *line) put(ko, en string, kind Kind, width float64, c Cell) {
	if l.head {
		l.cols = append(l.cols, Column{Label: Label{ko, en}, Kind: kind, Width: width})
	}
	l.cells = append(l.cells, c)
}

func (l *line) text(ko, en, v string) { l.put(ko, en, KindText, 16, textCell(v)) }

// wide is a text column of width characters.
func (l *line) wide(ko, en string, width float64, v string) {
	l.put(ko, en, KindText, width, textCell(v))
}

func (l *line) number(ko, en string, width float64, v float64) {
	l.put(ko, en, KindNumber, width, numberCell(v))
}

func (l *line) time(ko, en string, t time.Time) { l.put(ko, en, KindDateTime, 17, timeCell(t)) }

// no is an entry's number within its application (1, 2, ...).
func (l *line) no(i int) { l.number("번호", "No.", 6, float64(i+1)) }

// fields adds the rows of a print block, each a column; prefix names the
// block when a sheet holds several.
func (l *line) fields(prefix Label, fs []Field) {
	for _, f := range fs {
		lb := f.Label
		if prefix != (Label{}) {
			lb = Label{prefix.Ko + ": " + lb.Ko, prefix.En + ": " + lb.En}
		}
		c, kind, width := textCell(f.Value), KindText, 16.0
		switch {
		case f.Date:
			kind, width = KindDate, 12
			if f.Value != "" {
				c = dayCell(f.Value)
			}
		case f.Long:
			width = 50
		}
		l.put(lb.Ko, lb.En, kind, width, c)
	}
}

// sheetDef is a sheet and the lines an application gives it; with d nil
// it answers one line of empty values, for the headings.
type sheetDef struct {
	name  Label
	lines func(rv roundView, d *applData) []*line
}

// each gives one line per entry of list, or the headings' line.
func each[T any](d *applData, list func(*applData) []T, build func(l *line, i int, x T)) []*line {
	if d == nil {
		var zero T
		l := newLine(nil)
		build(l, 0, zero)
		return []*line{l}
	}
	var out []*line
	for i, x := range list(d) {
		l := newLine(d)
		build(l, i, x)
		out = append(out, l)
	}
	return out
}

// one gives the application's one line (the headings' when d is nil).
func one(d *applData, build func(l *line, d *applData)) []*line {
	l := newLine(d)
	if d == nil {
		d = &applData{hasInfo: true}
	}
	build(l, d)
	return []*line{l}
}

var sheets = []sheetDef{
	{Label{"지원자", "Applicants"}, func(rv roundView, d *applData) []*line {
		return one(d, func(l *line, d *applData) { summaryLine(l, rv, d) })
	}},
	{Label{"기본 정보", "Basic information"}, func(rv roundView, d *applData) []*line {
		if d != nil && !d.hasInfo {
			return nil
		}
		return one(d, func(l *line, d *applData) {
			n := rv.n
			l.fields(Label{}, personRows(d.info, n))
			l.fields(Label{}, stayRows(d.info, n))
			l.fields(Label{}, contactRows(d.info))
			l.fields(Label{}, otherRows(d.info, n))
		})
	}},
	{Label{"학력", "Academic history"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []form.AcademicRecord { return d.academic }, func(l *line, i int, x form.AcademicRecord) {
			l.no(i)
			l.fields(Label{}, academicRows(x, rv.n))
		})
	}},
	{Label{"어학 성적", "Language scores"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []form.LanguageEntry { return d.langs }, func(l *line, i int, x form.LanguageEntry) {
			l.no(i)
			l.fields(Label{}, languageRows(x, rv.r.LanguageExams, rv.n))
		})
	}},
	{Label{"경력", "Career"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []form.Career { return d.careers }, func(l *line, i int, x form.Career) {
			l.no(i)
			l.fields(Label{}, careerRows(x, rv.n))
		})
	}},
	{Label{"자격 및 수상", "Certificates and awards"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []form.Certificate { return d.certs }, func(l *line, i int, x form.Certificate) {
			l.no(i)
			l.fields(Label{}, certRows(x, rv.n))
		})
	}},
	{Label{"에세이", "Essays"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []form.Essay { return d.essays }, func(l *line, _ int, x form.Essay) {
			l.number("번호", "No.", 6, float64(x.No))
			l.wide("질문", "Question", 40, essayQuestion(x.No, rv.r.Essays).In(rv.n.lang))
			l.text("언어", "Language", langName(x.Lang, rv.n))
			l.wide("에세이", "Essay", 80, x.Text)
		})
	}},
	{Label{"추가 정보", "Additional information"}, func(rv roundView, d *applData) []*line {
		if d != nil && !d.hasInfo {
			return nil
		}
		return one(d, func(l *line, d *applData) {
			n, a := rv.n, d.info
			l.fields(Label{"비상 연락처", "Emergency contact"}, emergencyRows(a.EmergencyContact, n))
			l.fields(Label{"배우자", "Spouse"}, spouseRows(a.Spouse, n))
			l.fields(Label{"재정 보증인", "Financial guarantor"}, guarantorRows(a.FinancialGuarantor, n))
			l.fields(Label{"어학 연수", "Language school"}, languageSchoolRows(a.LanguageSchool, n))
			l.fields(Label{"유학원", "Study agency"}, agencyRows(a.OverseasAgency))
		})
	}},
	{Label{"가족", "Family"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []form.FamilyMember { return d.info.FamilyList }, func(l *line, i int, x form.FamilyMember) {
			l.no(i)
			l.fields(Label{}, familyRows(x, rv.n))
		})
	}},
	{Label{"설문 응답", "Survey answers"}, func(rv roundView, d *applData) []*line {
		type answer struct {
			stage int
			f     Field
		}
		return each(d, func(d *applData) []answer {
			var out []answer
			for st, fs := range d.survey {
				for _, f := range fs {
					out = append(out, answer{st, f})
				}
			}
			return out
		}, func(l *line, _ int, x answer) {
			stage := Label{"지원 사항", "Programme choice"}
			if x.stage == 1 {
				stage = Label{"설문", "Survey"}
			}
			l.text("단계", "Stage", stage.In(rv.n.lang))
			l.wide("질문", "Question", 40, x.f.Label.In(rv.n.lang))
			l.wide("답변", "Answer", 50, x.f.Value)
		})
	}},
	{Label{"제출 서류", "Documents"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []docLine { return docLines(rv.items, d.docs) }, func(l *line, _ int, x docLine) {
			l.wide("서류", "Document", 30, x.Label.In(rv.n.lang))
			name, size, at := "", Cell{}, Cell{}
			if x.Doc != nil {
				name, size, at = x.Doc.FileName, numberCell(float64(x.Doc.Size)), timeCell(x.Doc.UploadedAt)
			} else if x.Label != (Label{}) {
				name = rv.n.pick("미제출", "Not submitted")
			}
			l.wide("파일 이름", "File name", 30, name)
			l.put("크기(바이트)", "Size (bytes)", KindNumber, 12, size)
			l.put("제출 시각", "Uploaded at", KindDateTime, 17, at)
		})
	}},
	{Label{"결제", "Payments"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []payment.Attempt { return d.payments }, func(l *line, _ int, a payment.Attempt) {
			n := rv.n
			l.wide("결제 번호", "Payment id", 24, a.PaymentID())
			l.text("결제 수단", "Payment method", payTypeName(a, n))
			l.text("결과", "Result", resultName(a.Result(), n))
			cur := string(a.Paid().Currency())
			if cur == "" {
				cur = string(a.Quote().Currency())
			}
			l.number("청구 금액", "Amount due", 12, minorToMajor(a.Quote().Total.Amount(), cur))
			l.number("결제 금액", "Amount paid", 12, minorToMajor(a.Paid().Amount(), cur))
			l.number("환불 금액", "Refunded", 12, minorToMajor(a.Refunded().Amount(), cur))
			l.wide("통화", "Currency", 8, cur)
			l.time("결제 시각", "Paid at", a.PaidAt())
			l.time("시작 시각", "Started at", a.CreatedAt())
		})
	}},
	{Label{"동의 사항", "Consents"}, func(rv roundView, d *applData) []*line {
		return each(d, func(d *applData) []consentLine { return consentLines(rv.r.Rules.Consents, d.consents) }, func(l *line, _ int, x consentLine) {
			l.wide("항목", "Item", 40, x.Label.In(rv.n.lang))
			l.text("버전", "Version", x.Version)
			l.time("동의 시각", "Accepted at", x.At)
		})
	}},
}

// keyColumns start every sheet.
var keyColumns = []Column{
	{Label: Label{"수험번호", "Exam number"}, Kind: KindText, Width: 14},
	{Label: Label{"원서번호", "Application no."}, Kind: KindNumber, Width: 11},
}

func workbookSheets(rv roundView) []Sheet {
	out := make([]Sheet, len(sheets))
	for i, def := range sheets {
		out[i] = Sheet{Name: def.name, Columns: def.lines(rv, nil)[0].cols}
	}
	return out
}

// write gives each sheet the application's lines.
func (d *applData) write(rv roundView, out SheetWriter) error {
	for i, def := range sheets {
		for _, l := range def.lines(rv, d) {
			if err := out.Row(i, l.cells); err != nil {
				return err
			}
		}
	}
	return nil
}

func langName(l string, n *names) string {
	switch l {
	case "ko":
		return n.pick("한국어", "Korean")
	case "en":
		return n.pick("영어", "English")
	}
	return l
}
