package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	sq "github.com/Masterminds/squirrel"
)

// DemoMajor is a major of a demo school with its courses, each a part of
// every round of the school.
type DemoMajor struct {
	MajorCode  string       `json:"majorCode"`
	KorName    string       `json:"korName"`
	EngName    string       `json:"engName"`
	VideoEssay bool         `json:"videoEssay"`
	Courses    []DemoCourse `json:"courses"`
}

// DemoCourse is a major's master's or doctoral course.
type DemoCourse struct {
	IsMaster            bool   `json:"isMaster"`
	RemkKor             string `json:"remkKor"`
	RemkEng             string `json:"remkEng"`
	AddCertificateCount int    `json:"addCertificateCount"`
	// Quota is how many the course admits (경쟁률); 0: not announced.
	Quota int `json:"quota"`
}

// DemoApply is a school's form reference data as the demo loader writes it
// (testdata/demo/apply.json).
type DemoApply struct {
	Setting struct {
		RefusedNationalities []string       `json:"refusedNationalities"`
		PassportNone         string         `json:"passportNone"`
		VisaNone             string         `json:"visaNone"`
		G20Required          bool           `json:"g20Required"`
		LanguageRequired     bool           `json:"languageRequired"`
		TextLimits           map[string]int `json:"textLimits"`
	} `json:"setting"`
	Steps []string `json:"steps"`
	Codes []struct {
		Group, Code, KorValue, EngValue string
	} `json:"codes"`
	Majors        []DemoMajor `json:"majors"`
	LanguageExams []struct {
		Code      string  `json:"code"`
		InputType string  `json:"inputType"`
		MaxScore  float64 `json:"maxScore"`
	} `json:"languageExams"`
	Essays []struct {
		No          int    `json:"no"`
		Words       int    `json:"words"`
		Chars       int    `json:"chars"`
		KorQuestion string `json:"korQuestion"`
		EngQuestion string `json:"engQuestion"`
	} `json:"essays"`
	Consents []struct {
		Code, TitleKo, TitleEn, BodyKo, BodyEn, Version string
	} `json:"consents"`
	// ConsentHistory holds earlier versions of the school's consent texts,
	// which applicants may read (round admin keeps them the same way).
	ConsentHistory []struct {
		Code, TitleKo, TitleEn, BodyKo, BodyEn, Version string
	} `json:"consentHistory"`
	Surveys []struct {
		Stage        string `json:"stage"`
		QuestionCode string `json:"questionCode"`
		InputType    string `json:"inputType"`
		KorText      string `json:"korText"`
		EngText      string `json:"engText"`
		Required     bool   `json:"required"`
		Items        []struct {
			ItemCode   string `json:"itemCode"`
			KorValue   string `json:"korValue"`
			EngValue   string `json:"engValue"`
			HasComment bool   `json:"hasComment"`
		} `json:"items"`
	} `json:"surveys"`
	InfoItems []struct {
		ItemCode string `json:"itemCode"`
		Display  bool   `json:"display"`
		Required bool   `json:"required"`
	} `json:"infoItems"`
}

// InsertDemoApply writes a school's form reference data and the parts of
// each of its existing rounds. Call it in a transaction.
func InsertDemoApply(ctx context.Context, db *DB, schoolCode string, d DemoApply) error {
	run := func(what string, b sq.Sqlizer) error {
		if _, err := db.exec(ctx, b); err != nil {
			return fmt.Errorf("postgres: demo %s of %s: %w", what, schoolCode, err)
		}
		return nil
	}
	limits, _ := json.Marshal(d.Setting.TextLimits)
	if d.Setting.TextLimits == nil {
		limits = []byte("{}")
	}
	refused := d.Setting.RefusedNationalities
	if refused == nil {
		refused = []string{}
	}
	if err := run("setting", Builder.Insert("school_setting").
		Columns("school_code", "refused_nationalities", "passport_none", "visa_none", "g20_required", "language_required", "text_limits").
		Values(schoolCode, refused, d.Setting.PassportNone, d.Setting.VisaNone, d.Setting.G20Required, d.Setting.LanguageRequired, string(limits))); err != nil {
		return err
	}
	for _, st := range d.Steps {
		if err := run("step", Builder.Insert("school_step").Columns("school_code", "step").Values(schoolCode, st)); err != nil {
			return err
		}
	}
	for i, c := range d.Codes {
		if err := run("code", Builder.Insert("common_code").Columns("school_code", "code_group", "code", "kor_value", "eng_value", "seq").
			Values(schoolCode, c.Group, c.Code, c.KorValue, c.EngValue, i+1)); err != nil {
			return err
		}
	}
	for i, m := range d.Majors {
		if err := run("major", Builder.Insert("school_major").Columns("school_code", "major_code", "kor_name", "eng_name", "video_essay", "seq").
			Values(schoolCode, m.MajorCode, m.KorName, m.EngName, m.VideoEssay, i+1)); err != nil {
			return err
		}
	}
	for i, e := range d.LanguageExams {
		if err := run("exam", Builder.Insert("school_lang_exam").Columns("school_code", "exam_code", "input_type", "max_score", "seq").
			Values(schoolCode, e.Code, e.InputType, e.MaxScore, i+1)); err != nil {
			return err
		}
	}
	for _, e := range d.Essays {
		if err := run("essay", Builder.Insert("school_essay").Columns("school_code", "essay_no", "words", "chars", "question_kor", "question_eng").
			Values(schoolCode, e.No, e.Words, e.Chars, e.KorQuestion, e.EngQuestion)); err != nil {
			return err
		}
	}
	for i, c := range d.Consents {
		if err := run("consent", Builder.Insert("consent_item").
			Columns("school_code", "code", "title_ko", "title_en", "body_ko", "body_en", "version", "seq").
			Values(schoolCode, c.Code, c.TitleKo, c.TitleEn, c.BodyKo, c.BodyEn, c.Version, i+1)); err != nil {
			return err
		}
	}
	for _, c := range d.ConsentHistory {
		if err := run("consent history", Builder.Insert("consent_item_version").
			Columns("school_code", "code", "title_ko", "title_en", "body_ko", "body_en", "version").
			Values(schoolCode, c.Code, c.TitleKo, c.TitleEn, c.BodyKo, c.BodyEn, c.Version)); err != nil {
			return err
		}
	}
	for i, q := range d.Surveys {
		if err := run("survey", Builder.Insert("survey_question").
			Columns("school_code", "stage", "question_code", "input_type", "kor_text", "eng_text", "required", "seq").
			Values(schoolCode, q.Stage, q.QuestionCode, q.InputType, q.KorText, q.EngText, q.Required, i+1)); err != nil {
			return err
		}
		for j, it := range q.Items {
			if err := run("survey item", Builder.Insert("survey_item").
				Columns("school_code", "stage", "question_code", "item_code", "kor_value", "eng_value", "has_comment", "seq").
				Values(schoolCode, q.Stage, q.QuestionCode, it.ItemCode, it.KorValue, it.EngValue, it.HasComment, j+1)); err != nil {
				return err
			}
		}
	}
	rows, err := db.query(ctx, Builder.Select("enter_year", "recruit_part_seq").From("recruit_part").Where(sq.Eq{"school_code": schoolCode}))
	if err != nil {
		return fmt.Errorf("postgres: demo rounds: %w", err)
	}
	type key struct{ y, s int }
	var keys []key
	for rows.Next() {
		var k key
		if err := rows.Scan(&k.y, &k.s); err != nil {
			rows.Close()
			return err
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, k := range keys {
		seq := 0
		for _, m := range d.Majors {
			for _, c := range m.Courses {
				seq++
				if err := run("part", Builder.Insert("recruit_part_major").
					Columns("school_code", "enter_year", "recruit_part_seq", "major_code", "is_master", "detail_remk_kor", "detail_remk_eng", "add_certificate_count", "quota", "seq").
					Values(schoolCode, k.y, k.s, m.MajorCode, c.IsMaster, c.RemkKor, c.RemkEng, c.AddCertificateCount, c.Quota, seq)); err != nil {
					return err
				}
			}
		}
		for _, it := range d.InfoItems {
			if err := run("info item", Builder.Insert("recruit_info_item").
				Columns("school_code", "enter_year", "recruit_part_seq", "appl_part_no", "item_code", "display", "required").
				Values(schoolCode, k.y, k.s, 0, it.ItemCode, it.Display, it.Required)); err != nil {
				return err
			}
		}
	}
	return nil
}

// HasDemoApply reports whether any school has majors already.
func HasDemoApply(ctx context.Context, db *DB) (bool, error) {
	var n int
	if err := db.queryRow(ctx, Builder.Select("count(*)").From("school_major")).Scan(&n); err != nil {
		return false, fmt.Errorf("postgres: %w", err)
	}
	return n > 0, nil
}
