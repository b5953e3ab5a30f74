package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/examno"
	"github.com/gradapply/gradapply/core/school"
)

// Applications stores applications: header, state, part, consents.
type Applications struct{ DB *DB }

var _ application.Applications = Applications{}

const applCols = "a.appl_no, coalesce(a.user_id, ''), a.school_code, a.enter_year, a.recruit_part_seq, coalesce(a.appl_id, ''), " +
	"a.status, coalesce(a.review_status, ''), a.is_reviewing, a.applicant_name, a.created_at, a.updated_at"

func scanHeader(row pgx.Row) (application.Header, error) {
	var h application.Header
	var st, rst string
	err := row.Scan(&h.ApplNo, &h.UserID, &h.Round.SchoolCode, &h.Round.EnterYear, &h.Round.RecruitPartSeq, &h.ApplID,
		&st, &rst, &h.State.Reviewing, &h.ApplicantName, &h.CreatedAt, &h.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return h, apperr.NotFound(application.CodeNotFound)
	}
	if err != nil {
		return h, fmt.Errorf("postgres: application: %w", err)
	}
	h.State.Status, h.State.ReviewStatus = application.Status(st), application.Status(rst)
	return h, nil
}

func nullIf(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Create stores a new application with its part, consents and part survey.
func (s Applications) Create(ctx context.Context, c application.Creation) (int64, error) {
	var applNo int64
	a := c.App
	userID, k, st, now := a.UserID(), a.Round(), a.State(), a.CreatedAt()
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		// ON CONFLICT keeps the transaction usable, so the existing
		// application is looked up on the same connection (a second
		// connection here could wait forever on a busy pool).
		err := s.DB.queryRow(ctx, Builder.Insert("application").
			Columns("user_pk", "user_id", "school_code", "enter_year", "recruit_part_seq", "status", "review_status", "is_reviewing", "created_at", "updated_at").
			Values(sq.Expr("(SELECT id FROM app_user WHERE user_id = ?)", userID), userID, k.SchoolCode, k.EnterYear,
				k.RecruitPartSeq, string(st.Status), nullIf(string(st.ReviewStatus)), st.Reviewing, now, now).
			Suffix("ON CONFLICT (user_pk, school_code, enter_year, recruit_part_seq) WHERE status <> 'CANCEL' DO NOTHING RETURNING appl_no")).Scan(&applNo)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			var existing int64
			if err := s.DB.queryRow(ctx, Builder.Select("appl_no").From("application").
				Where(sq.Eq{"user_id": userID, "school_code": k.SchoolCode, "enter_year": k.EnterYear,
					"recruit_part_seq": k.RecruitPartSeq}).Where("status <> 'CANCEL'")).Scan(&existing); err != nil {
				return fmt.Errorf("postgres: create application: %w", err)
			}
			return apperr.Conflict(application.CodeExists).With("applNo", existing)
		case err != nil:
			return fmt.Errorf("postgres: create application: %w", err)
		}
		if err := s.insertPart(ctx, applNo, c.Part); err != nil {
			return err
		}
		for _, c := range c.Consents {
			if _, err := s.DB.exec(ctx, Builder.Insert("appl_consent").Columns("appl_no", "code", "version", "accepted_at").
				Values(applNo, c.Code, c.Version, c.At)); err != nil {
				return fmt.Errorf("postgres: consent: %w", err)
			}
		}
		if c.Survey != nil {
			if err := (Forms{DB: s.DB}).SaveSurvey(ctx, applNo, application.StagePart, *c.Survey); err != nil {
				return err
			}
		}
		return nil
	})
	return applNo, err
}

func (s Applications) insertPart(ctx context.Context, applNo int64, p application.Part) error {
	_, err := s.DB.exec(ctx, Builder.Insert("application_part").
		Columns("appl_no", "choice_seq", "appl_part_no", "major_code", "is_master", "is_general_type", "stay_type_code",
			"category_code", "detail_remk_kor", "detail_remk_eng", "add_certificate_count").
		Values(applNo, 1, p.ApplPartNo, p.MajorCode, p.IsMaster, p.IsGeneralType, p.StayTypeCode, p.CategoryCode,
			p.RemkKor, p.RemkEng, p.AddCertificateCount))
	if err != nil {
		return fmt.Errorf("postgres: application part: %w", err)
	}
	return nil
}

// Get loads an application.
func (s Applications) Get(ctx context.Context, applNo int64) (application.Header, error) {
	return scanHeader(s.DB.queryRow(ctx, Builder.Select(applCols).From("application a").Where(sq.Eq{"a.appl_no": applNo})))
}

// Update changes an application through its aggregate: in one transaction
// (the caller's when ctx carries one) it locks the row, rebuilds the
// aggregate, runs fn with the transaction's context and writes back the
// status pair, applicant name and updated time when fn changed them.
func (s Applications) Update(ctx context.Context, applNo int64, fn func(ctx context.Context, a *application.Application) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		// Writes fn's stores queue (writeLater) go with the next read or
		// with the write-back, in one round trip.
		ctx = withPending(ctx)
		h, err := scanHeader(s.DB.queryRow(ctx, Builder.Select(applCols).From("application a").
			Where(sq.Eq{"a.appl_no": applNo}).Suffix("FOR UPDATE")))
		if err != nil {
			return err
		}
		a, err := application.UnmarshalApplicationFromDatabase(h)
		if err != nil {
			return fmt.Errorf("postgres: application %d: %w", applNo, err)
		}
		if err := fn(ctx, a); err != nil {
			return err
		}
		if a.Changed() {
			if err := s.DB.writeLater(ctx, writeBack(applNo, a)); err != nil {
				return err
			}
		}
		err = s.DB.flush(ctx)
		if IsUniqueViolation(err, "application_appl_id_key") {
			return apperr.Conflict(examno.CodeNumberTaken)
		}
		return err
	})
}

var _ application.FormLocker = Applications{}

const partCols = "coalesce(p.appl_part_no, 0), coalesce(p.major_code, ''), coalesce(p.is_master, false), coalesce(p.is_general_type, false), " +
	"coalesce(p.stay_type_code, ''), coalesce(p.category_code, ''), coalesce(p.detail_remk_kor, ''), coalesce(p.detail_remk_eng, ''), " +
	"coalesce(p.add_certificate_count, 0)"

// UpdateForm is Update for a save of the form: one statement locks the row
// and reads the chosen part with it, and the writes fn stages with
// writeLater (step data, saved mark, draft removal) are sent with the
// write-back of the row as one batch before the commit.
func (s Applications) UpdateForm(ctx context.Context, applNo int64, fn func(ctx context.Context, a *application.Application, part application.Part) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		ctx = withPending(ctx)
		var h application.Header
		var p application.Part
		var st, rst string
		err := s.DB.queryRow(ctx, Builder.Select(applCols, partCols).From("application a").
			LeftJoin("application_part p ON p.appl_no = a.appl_no AND p.choice_seq = 1").
			Where(sq.Eq{"a.appl_no": applNo}).Suffix("FOR UPDATE OF a")).
			Scan(&h.ApplNo, &h.UserID, &h.Round.SchoolCode, &h.Round.EnterYear, &h.Round.RecruitPartSeq, &h.ApplID,
				&st, &rst, &h.State.Reviewing, &h.ApplicantName, &h.CreatedAt, &h.UpdatedAt,
				&p.ApplPartNo, &p.MajorCode, &p.IsMaster, &p.IsGeneralType, &p.StayTypeCode, &p.CategoryCode, &p.RemkKor, &p.RemkEng, &p.AddCertificateCount)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound(application.CodeNotFound)
		}
		if err != nil {
			return fmt.Errorf("postgres: application: %w", err)
		}
		h.State.Status, h.State.ReviewStatus = application.Status(st), application.Status(rst)
		a, err := application.UnmarshalApplicationFromDatabase(h)
		if err != nil {
			return fmt.Errorf("postgres: application %d: %w", applNo, err)
		}
		if err := fn(ctx, a, p); err != nil {
			return err
		}
		if a.Changed() {
			if err := s.DB.writeLater(ctx, writeBack(applNo, a)); err != nil {
				return err
			}
		}
		return s.DB.flush(ctx)
	})
}

func writeBack(applNo int64, a *application.Application) sq.UpdateBuilder {
	st := a.State()
	return Builder.Update("application").
		Set("status", string(st.Status)).Set("review_status", nullIf(string(st.ReviewStatus))).
		Set("is_reviewing", st.Reviewing).Set("applicant_name", a.ApplicantName()).
		Set("updated_at", a.UpdatedAt()).Where(sq.Eq{"appl_no": applNo})
}

// ListByUser lists a user's applications, newest first.
func (s Applications) ListByUser(ctx context.Context, userID string) ([]application.Header, error) {
	rows, err := s.DB.query(ctx, Builder.Select(applCols).From("application a").Where(sq.Eq{"a.user_id": userID}).
		OrderBy("a.created_at DESC", "a.appl_no DESC"))
	if err != nil {
		return nil, fmt.Errorf("postgres: list applications: %w", err)
	}
	defer rows.Close()
	var out []application.Header
	for rows.Next() {
		h, err := scanHeader(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// Part loads the chosen part.
func (s Applications) Part(ctx context.Context, applNo int64) (application.Part, error) {
	var p application.Part
	err := s.DB.queryRow(ctx, Builder.Select("appl_part_no", "major_code", "is_master", "is_general_type", "stay_type_code",
		"category_code", "detail_remk_kor", "detail_remk_eng", "add_certificate_count").From("application_part").
		Where(sq.Eq{"appl_no": applNo, "choice_seq": 1})).
		Scan(&p.ApplPartNo, &p.MajorCode, &p.IsMaster, &p.IsGeneralType, &p.StayTypeCode, &p.CategoryCode, &p.RemkKor, &p.RemkEng, &p.AddCertificateCount)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, apperr.NotFound(application.CodeNotFound)
	}
	if err != nil {
		return p, fmt.Errorf("postgres: application part: %w", err)
	}
	return p, nil
}

// SetPart replaces the chosen part.
func (s Applications) SetPart(ctx context.Context, applNo int64, p application.Part) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.DB.exec(ctx, Builder.Delete("application_part").Where(sq.Eq{"appl_no": applNo})); err != nil {
			return fmt.Errorf("postgres: application part: %w", err)
		}
		return s.insertPart(ctx, applNo, p)
	})
}

// Consents lists what was accepted.
func (s Applications) Consents(ctx context.Context, applNo int64) ([]school.Acceptance, error) {
	rows, err := s.DB.query(ctx, Builder.Select("code", "to_char(version, 'YYYY-MM-DD')", "accepted_at").From("appl_consent").
		Where(sq.Eq{"appl_no": applNo}).OrderBy("code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: consents: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (school.Acceptance, error) {
		var a school.Acceptance
		return a, r.Scan(&a.Code, &a.Version, &a.At)
	})
}
