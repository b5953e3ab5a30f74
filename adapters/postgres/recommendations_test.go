package postgres_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/permission"
	"github.com/gradapply/gradapply/core/recommendation"
)

// The letter, the recommender's details and the template's questions are
// JSON columns: rows written before core's types lost their JSON names
// read as they did, and new rows are written with the same keys.
func TestRecommendationJSONColumnsKeepTheirKeys(t *testing.T) {
	t.Parallel()
	e := contractEnv(t)
	db := e.Tx.(*postgres.DB)
	ctx := context.Background()
	m, err := account.NewMember(account.NewUser{UserID: "kim", Email: "kim@example.com", PasswordHash: "hash",
		Roles: []permission.Role{permission.RoleUser}, Locale: "ko", AgreedAt: base})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Users.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	a, err := application.NewApplication("kim", e.Round, base)
	if err != nil {
		t.Fatal(err)
	}
	applNo, err := e.Apps.Create(ctx, application.Creation{App: a, Part: e.Part})
	if err != nil {
		t.Fatal(err)
	}
	k := e.Round

	// A row as the store wrote it before.
	var no int64
	if err := db.Pool.QueryRow(ctx, `INSERT INTO recommend_request (appl_no, school_code, enter_year, recruit_part_seq,
		applicant_user_id, prof_name, email, institution, position, locale, status, key_hashes, created_at, template_version, letter, profile)
		VALUES ($1, $2, $3, $4, 'kim', 'Prof Lee', 'lee@example.com', 'KU', 'Professor', 'en', '00030', '{old-key}', $5, 1,
		'{"answers": {"rec_form_q2": "first\n\nsecond"}, "profSign": "Lee"}',
		'{"email": "lee@example.com", "name": "Lee", "institution": "KU", "position": "Dean", "phone": "010-1234-5678"}')
		RETURNING req_no`, applNo, k.SchoolCode, k.EnterYear, k.RecruitPartSeq, base).Scan(&no); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, `INSERT INTO recommend_template (school_code, enter_year, recruit_part_seq, version, letters, file_required, questions)
		VALUES ($1, $2, $3, 1, 2, true, '[{"code": "rec_form_q1", "kind": "long", "kor": "강점", "eng": "Strengths", "max": 2000},
		{"code": "rec_form_q2", "kind": "choice", "kor": "종합", "eng": "Summary", "options": ["1", "2"],
		 "labels": [{"code": "1", "kor": "추천", "eng": "Recommend"}, {"code": "2", "kor": "보류", "eng": "Hold"}]}]')`,
		k.SchoolCode, k.EnterYear, k.RecruitPartSeq); err != nil {
		t.Fatal(err)
	}
	recs := postgres.Recommendations{DB: db}
	r, err := recs.ByKey(ctx, "old-key")
	wantProf := recommendation.Profile{Email: "lee@example.com", Name: "Lee", Institution: "KU", Position: "Dean", Phone: "010-1234-5678"}
	if err != nil || r.No() != no || r.Status() != recommendation.Creating || r.Letter().Answers["rec_form_q2"] != "first\n\nsecond" ||
		r.Letter().ProfSign != "Lee" || r.Profile() != wantProf || r.TemplateVersion() != 1 {
		t.Fatalf("an earlier row: %+v %v", r.Data(), err)
	}
	tpl, err := recs.Version(ctx, k, 1)
	q := tpl.Questions
	if err != nil || len(q) != 2 || q[0].Kind != recommendation.KindLong || q[0].Max != 2000 || q[0].Eng != "Strengths" ||
		!slices.Equal(q[1].Options, []string{"1", "2"}) || len(q[1].Labels) != 2 || q[1].Labels[1] != (recommendation.Option{Code: "2", Kor: "보류", Eng: "Hold"}) ||
		tpl.Letters != 2 || !tpl.FileRequired {
		t.Fatalf("an earlier template: %+v %v", tpl, err)
	}

	// What the store writes now has the same keys.
	prof := recommendation.Profile{Email: "lee@example.com", Name: "Lee Jaewon", Institution: "SNU", Position: "Professor", Phone: ""}
	if err := recs.Update(ctx, no, func(_ context.Context, r *recommendation.Req) error {
		return r.SaveDraft(recommendation.Letter{Answers: map[string]string{"rec_form_q1": "three years"}, ProfSign: "Lee Jaewon"}, prof, base)
	}); err != nil {
		t.Fatal(err)
	}
	var answer, sign, name, position string
	if err := db.Pool.QueryRow(ctx, `SELECT letter->'answers'->>'rec_form_q1', letter->>'profSign', profile->>'name', profile->>'position'
		FROM recommend_request WHERE req_no = $1`, no).Scan(&answer, &sign, &name, &position); err != nil {
		t.Fatal(err)
	}
	if answer != "three years" || sign != "Lee Jaewon" || name != "Lee Jaewon" || position != "Professor" {
		t.Fatalf("stored letter: %q %q %q %q", answer, sign, name, position)
	}
	tpl.Version = 2
	if err := recs.PutTemplate(ctx, tpl); err != nil {
		t.Fatal(err)
	}
	var stored, labelEng string
	var hasOptions bool
	if err := db.Pool.QueryRow(ctx, `SELECT questions->0->>'code', questions->0 ? 'options', questions->1->'labels'->1->>'eng'
		FROM recommend_template WHERE school_code = $1 AND version = 2`, k.SchoolCode).Scan(&stored, &hasOptions, &labelEng); err != nil {
		t.Fatal(err)
	}
	if stored != "rec_form_q1" || hasOptions || labelEng != "Hold" {
		t.Fatalf("stored questions: %q %v %q", stored, hasOptions, labelEng)
	}
}
