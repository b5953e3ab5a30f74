package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/recommendation"
)

// Recommendations stores recommendation requests, recommenders' profiles
// and letter templates.
type Recommendations struct{ DB *DB }

var (
	_ recommendation.Store     = Recommendations{}
	_ recommendation.Profiles  = Recommendations{}
	_ recommendation.Templates = Recommendations{}
)

var recCols = []string{"req_no", "appl_no", "school_code", "enter_year", "recruit_part_seq", "applicant_user_id",
	"applicant_name", "exempt", "prof_name", "email", "phone", "institution", "position", "locale", "status",
	"key_hashes", "cancelled", "created_at", "mail_sent_at", "mail_refused_at", "mail_error", "opened_at",
	"saved_at", "submitted_at", "reminded_at", "template_version", "letter", "profile", "file_name", "file_stored",
	"file_size", "pdf_stored"}

func scanReq(row pgx.Row) (recommendation.Req, error) {
	var d recommendation.ReqData
	var st string
	var l letterJSON
	var p profileJSON
	err := row.Scan(&d.No, &d.ApplNo, &d.Round.SchoolCode, &d.Round.EnterYear, &d.Round.RecruitPartSeq, &d.ApplicantUserID,
		&d.ApplicantName, &d.Exempt, &d.Request.ProfName, &d.Request.Email, &d.Request.Phone, &d.Request.Institution,
		&d.Request.Position, &d.Locale, &st, &d.KeyHashes, &d.Cancelled, &d.CreatedAt, &d.MailSentAt, &d.MailRefusedAt,
		&d.MailError, &d.OpenedAt, &d.SavedAt, &d.SubmittedAt, &d.RemindedAt, &d.TemplateVersion, &l, &p,
		&d.FileName, &d.FileStored, &d.FileSize, &d.PDFStored)
	if err != nil {
		return recommendation.Req{}, err
	}
	d.Status, d.Letter, d.Profile = recommendation.Status(st), l.letter(), p.profile()
	r, err := recommendation.UnmarshalReqFromDatabase(d)
	if err != nil {
		return r, fmt.Errorf("recommendation %d: %w", d.No, err)
	}
	return r, nil
}

func (s Recommendations) selectReq() sq.SelectBuilder {
	return Builder.Select(recCols...).From("recommend_request")
}

func (s Recommendations) list(ctx context.Context, b sq.SelectBuilder) ([]recommendation.Req, error) {
	rows, err := s.DB.query(ctx, b.OrderBy("req_no"))
	if err != nil {
		return nil, fmt.Errorf("postgres: recommendations: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (recommendation.Req, error) { return scanReq(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: recommendations: %w", err)
	}
	return out, nil
}

func (s Recommendations) one(ctx context.Context, b sq.SelectBuilder) (recommendation.Req, error) {
	r, err := scanReq(s.DB.queryRow(ctx, b))
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return r, apperr.NotFound(recommendation.CodeNoRequest)
	case err != nil:
		return r, fmt.Errorf("postgres: recommendation: %w", err)
	}
	return r, nil
}

func keyHashes(h []string) []string {
	if h == nil {
		return []string{}
	}
	return h
}

func reqValues(d recommendation.ReqData) map[string]any {
	return map[string]any{
		"applicant_name": d.ApplicantName, "exempt": d.Exempt, "prof_name": d.Request.ProfName, "email": d.Request.Email,
		"phone": d.Request.Phone, "institution": d.Request.Institution, "position": d.Request.Position, "locale": d.Locale,
		"status": string(d.Status), "key_hashes": keyHashes(d.KeyHashes), "cancelled": d.Cancelled, "mail_sent_at": d.MailSentAt,
		"mail_refused_at": d.MailRefusedAt, "mail_error": d.MailError, "opened_at": d.OpenedAt, "saved_at": d.SavedAt,
		"submitted_at": d.SubmittedAt, "reminded_at": d.RemindedAt, "template_version": d.TemplateVersion,
		"letter": toLetterJSON(d.Letter), "profile": toProfileJSON(d.Profile), "file_name": d.FileName, "file_stored": d.FileStored,
		"file_size": d.FileSize, "pdf_stored": d.PDFStored,
	}
}

// keysFree refuses key hashes another request than no holds: keys are
// unique across requests (a GIN index finds them; no constraint can say
// it for array elements).
func (s Recommendations) keysFree(ctx context.Context, no int64, hashes []string) error {
	if len(hashes) == 0 {
		return nil
	}
	var taken bool
	if err := s.DB.queryRow(ctx, Builder.Select("count(*) > 0").From("recommend_request").
		Where(sq.NotEq{"req_no": no}).Where("key_hashes && ?::text[]", hashes)).Scan(&taken); err != nil {
		return fmt.Errorf("postgres: recommendation keys: %w", err)
	}
	if taken {
		return apperr.Conflict(recommendation.CodeKeyInvalid)
	}
	return nil
}

// Add locks the application's row for the rule of its requests (FOR NO
// KEY UPDATE: other adds wait, the application's own updates do not
// conflict on keys), hands fn the live requests and inserts the one fn
// makes.
func (s Recommendations) Add(ctx context.Context, applNo int64, fn func(live []recommendation.Req) (*recommendation.Req, error)) (recommendation.Req, error) {
	var out recommendation.Req
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		var n int64
		err := s.DB.queryRow(ctx, Builder.Select("appl_no").From("application").Where(sq.Eq{"appl_no": applNo}).Suffix("FOR NO KEY UPDATE")).Scan(&n)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return apperr.NotFound(application.CodeNotFound)
		case err != nil:
			return fmt.Errorf("postgres: lock application %d: %w", applNo, err)
		}
		live, err := s.ForApplication(ctx, applNo)
		if err != nil {
			return err
		}
		r, err := fn(live)
		if err != nil {
			return err
		}
		d := r.Data()
		if d.ApplNo != applNo {
			return fmt.Errorf("postgres: request of application %d added to %d", d.ApplNo, applNo)
		}
		if err := s.keysFree(ctx, 0, d.KeyHashes); err != nil {
			return err
		}
		v := reqValues(d)
		v["appl_no"], v["school_code"], v["enter_year"], v["recruit_part_seq"] = d.ApplNo, d.Round.SchoolCode, d.Round.EnterYear, d.Round.RecruitPartSeq
		v["applicant_user_id"], v["created_at"] = d.ApplicantUserID, d.CreatedAt
		if err := s.DB.queryRow(ctx, Builder.Insert("recommend_request").SetMap(v).Suffix("RETURNING req_no")).Scan(&d.No); err != nil {
			return fmt.Errorf("postgres: create recommendation: %w", err)
		}
		out, err = recommendation.UnmarshalReqFromDatabase(d)
		return err
	})
	return out, err
}

// Get answers one request.
func (s Recommendations) Get(ctx context.Context, no int64) (recommendation.Req, error) {
	return s.one(ctx, s.selectReq().Where(sq.Eq{"req_no": no}))
}

// ByKey answers the request holding a key hash.
func (s Recommendations) ByKey(ctx context.Context, hash string) (recommendation.Req, error) {
	if hash == "" {
		return recommendation.Req{}, apperr.NotFound(recommendation.CodeNoRequest)
	}
	return s.one(ctx, s.selectReq().Where("key_hashes @> ARRAY[?]::text[]", hash))
}

// ForApplication lists an application's live requests.
func (s Recommendations) ForApplication(ctx context.Context, applNo int64) ([]recommendation.Req, error) {
	return s.list(ctx, s.selectReq().Where(sq.Eq{"appl_no": applNo, "cancelled": false}))
}

// ForEmail lists the live requests to an address.
func (s Recommendations) ForEmail(ctx context.Context, email string) ([]recommendation.Req, error) {
	return s.list(ctx, s.selectReq().Where(sq.Eq{"email": email, "cancelled": false}))
}

// Unfinished lists the live requests not completed.
func (s Recommendations) Unfinished(ctx context.Context) ([]recommendation.Req, error) {
	return s.list(ctx, s.selectReq().Where(sq.Eq{"cancelled": false}).Where(sq.NotEq{"status": string(recommendation.Completed)}))
}

// UsesTemplate reports whether a request of the round was opened on a version.
func (s Recommendations) UsesTemplate(ctx context.Context, k application.RoundKey, version int) (bool, error) {
	var used bool
	err := s.DB.queryRow(ctx, Builder.Select("count(*) > 0").From("recommend_request").Where(sq.Eq{"school_code": k.SchoolCode,
		"enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq, "template_version": version})).Scan(&used)
	if err != nil {
		return false, fmt.Errorf("postgres: template in use: %w", err)
	}
	return used, nil
}

// Update locks the request's row for fn and writes back what fn changed.
func (s Recommendations) Update(ctx context.Context, no int64, fn func(ctx context.Context, r *recommendation.Req) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		r, err := s.one(ctx, s.selectReq().Where(sq.Eq{"req_no": no}).Suffix("FOR UPDATE"))
		if err != nil {
			return err
		}
		if err := fn(ctx, &r); err != nil {
			return err
		}
		if !r.Changed() {
			return nil
		}
		d := r.Data()
		if err := s.keysFree(ctx, no, d.KeyHashes); err != nil {
			return err
		}
		if _, err := s.DB.exec(ctx, Builder.Update("recommend_request").SetMap(reqValues(d)).Where(sq.Eq{"req_no": no})); err != nil {
			return fmt.Errorf("postgres: update recommendation: %w", err)
		}
		return nil
	})
}

// Profile answers a recommender's saved details.
func (s Recommendations) Profile(ctx context.Context, email string) (recommendation.Profile, bool, error) {
	p := recommendation.Profile{Email: email}
	err := s.DB.queryRow(ctx, Builder.Select("name", "institution", "position", "phone").From("recommender_profile").
		Where(sq.Eq{"email": email})).Scan(&p.Name, &p.Institution, &p.Position, &p.Phone)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return recommendation.Profile{}, false, nil
	case err != nil:
		return p, false, fmt.Errorf("postgres: recommender profile: %w", err)
	}
	return p, true, nil
}

// PutProfile saves a recommender's details.
func (s Recommendations) PutProfile(ctx context.Context, p recommendation.Profile) error {
	_, err := s.DB.exec(ctx, Builder.Insert("recommender_profile").Columns("email", "name", "institution", "position", "phone").
		Values(p.Email, p.Name, p.Institution, p.Position, p.Phone).
		Suffix("ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, institution = EXCLUDED.institution, position = EXCLUDED.position, phone = EXCLUDED.phone, updated_at = now()"))
	if err != nil {
		return fmt.Errorf("postgres: put recommender profile: %w", err)
	}
	return nil
}

func (s Recommendations) template(ctx context.Context, b sq.SelectBuilder, k application.RoundKey) (recommendation.Template, error) {
	t := recommendation.Template{Round: k}
	var qs []questionJSON
	err := s.DB.queryRow(ctx, b).Scan(&t.Version, &t.Letters, &t.FileRequired, &qs)
	t.Questions = questionsOf(qs)
	return t, err
}

func tplWhere(k application.RoundKey) sq.Eq {
	return sq.Eq{"school_code": k.SchoolCode, "enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq}
}

// Latest answers the highest version of a round's template.
func (s Recommendations) Latest(ctx context.Context, k application.RoundKey) (recommendation.Template, bool, error) {
	t, err := s.template(ctx, Builder.Select("version", "letters", "file_required", "questions").From("recommend_template").
		Where(tplWhere(k)).OrderBy("version DESC").Limit(1), k)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return recommendation.Template{}, false, nil
	case err != nil:
		return t, false, fmt.Errorf("postgres: recommend template: %w", err)
	}
	return t, true, nil
}

// Version answers one version of a round's template.
func (s Recommendations) Version(ctx context.Context, k application.RoundKey, v int) (recommendation.Template, error) {
	t, err := s.template(ctx, Builder.Select("version", "letters", "file_required", "questions").From("recommend_template").
		Where(tplWhere(k)).Where(sq.Eq{"version": v}), k)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return t, apperr.NotFound(recommendation.CodeNoRequest)
	case err != nil:
		return t, fmt.Errorf("postgres: recommend template: %w", err)
	}
	return t, nil
}

// PutTemplate writes a template version, replacing it.
func (s Recommendations) PutTemplate(ctx context.Context, t recommendation.Template) error {
	_, err := s.DB.exec(ctx, Builder.Insert("recommend_template").
		Columns("school_code", "enter_year", "recruit_part_seq", "version", "letters", "file_required", "questions").
		Values(t.Round.SchoolCode, t.Round.EnterYear, t.Round.RecruitPartSeq, t.Version, t.Letters, t.FileRequired, toQuestionsJSON(t.Questions)).
		Suffix("ON CONFLICT (school_code, enter_year, recruit_part_seq, version) DO UPDATE SET letters = EXCLUDED.letters, file_required = EXCLUDED.file_required, questions = EXCLUDED.questions"))
	if err != nil {
		return fmt.Errorf("postgres: put recommend template: %w", err)
	}
	return nil
}
