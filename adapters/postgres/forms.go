package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/form"
)

// Sealer encrypts single values at rest, bound to where they are stored.
type Sealer interface {
	Seal(plain []byte, ad string) []byte
	Open(sealed []byte, ad string) ([]byte, error)
}

// Forms stores the steps of the application form and the drafts.
// Identification numbers and drafts go through Sealer.
type Forms struct {
	DB     *DB
	Sealer Sealer
}

var _ application.Forms = Forms{}

// column kinds: how a Go string or bool maps to a column.
const (
	kText  = iota // text NOT NULL DEFAULT ''
	kBool         // boolean
	kDate         // date, NULL when ""
	kInt          // integer, NULL when ""; the form holds digits
	kArray        // text[]
)

type binding struct {
	col  string
	ptr  any
	kind int
}

func (b binding) value() (any, error) {
	switch b.kind {
	case kText, kBool, kArray:
		switch p := b.ptr.(type) {
		case *string:
			return *p, nil
		case *bool:
			return *p, nil
		case *[]string:
			if *p == nil {
				return []string{}, nil
			}
			return *p, nil
		}
	case kDate:
		return nullIf(*b.ptr.(*string)), nil
	case kInt:
		s := *b.ptr.(*string)
		if s == "" {
			return nil, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("postgres: %s is not a number", b.col)
		}
		return n, nil
	}
	return nil, fmt.Errorf("postgres: binding %s", b.col)
}

func (b binding) expr() string {
	switch b.kind {
	case kDate:
		return "coalesce(to_char(" + b.col + ", 'YYYY-MM-DD'), '')"
	case kInt:
		return "coalesce(" + b.col + "::text, '')"
	}
	return b.col
}

func cols(bs []binding) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.col
	}
	return out
}

func exprs(bs []binding) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.expr()
	}
	return out
}

func ptrs(bs []binding) []any {
	out := make([]any, len(bs))
	for i, b := range bs {
		out[i] = b.ptr
	}
	return out
}

func values(bs []binding) ([]any, error) {
	out := make([]any, len(bs))
	for i, b := range bs {
		v, err := b.value()
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func infoBindings(a *form.ApplicantInfo) []binding {
	return []binding{
		{"gend", &a.Gend, kText}, {"kor_name", &a.KorName, kText}, {"eng_name", &a.EngName, kText},
		{"first_name", &a.FirstName, kText}, {"middle_name", &a.MiddleName, kText}, {"last_name", &a.LastName, kText},
		{"eng_first_name", &a.EngFirstName, kText}, {"eng_last_name", &a.EngLastName, kText},
		{"first_name_eng", &a.FirstNameEng, kText}, {"last_name_eng", &a.LastNameEng, kText},
		{"nationality", &a.Nationality, kText}, {"multi_nationality", &a.MultiNationality, kBool},
		{"multi_nationality_code", &a.MultiNationalityCode, kText}, {"birth_date", &a.BirthDate, kDate},
		{"foreigner_type", &a.ForeignerType, kText}, {"is_compatriot", &a.IsCompatriot, kBool},
		{"overseas_korean", &a.OverseasKorean, kBool}, {"g20_member", &a.G20Member, kBool},
		{"g20_answers", &a.G20Answers, kArray}, {"scholarship", &a.Scholarship, kBool},
		{"passport_issue_date", &a.PassportIssueDate, kDate}, {"passport_expiry_date", &a.PassportExpiryDate, kDate},
		{"passport_issue_country", &a.PassportIssueCountry, kText},
		{"visa_type_code", &a.VisaTypeCode, kText}, {"visa_type_etc", &a.VisaTypeEtc, kText}, {"visa_no", &a.VisaNo, kText},
		{"visa_expiry_date", &a.VisaExpiryDate, kDate}, {"visa_change_required", &a.VisaChangeRequired, kBool},
		{"apply_visa", &a.ApplyVisa, kText}, {"is_have_experience_apply_visa", &a.IsHaveExperienceApplyVisa, kBool},
		{"is_apply_visa_approved", &a.IsApplyVisaApproved, kBool}, {"travel_abroad", &a.TravelAbroad, kBool},
		{"alien_registration_status", &a.AlienRegistrationStatus, kText},
		{"address", &a.Address, kText}, {"address_detail", &a.AddressDetail, kText}, {"post_code", &a.PostCode, kText},
		{"foreign_address", &a.ForeignAddress, kText}, {"phone", &a.Phone, kText}, {"mobile", &a.Mobile, kText},
		{"email", &a.Email, kText}, {"messenger_id", &a.MessengerID, kText}, {"skype_id", &a.SkypeID, kText},
		{"video_essay_url", &a.VideoEssayURL, kText}, {"hometown", &a.Hometown, kText}, {"entry_date", &a.EntryDate, kDate},
		{"months_of_stay", &a.MonthsOfStay, kInt},
		{"emergency_name", &a.EmergencyContact.Name, kText}, {"emergency_relation", &a.EmergencyContact.Relation, kText},
		{"emergency_phone", &a.EmergencyContact.Phone, kText},
		{"marital_status", &a.MaritalStatus, kText}, {"child_num", &a.ChildNum, kInt},
		{"spouse_name", &a.Spouse.Name, kText}, {"spouse_nationality", &a.Spouse.Nationality, kText},
		{"spouse_birth_date", &a.Spouse.BirthDate, kDate}, {"spouse_occupation", &a.Spouse.Occupation, kText},
		{"spouse_phone", &a.Spouse.Phone, kText},
		{"guarantor_name", &a.FinancialGuarantor.Name, kText}, {"guarantor_relation", &a.FinancialGuarantor.Relation, kText},
		{"guarantor_occupation", &a.FinancialGuarantor.Occupation, kText}, {"guarantor_phone", &a.FinancialGuarantor.Phone, kText},
		{"guarantor_email", &a.FinancialGuarantor.Email, kText}, {"guarantor_address", &a.FinancialGuarantor.Address, kText},
		{"guarantor_annual_income", &a.FinancialGuarantor.AnnualIncome, kText},
		{"lang_school_name", &a.LanguageSchool.Name, kText}, {"lang_school_country", &a.LanguageSchool.CountryCode, kText},
		{"lang_school_enter_day", &a.LanguageSchool.EnterDay, kDate}, {"lang_school_graduate_day", &a.LanguageSchool.GraduateDay, kDate},
		{"lang_school_level", &a.LanguageSchool.Level, kText},
		{"residency_type_code", &a.ResidencyTypeCode, kText}, {"residency_country_code", &a.ResidencyCountryCode, kText},
		{"agency_name", &a.OverseasAgency.Name, kText}, {"agency_agent_name", &a.OverseasAgency.AgentName, kText},
		{"agency_email", &a.OverseasAgency.Email, kText}, {"agency_phone", &a.OverseasAgency.Phone, kText},
		{"agency_wechat_id", &a.OverseasAgency.WechatID, kText},
	}
}

// ad names where an encrypted value lives, so it opens nowhere else.
func ad(col string, applNo int64) string {
	return "appl_basis." + col + ":" + strconv.FormatInt(applNo, 10)
}

func (s Forms) open(sealed []byte, col string, applNo int64) (string, error) {
	if len(sealed) == 0 {
		return "", nil
	}
	b, err := s.Sealer.Open(sealed, ad(col, applNo))
	if err != nil {
		return "", fmt.Errorf("postgres: %s of application %d: %w", col, applNo, err)
	}
	return string(b), nil
}

// familyJSON is the family list of an appl_basis row as a JSON array.
const familyJSON = "(SELECT coalesce(json_agg(json_build_object('relation', f.relation, 'name', f.name, 'nationality', f.nationality, " +
	"'birthDate', coalesce(to_char(f.birth_date, 'YYYY-MM-DD'), ''), 'occupation', f.occupation, 'phone', f.phone) ORDER BY f.seq), '[]') " +
	"FROM appl_family f WHERE f.appl_no = appl_basis.appl_no)"

// Info loads applicantInfo with the identification numbers decrypted.
func (s Forms) Info(ctx context.Context, applNo int64) (form.ApplicantInfo, bool, error) {
	var a form.ApplicantInfo
	bs := infoBindings(&a)
	var rrn, passport, alien, family []byte
	dest := append(ptrs(bs), &rrn, &passport, &alien, &family)
	// the family list comes in the same row: one round trip
	err := s.DB.queryRow(ctx, Builder.Select(exprs(bs)...).Columns("resident_no_enc", "passport_no_enc", "alien_no_enc", familyJSON).
		From("appl_basis").Where(sq.Eq{"appl_no": applNo})).Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, false, nil
	}
	if err != nil {
		return a, false, fmt.Errorf("postgres: basic info: %w", err)
	}
	if a.ResidentNoLast, err = s.open(rrn, "resident_no", applNo); err != nil {
		return a, false, err
	}
	if a.PassportNo, err = s.open(passport, "passport_no", applNo); err != nil {
		return a, false, err
	}
	if a.ForeignerRegistrationNo, err = s.open(alien, "alien_no", applNo); err != nil {
		return a, false, err
	}
	var fam []familyRow
	if err := json.Unmarshal(family, &fam); err != nil {
		return a, false, fmt.Errorf("postgres: family: %w", err)
	}
	a.FamilyList = make([]form.FamilyMember, len(fam))
	for i, f := range fam {
		a.FamilyList[i] = form.FamilyMember{Relation: f.Relation, Name: f.Name, Nationality: f.Nationality,
			BirthDate: f.BirthDate, Occupation: f.Occupation, Phone: f.Phone}
	}
	return a, true, nil
}

// familyRow is one member of familyJSON.
type familyRow struct {
	Relation    string `json:"relation"`
	Name        string `json:"name"`
	Nationality string `json:"nationality"`
	BirthDate   string `json:"birthDate"`
	Occupation  string `json:"occupation"`
	Phone       string `json:"phone"`
}

func (s Forms) seal(v, col string, applNo int64) any {
	if v == "" {
		return nil
	}
	return s.Sealer.Seal([]byte(v), ad(col, applNo))
}

// SaveInfo replaces applicantInfo.
func (s Forms) SaveInfo(ctx context.Context, applNo int64, a form.ApplicantInfo) error {
	bs := infoBindings(&a)
	vals, err := values(bs)
	if err != nil {
		return err
	}
	columns := append([]string{"appl_no"}, cols(bs)...)
	columns = append(columns, "resident_no_enc", "passport_no_enc", "alien_no_enc")
	vals = append([]any{applNo}, vals...)
	vals = append(vals, s.seal(a.ResidentNoLast, "resident_no", applNo), s.seal(a.PassportNo, "passport_no", applNo),
		s.seal(a.ForeignerRegistrationNo, "alien_no", applNo))
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		if err := s.DB.writeLater(ctx, Builder.Delete("appl_basis").Where(sq.Eq{"appl_no": applNo})); err != nil {
			return fmt.Errorf("postgres: basic info: %w", err)
		}
		if err := s.DB.writeLater(ctx, Builder.Insert("appl_basis").Columns(columns...).Values(vals...)); err != nil {
			return fmt.Errorf("postgres: basic info: %w", err)
		}
		if len(a.FamilyList) == 0 {
			return nil
		}
		ins := Builder.Insert("appl_family").Columns("appl_no", "seq", "relation", "name", "nationality", "birth_date", "occupation", "phone")
		for i, m := range a.FamilyList {
			ins = ins.Values(applNo, i, m.Relation, m.Name, m.Nationality, nullIf(m.BirthDate), m.Occupation, m.Phone)
		}
		if err := s.DB.writeLater(ctx, ins); err != nil {
			return fmt.Errorf("postgres: family: %w", err)
		}
		return nil
	})
}

// replaceRows deletes an application's rows of a table and inserts new ones.
func (s Forms) replaceRows(ctx context.Context, table string, applNo int64, columns []string, rows [][]any) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		if err := s.DB.writeLater(ctx, Builder.Delete(table).Where(sq.Eq{"appl_no": applNo})); err != nil {
			return fmt.Errorf("postgres: %s: %w", table, err)
		}
		if len(rows) == 0 {
			return nil
		}
		ins := Builder.Insert(table).Columns(append([]string{"appl_no", "seq"}, columns...)...)
		for i, r := range rows {
			ins = ins.Values(append([]any{applNo, i}, r...)...)
		}
		if err := s.DB.writeLater(ctx, ins); err != nil {
			return fmt.Errorf("postgres: %s: %w", table, err)
		}
		return nil
	})
}

func acadBindings(a *form.AcademicRecord) []binding {
	return []binding{
		{"acad_type", &a.AcadType, kText}, {"school_code", &a.SchoolCode, kText}, {"search_school_name", &a.SearchSchoolName, kText},
		{"country_code", &a.CountryCode, kText}, {"city", &a.City, kText}, {"college", &a.College, kText}, {"major", &a.Major, kText},
		{"department", &a.Department, kText}, {"acad_final", &a.AcadFinal, kBool}, {"enter_day", &a.EnterDay, kDate},
		{"graduate_day", &a.GraduateDay, kDate}, {"graduation_status", &a.GraduationStatus, kText}, {"degree_no", &a.DegreeNo, kText},
		{"degree_course", &a.DegreeCourse, kText}, {"degree_level", &a.DegreeLevel, kText}, {"transfer", &a.Transfer, kBool},
		{"credits", &a.Credits, kText}, {"grade_form", &a.GradeForm, kText}, {"full_score", &a.FullScore, kText},
		{"full_score_etc", &a.FullScoreEtc, kText}, {"gpa", &a.Gpa, kText}, {"student_id", &a.StudentID, kText},
	}
}

func langBindings(l *form.LanguageEntry) []binding {
	return []binding{
		{"node_id", &l.NodeID, kText}, {"lang_exam_code", &l.ExamCode, kText}, {"score", &l.Score, kText}, {"level", &l.Level, kText},
		{"doc_no", &l.DocNo, kText}, {"exam_day", &l.ExamDay, kDate}, {"expiry_day", &l.ExpiryDay, kDate}, {"topik_seq", &l.TopikSeq, kText},
	}
}

func careerBindings(c *form.Career) []binding {
	return []binding{
		{"company_name", &c.CompanyName, kText}, {"description", &c.Description, kText}, {"address", &c.Address, kText},
		{"comp_type", &c.CompType, kText}, {"employment_type", &c.EmploymentType, kText}, {"department", &c.Department, kText},
		{"position", &c.Position, kText}, {"join_day", &c.JoinDay, kDate}, {"retire_day", &c.RetireDay, kDate},
		{"current_yn", &c.Current, kBool},
	}
}

func certBindings(c *form.Certificate) []binding {
	return []binding{
		{"category", &c.Category, kText}, {"description", &c.Description, kText}, {"institution", &c.Institution, kText},
		{"issue_day", &c.IssueDay, kDate},
	}
}

// loadList reads an application's rows of a table in order.
func loadList[T any](ctx context.Context, db *DB, table string, applNo int64, bind func(*T) []binding) ([]T, error) {
	var zero T
	rows, err := db.query(ctx, Builder.Select(exprs(bind(&zero))...).From(table).Where(sq.Eq{"appl_no": applNo}).OrderBy("seq"))
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", table, err)
	}
	out := []T{}
	for rows.Next() {
		var x T
		if err := rows.Scan(ptrs(bind(&x))...); err != nil {
			rows.Close()
			return nil, fmt.Errorf("postgres: %s: %w", table, err)
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

// saveList replaces an application's rows of a table.
func saveList[T any](ctx context.Context, s Forms, table string, applNo int64, list []T, bind func(*T) []binding) error {
	var zero T
	rows := make([][]any, len(list))
	for i := range list {
		v, err := values(bind(&list[i]))
		if err != nil {
			return err
		}
		rows[i] = v
	}
	return s.replaceRows(ctx, table, applNo, cols(bind(&zero)), rows)
}

func (s Forms) Academic(ctx context.Context, applNo int64) ([]form.AcademicRecord, error) {
	return loadList(ctx, s.DB, "appl_acad", applNo, acadBindings)
}

func (s Forms) SaveAcademic(ctx context.Context, applNo int64, list []form.AcademicRecord) error {
	return saveList(ctx, s, "appl_acad", applNo, list, acadBindings)
}

func (s Forms) Languages(ctx context.Context, applNo int64) ([]form.LanguageEntry, error) {
	return loadList(ctx, s.DB, "appl_lang", applNo, langBindings)
}

func (s Forms) SaveLanguages(ctx context.Context, applNo int64, list []form.LanguageEntry) error {
	return saveList(ctx, s, "appl_lang", applNo, list, langBindings)
}

func (s Forms) Careers(ctx context.Context, applNo int64) ([]form.Career, error) {
	return loadList(ctx, s.DB, "appl_career", applNo, careerBindings)
}

func (s Forms) SaveCareers(ctx context.Context, applNo int64, list []form.Career) error {
	return saveList(ctx, s, "appl_career", applNo, list, careerBindings)
}

// AddInfo loads certificates and essays.
func (s Forms) AddInfo(ctx context.Context, applNo int64) ([]form.Certificate, []form.Essay, error) {
	certs, err := loadList(ctx, s.DB, "appl_certificate", applNo, certBindings)
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.DB.query(ctx, Builder.Select("essay_no", "lang", "text").From("appl_essay").Where(sq.Eq{"appl_no": applNo}).OrderBy("essay_no"))
	if err != nil {
		return nil, nil, fmt.Errorf("postgres: essays: %w", err)
	}
	essays, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (form.Essay, error) {
		var e form.Essay
		return e, r.Scan(&e.No, &e.Lang, &e.Text)
	})
	if essays == nil {
		essays = []form.Essay{}
	}
	return certs, essays, err
}

// SaveAddInfo replaces certificates and essays.
func (s Forms) SaveAddInfo(ctx context.Context, applNo int64, certs []form.Certificate, essays []form.Essay) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		if err := saveList(ctx, s, "appl_certificate", applNo, certs, certBindings); err != nil {
			return err
		}
		if err := s.DB.writeLater(ctx, Builder.Delete("appl_essay").Where(sq.Eq{"appl_no": applNo})); err != nil {
			return fmt.Errorf("postgres: essays: %w", err)
		}
		if len(essays) == 0 {
			return nil
		}
		ins := Builder.Insert("appl_essay").Columns("appl_no", "essay_no", "lang", "text")
		for _, e := range essays {
			ins = ins.Values(applNo, e.No, e.Lang, e.Text)
		}
		if err := s.DB.writeLater(ctx, ins); err != nil {
			return fmt.Errorf("postgres: essays: %w", err)
		}
		return nil
	})
}

// Survey loads a survey stage.
func (s Forms) Survey(ctx context.Context, applNo int64, stage string) (application.SurveyData, error) {
	d := application.SurveyData{Answers: []application.SurveyAnswer{}}
	err := s.DB.queryRow(ctx, Builder.Select("alumni", "contact_code").From("appl_survey").Where(sq.Eq{"appl_no": applNo, "stage": stage})).
		Scan(&d.Alumni, &d.ContactCode)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, nil
	}
	if err != nil {
		return d, fmt.Errorf("postgres: survey: %w", err)
	}
	rows, err := s.DB.query(ctx, Builder.Select("question_code", "sub_question", "input_type", "answer", "item_code", "comment", "is_leaf", "depth", "sub_answer").
		From("appl_survey_answer").Where(sq.Eq{"appl_no": applNo, "stage": stage}).OrderBy("seq"))
	if err != nil {
		return d, fmt.Errorf("postgres: survey: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (application.SurveyAnswer, error) {
		var a application.SurveyAnswer
		return a, r.Scan(&a.QuestionCode, &a.SubQuestion, &a.InputType, &a.Answer, &a.ItemCode, &a.Comment, &a.IsLeaf, &a.Depth, &a.SubAnswer)
	})
	if err != nil {
		return d, fmt.Errorf("postgres: survey: %w", err)
	}
	if list != nil {
		d.Answers = list
	}
	return d, nil
}

// SaveSurvey replaces a survey stage.
func (s Forms) SaveSurvey(ctx context.Context, applNo int64, stage string, d application.SurveyData) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		if err := s.DB.writeLater(ctx, Builder.Delete("appl_survey").Where(sq.Eq{"appl_no": applNo, "stage": stage})); err != nil {
			return fmt.Errorf("postgres: survey: %w", err)
		}
		if err := s.DB.writeLater(ctx, Builder.Insert("appl_survey").Columns("appl_no", "stage", "alumni", "contact_code").
			Values(applNo, stage, d.Alumni, d.ContactCode)); err != nil {
			return fmt.Errorf("postgres: survey: %w", err)
		}
		if len(d.Answers) == 0 {
			return nil
		}
		ins := Builder.Insert("appl_survey_answer").Columns("appl_no", "stage", "seq", "question_code", "sub_question", "input_type",
			"answer", "item_code", "comment", "is_leaf", "depth", "sub_answer")
		for i, a := range d.Answers {
			ins = ins.Values(applNo, stage, i, a.QuestionCode, a.SubQuestion, a.InputType, a.Answer, a.ItemCode, a.Comment, a.IsLeaf, a.Depth, a.SubAnswer)
		}
		if err := s.DB.writeLater(ctx, ins); err != nil {
			return fmt.Errorf("postgres: survey: %w", err)
		}
		return nil
	})
}

// MarkSaved records when a step was saved.
func (s Forms) MarkSaved(ctx context.Context, applNo int64, step application.Status, at time.Time) error {
	err := s.DB.writeLater(ctx, Builder.Insert("appl_step_saved").Columns("appl_no", "step", "saved_at").Values(applNo, string(step), at).
		Suffix("ON CONFLICT (appl_no, step) DO UPDATE SET saved_at = EXCLUDED.saved_at"))
	if err != nil {
		return fmt.Errorf("postgres: step saved: %w", err)
	}
	return nil
}

// SavedAt answers when a step was last saved.
func (s Forms) SavedAt(ctx context.Context, applNo int64, step application.Status) (time.Time, bool, error) {
	var t time.Time
	err := s.DB.queryRow(ctx, Builder.Select("saved_at").From("appl_step_saved").Where(sq.Eq{"appl_no": applNo, "step": string(step)})).Scan(&t)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, false, nil
	}
	if err != nil {
		return t, false, fmt.Errorf("postgres: step saved: %w", err)
	}
	return t, true, nil
}

func draftAD(applNo int64, step application.Status) string {
	return "appl_draft:" + strconv.FormatInt(applNo, 10) + ":" + string(step)
}

// Draft loads a step's draft.
func (s Forms) Draft(ctx context.Context, applNo int64, step application.Status) (application.Draft, bool, error) {
	var d application.Draft
	var sealed []byte
	err := s.DB.queryRow(ctx, Builder.Select("data_enc", "saved_at").From("appl_draft").Where(sq.Eq{"appl_no": applNo, "step": string(step)})).
		Scan(&sealed, &d.SavedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, false, nil
	}
	if err != nil {
		return d, false, fmt.Errorf("postgres: draft: %w", err)
	}
	if d.Data, err = s.Sealer.Open(sealed, draftAD(applNo, step)); err != nil {
		return d, false, fmt.Errorf("postgres: draft of %d: %w", applNo, err)
	}
	return d, true, nil
}

// PutDraft replaces a step's draft.
func (s Forms) PutDraft(ctx context.Context, applNo int64, step application.Status, data []byte, at time.Time) error {
	_, err := s.DB.exec(ctx, Builder.Insert("appl_draft").Columns("appl_no", "step", "data_enc", "saved_at").
		Values(applNo, string(step), s.Sealer.Seal(data, draftAD(applNo, step)), at).
		Suffix("ON CONFLICT (appl_no, step) DO UPDATE SET data_enc = EXCLUDED.data_enc, saved_at = EXCLUDED.saved_at"))
	if err != nil {
		return fmt.Errorf("postgres: draft: %w", err)
	}
	return nil
}

// DeleteDraft drops a step's draft.
func (s Forms) DeleteDraft(ctx context.Context, applNo int64, step application.Status) error {
	err := s.DB.writeLater(ctx, Builder.Delete("appl_draft").Where(sq.Eq{"appl_no": applNo, "step": string(step)}))
	if err != nil {
		return fmt.Errorf("postgres: draft: %w", err)
	}
	return nil
}
