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
	var r recommendation.Req
	var st string
	err := row.Scan(&r.No, &r.ApplNo, &r.Round.SchoolCode, &r.Round.EnterYear, &r.Round.RecruitPartSeq, &r.ApplicantUserID,
		&r.ApplicantName, &r.Exempt, &r.Request.ProfName, &r.Request.Email, &r.Request.Phone, &r.Request.Institution,
		&r.Request.Position, &r.Locale, &st, &r.KeyHashes, &r.Cancelled, &r.CreatedAt, &r.MailSentAt, &r.MailRefusedAt,
		&r.MailError, &r.OpenedAt, &r.SavedAt, &r.SubmittedAt, &r.RemindedAt, &r.TemplateVersion, &r.Letter, &r.Profile,
		&r.FileName, &r.FileStored, &r.FileSize, &r.PDFStored)
	r.Status = recommendation.Status(st)
	return r, err
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

func reqValues(r recommendation.Req) map[string]any {
	if r.Letter.Answers == nil {
		r.Letter.Answers = map[string]string{}
	}
	return map[string]any{
		"applicant_name": r.ApplicantName, "exempt": r.Exempt, "prof_name": r.Request.ProfName, "email": r.Request.Email,
		"phone": r.Request.Phone, "institution": r.Request.Institution, "position": r.Request.Position, "locale": r.Locale,
		"status": string(r.Status), "key_hashes": keyHashes(r.KeyHashes), "cancelled": r.Cancelled, "mail_sent_at": r.MailSentAt,
		"mail_refused_at": r.MailRefusedAt, "mail_error": r.MailError, "opened_at": r.OpenedAt, "saved_at": r.SavedAt,
		"submitted_at": r.SubmittedAt, "reminded_at": r.RemindedAt, "template_version": r.TemplateVersion,
		"letter": r.Letter, "profile": r.Profile, "file_name": r.FileName, "file_stored": r.FileStored,
		"file_size": r.FileSize, "pdf_stored": r.PDFStored,
	}
}

// Create stores a new request.
func (s Recommendations) Create(ctx context.Context, r recommendation.Req) (recommendation.Req, error) {
	v := reqValues(r)
	v["appl_no"], v["school_code"], v["enter_year"], v["recruit_part_seq"] = r.ApplNo, r.Round.SchoolCode, r.Round.EnterYear, r.Round.RecruitPartSeq
	v["applicant_user_id"], v["created_at"] = r.ApplicantUserID, r.CreatedAt
	if err := s.DB.queryRow(ctx, Builder.Insert("recommend_request").SetMap(v).Suffix("RETURNING req_no")).Scan(&r.No); err != nil {
		return r, fmt.Errorf("postgres: create recommendation: %w", err)
	}
	return r, nil
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
		if len(r.KeyHashes) > 0 {
			var taken bool
			if err := s.DB.queryRow(ctx, Builder.Select("count(*) > 0").From("recommend_request").
				Where(sq.NotEq{"req_no": no}).Where("key_hashes && ?::text[]", r.KeyHashes)).Scan(&taken); err != nil {
				return fmt.Errorf("postgres: recommendation keys: %w", err)
			}
			if taken {
				return apperr.Conflict(recommendation.CodeKeyInvalid)
			}
		}
		if _, err := s.DB.exec(ctx, Builder.Update("recommend_request").SetMap(reqValues(r)).Where(sq.Eq{"req_no": no})); err != nil {
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
	err := s.DB.queryRow(ctx, b).Scan(&t.Version, &t.Letters, &t.FileRequired, &t.Questions)
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
		Values(t.Round.SchoolCode, t.Round.EnterYear, t.Round.RecruitPartSeq, t.Version, t.Letters, t.FileRequired, t.Questions).
		Suffix("ON CONFLICT (school_code, enter_year, recruit_part_seq, version) DO UPDATE SET letters = EXCLUDED.letters, file_required = EXCLUDED.file_required, questions = EXCLUDED.questions"))
	if err != nil {
		return fmt.Errorf("postgres: put recommend template: %w", err)
	}
	return nil
}
