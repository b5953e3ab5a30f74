package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/payment"
	"github.com/gradapply/gradapply/core/round"
	"github.com/gradapply/gradapply/core/school"
	"github.com/gradapply/gradapply/core/window"
)

// Rounds stores rounds and school settings as the back office sets them.
type Rounds struct{ DB *DB }

var _ round.Store = Rounds{}

func roundWhere(k application.RoundKey) sq.Eq {
	return sq.Eq{"school_code": k.SchoolCode, "enter_year": k.EnterYear, "recruit_part_seq": k.RecruitPartSeq}
}

var roundSort = map[string]string{
	"id": "p.school_code, p.enter_year DESC, p.recruit_part_seq", "schoolCode": "p.school_code", "enterYear": "p.enter_year",
	"recruitPartSeq": "p.recruit_part_seq", "korName": "p.kor_name", "updatedAt": "p.updated_at",
}

// List answers a page of rounds and the total.
func (s Rounds) List(ctx context.Context, q round.Query) ([]round.Summary, int, error) {
	where := sq.And{}
	if q.SchoolCode != "" {
		where = append(where, sq.Eq{"p.school_code": q.SchoolCode})
	}
	if q.EnterYear != 0 {
		where = append(where, sq.Eq{"p.enter_year": q.EnterYear})
	}
	if q.Search != "" {
		like := "%" + escapeLike(q.Search) + "%"
		where = append(where, sq.Or{sq.ILike{"p.kor_name": like}, sq.ILike{"p.eng_name": like}, sq.ILike{"s.kor_name": like}, sq.ILike{"s.eng_name": like}})
	}
	var total int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("recruit_part p").Join("school s USING (school_code)").Where(where)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: round list: %w", err)
	}
	order := roundSort[q.Sort]
	if order == "" {
		order = roundSort["id"]
	}
	if q.Desc {
		order += " DESC"
	}
	rows, err := s.DB.query(ctx, Builder.Select("p.school_code", "p.enter_year", "p.recruit_part_seq", "p.kor_name", "p.eng_name",
		"s.kor_name", "s.eng_name", "p.fee_krw", "p.fee_usd", "p.updated_at",
		"(SELECT count(*) FROM application a WHERE a.school_code = p.school_code AND a.enter_year = p.enter_year AND a.recruit_part_seq = p.recruit_part_seq)").
		From("recruit_part p").Join("school s USING (school_code)").Where(where).
		OrderBy(order).Offset(u64(q.Offset)).Limit(u64(q.Limit)))
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: round list: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (round.Summary, error) {
		var x round.Summary
		return x, r.Scan(&x.SchoolCode, &x.EnterYear, &x.RecruitPartSeq, &x.KorName, &x.EngName, &x.SchoolKorName, &x.SchoolEngName,
			&x.FeeKrw, &x.FeeUsd, &x.UpdatedAt, &x.Applications)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: round list: %w", err)
	}
	for i := range list {
		ws, err := s.windows(ctx, list[i].RoundKey)
		if err != nil {
			return nil, 0, err
		}
		list[i].Windows = ws
	}
	return list, total, nil
}

func (s Rounds) windows(ctx context.Context, k application.RoundKey) ([]round.Window, error) {
	rows, err := s.DB.query(ctx, Builder.Select("window_type", "starts_at", "ends_at").From("recruit_window").Where(roundWhere(k)).OrderBy("window_type"))
	if err != nil {
		return nil, fmt.Errorf("postgres: round windows: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (round.Window, error) {
		var w window.Window
		var kind string
		err := r.Scan(&kind, &w.Start, &w.End)
		w.Kind = window.Kind(kind)
		return round.WindowFromStored(w), err
	})
}

// Get answers one round as stored.
func (s Rounds) Get(ctx context.Context, k application.RoundKey) (*round.Settings, error) {
	var v round.Values
	var ownSteps []string
	var updatedAt time.Time
	err := s.DB.queryRow(ctx, Builder.Select("kor_name", "eng_name", "detail_remk_kor", "detail_remk_eng", "fee_krw", "fee_usd",
		"letters_asked", "appl_id_rule", "slip_notice_kor", "slip_notice_eng", "updated_at", "steps", "competition_hidden").From("recruit_part").Where(roundWhere(k))).
		Scan(&v.KorName, &v.EngName, &v.RemkKor, &v.RemkEng, &v.FeeKrw, &v.FeeUsd, &v.LettersAsked, &v.ApplIDRule,
			&v.SlipNoticeKor, &v.SlipNoticeEng, &updatedAt, &ownSteps, &v.CompetitionHidden)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, apperr.NotFound(round.CodeNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: round: %w", err)
	}
	v.Steps = statuses(ownSteps)
	// Pay types and channels are the payment settings (the round's own row,
	// else the school's, else what core/payment offers by default).
	set, ok, err := PaySettings(s).Settings(ctx, k)
	if err != nil {
		return nil, err
	}
	if !ok {
		set = payment.DefaultSettings
	}
	v.PayTypes, v.PayChannels = set.PayTypes, set.Channels
	if v.PayChannels == nil {
		v.PayChannels = map[payment.PayType]payment.Channel{}
	}
	if v.Windows, err = s.windows(ctx, k); err != nil {
		return nil, err
	}
	rows, err := s.DB.query(ctx, Builder.Select("appl_part_no", "major_code", "is_master", "detail_remk_kor", "detail_remk_eng", "add_certificate_count", "quota").
		From("recruit_part_major").Where(roundWhere(k)).OrderBy("seq", "appl_part_no"))
	if err != nil {
		return nil, fmt.Errorf("postgres: round parts: %w", err)
	}
	if v.Parts, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (round.Part, error) {
		var p round.Part
		return p, r.Scan(&p.ApplPartNo, &p.MajorCode, &p.IsMaster, &p.RemkKor, &p.RemkEng, &p.AddCertificateCount, &p.Quota)
	}); err != nil {
		return nil, fmt.Errorf("postgres: round parts: %w", err)
	}
	rows, err = s.DB.query(ctx, Builder.Select("item_code", "grp_code", "grp_kor_name", "grp_eng_name", "kor_name", "eng_name", "required",
		"extensions", "max_size", "seq").From("doc_item").Where(roundWhere(k)).OrderBy("seq", "item_code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: round documents: %w", err)
	}
	if v.Documents, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (round.DocItem, error) {
		var d round.DocItem
		return d, r.Scan(&d.ItemCode, &d.GrpCode, &d.GrpKorName, &d.GrpEngName, &d.KorName, &d.EngName, &d.Required, &d.Extensions, &d.MaxSize, &d.Seq)
	}); err != nil {
		return nil, fmt.Errorf("postgres: round documents: %w", err)
	}
	rows, err = s.DB.query(ctx, Builder.Select("code", "title_ko", "title_en", "body_ko", "body_en", "to_char(version, 'YYYY-MM-DD')").
		From("consent_item").Where(roundWhere(k)).OrderBy("seq", "code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: round consents: %w", err)
	}
	if v.Consents, err = pgx.CollectRows(rows, scanConsent); err != nil {
		return nil, fmt.Errorf("postgres: round consents: %w", err)
	}
	return round.UnmarshalSettingsFromDatabase(k, v, updatedAt)
}

func scanConsent(r pgx.CollectableRow) (school.ConsentItem, error) {
	var c school.ConsentItem
	return c, r.Scan(&c.Code, &c.TitleKo, &c.TitleEn, &c.BodyKo, &c.BodyEn, &c.Version)
}

// stepsColumn is a round's own step list as stored: NULL for the school's.
func stepsColumn(steps []application.Status) any {
	if steps == nil {
		return nil
	}
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = string(s)
	}
	return out
}

// statuses reads a stored step list; nil (NULL) stays nil.
func statuses(list []string) []application.Status {
	if list == nil {
		return nil
	}
	out := make([]application.Status, len(list))
	for i, s := range list {
		out[i] = application.Status(s)
	}
	return out
}

// Create stores a new round.
func (s Rounds) Create(ctx context.Context, st *round.Settings) error {
	k, v := st.Key(), st.Values()
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		_, err := s.DB.exec(ctx, Builder.Insert("recruit_part").Columns("school_code", "enter_year", "recruit_part_seq", "kor_name", "eng_name",
			"detail_remk_kor", "detail_remk_eng", "fee_krw", "fee_usd", "letters_asked", "appl_id_rule", "slip_notice_kor", "slip_notice_eng", "steps", "competition_hidden").
			Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq, v.KorName, v.EngName, v.RemkKor, v.RemkEng, v.FeeKrw, v.FeeUsd,
				v.LettersAsked, v.ApplIDRule, v.SlipNoticeKor, v.SlipNoticeEng, stepsColumn(v.Steps), v.CompetitionHidden))
		if IsUniqueViolation(err, "recruit_part_pkey") {
			var f apperr.Fields
			f.Add("recruitPartSeq", round.CodeExists)
			return f.Err()
		}
		if err != nil {
			return fmt.Errorf("postgres: create round: %w", err)
		}
		return s.writeChildren(ctx, k, v, nil, nil)
	})
}

// Update locks the round row, calls fn with the round as stored and
// writes back what fn changed.
func (s Rounds) Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, st *round.Settings) error) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		var one int
		err := s.DB.queryRow(ctx, Builder.Select("1").From("recruit_part").Where(roundWhere(k)).Suffix("FOR UPDATE")).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound(round.CodeNotFound)
		}
		if err != nil {
			return fmt.Errorf("postgres: lock round: %w", err)
		}
		st, err := s.Get(ctx, k)
		if err != nil {
			return err
		}
		stored := st.Parts()
		if err := fn(ctx, st); err != nil {
			return err
		}
		if !st.Changed() {
			return nil
		}
		v := st.Values()
		if _, err := s.DB.exec(ctx, Builder.Update("recruit_part").Where(roundWhere(k)).SetMap(map[string]any{
			"kor_name": v.KorName, "eng_name": v.EngName, "detail_remk_kor": v.RemkKor, "detail_remk_eng": v.RemkEng,
			"fee_krw": v.FeeKrw, "fee_usd": v.FeeUsd, "letters_asked": v.LettersAsked,
			"appl_id_rule": v.ApplIDRule, "slip_notice_kor": v.SlipNoticeKor, "slip_notice_eng": v.SlipNoticeEng,
			"steps": stepsColumn(v.Steps), "competition_hidden": v.CompetitionHidden, "updated_at": sq.Expr("now()"),
		})); err != nil {
			return fmt.Errorf("postgres: update round: %w", err)
		}
		return s.writeChildren(ctx, k, v, stored, st.Retired())
	})
}

// writeChildren replaces windows, document items and consents, and merges
// the parts (stored ones kept by number; removed ones were checked unused
// by core).
func (s Rounds) writeChildren(ctx context.Context, k application.RoundKey, st round.Values, stored []round.Part, retired []school.ConsentItem) error {
	wrap := func(what string, err error) error { return fmt.Errorf("postgres: round %s: %w", what, err) }
	if err := PaySettings(s).PutSettings(ctx, k.SchoolCode, k.EnterYear, k.RecruitPartSeq,
		payment.Settings{PayTypes: st.PayTypes, Channels: st.PayChannels}); err != nil {
		return err
	}
	if _, err := s.DB.exec(ctx, Builder.Delete("recruit_window").Where(roundWhere(k))); err != nil {
		return wrap("windows", err)
	}
	for _, w := range st.Windows {
		b, err := w.Bounds()
		if err != nil {
			return err
		}
		if _, err := s.DB.exec(ctx, Builder.Insert("recruit_window").Columns("school_code", "enter_year", "recruit_part_seq", "window_type", "starts_at", "ends_at").
			Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq, string(w.Kind), b.Start, b.End)); err != nil {
			return wrap("windows", err)
		}
	}
	keep := []int64{}
	for i, p := range st.Parts {
		if p.ApplPartNo != 0 && containsPart(stored, p.ApplPartNo) {
			keep = append(keep, p.ApplPartNo)
			if _, err := s.DB.exec(ctx, Builder.Update("recruit_part_major").Where(sq.Eq{"appl_part_no": p.ApplPartNo}).SetMap(map[string]any{
				"major_code": p.MajorCode, "is_master": p.IsMaster, "detail_remk_kor": p.RemkKor, "detail_remk_eng": p.RemkEng,
				"add_certificate_count": p.AddCertificateCount, "quota": p.Quota, "seq": i + 1})); err != nil {
				return wrap("parts", err)
			}
		}
	}
	del := Builder.Delete("recruit_part_major").Where(roundWhere(k))
	if len(keep) > 0 {
		del = del.Where(sq.NotEq{"appl_part_no": keep})
	}
	if _, err := s.DB.exec(ctx, del); err != nil {
		return wrap("parts", err)
	}
	for i, p := range st.Parts {
		if p.ApplPartNo != 0 && containsPart(stored, p.ApplPartNo) {
			continue
		}
		if _, err := s.DB.exec(ctx, Builder.Insert("recruit_part_major").Columns("school_code", "enter_year", "recruit_part_seq", "major_code", "is_master",
			"detail_remk_kor", "detail_remk_eng", "add_certificate_count", "quota", "seq").
			Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq, p.MajorCode, p.IsMaster, p.RemkKor, p.RemkEng, p.AddCertificateCount, p.Quota, i+1)); err != nil {
			return wrap("parts", err)
		}
	}
	if _, err := s.DB.exec(ctx, Builder.Delete("doc_item").Where(roundWhere(k))); err != nil {
		return wrap("documents", err)
	}
	for _, d := range st.Documents {
		if _, err := s.DB.exec(ctx, Builder.Insert("doc_item").Columns("school_code", "enter_year", "recruit_part_seq", "item_code", "grp_code",
			"grp_kor_name", "grp_eng_name", "kor_name", "eng_name", "required", "extensions", "max_size", "seq").
			Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq, d.ItemCode, d.GrpCode, d.GrpKorName, d.GrpEngName, d.KorName, d.EngName,
				d.Required, d.Extensions, d.MaxSize, d.Seq)); err != nil {
			return wrap("documents", err)
		}
	}
	for _, c := range retired {
		if _, err := s.DB.exec(ctx, Builder.Insert("consent_item_version").Columns("school_code", "enter_year", "recruit_part_seq", "code", "version",
			"title_ko", "title_en", "body_ko", "body_en").
			Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq, c.Code, c.Version, c.TitleKo, c.TitleEn, c.BodyKo, c.BodyEn).
			Suffix("ON CONFLICT DO NOTHING")); err != nil {
			return wrap("consent history", err)
		}
	}
	if _, err := s.DB.exec(ctx, Builder.Delete("consent_item").Where(roundWhere(k))); err != nil {
		return wrap("consents", err)
	}
	for i, c := range st.Consents {
		if _, err := s.DB.exec(ctx, Builder.Insert("consent_item").Columns("school_code", "enter_year", "recruit_part_seq", "code",
			"title_ko", "title_en", "body_ko", "body_en", "version", "seq").
			Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq, c.Code, c.TitleKo, c.TitleEn, c.BodyKo, c.BodyEn, c.Version, i+1)); err != nil {
			return wrap("consents", err)
		}
	}
	return nil
}

func containsPart(ps []round.Part, no int64) bool {
	for _, p := range ps {
		if p.ApplPartNo == no {
			return true
		}
	}
	return false
}

// Majors lists the school's majors.
func (s Rounds) Majors(ctx context.Context, schoolCode string) ([]round.Major, error) {
	rows, err := s.DB.query(ctx, Builder.Select("major_code", "kor_name", "eng_name", "video_essay").From("school_major").
		Where(sq.Eq{"school_code": schoolCode}).OrderBy("seq", "major_code"))
	if err != nil {
		return nil, fmt.Errorf("postgres: majors: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (round.Major, error) {
		var m round.Major
		return m, r.Scan(&m.Code, &m.KorName, &m.EngName, &m.VideoEssay)
	})
}

// PartsInUse answers the parts of the round applications chose.
func (s Rounds) PartsInUse(ctx context.Context, k application.RoundKey) (map[int64]bool, error) {
	rows, err := s.DB.query(ctx, Builder.Select("DISTINCT ap.appl_part_no").From("application_part ap").
		Join("recruit_part_major p ON p.appl_part_no = ap.appl_part_no").
		Where(sq.Eq{"p.school_code": k.SchoolCode, "p.enter_year": k.EnterYear, "p.recruit_part_seq": k.RecruitPartSeq}))
	if err != nil {
		return nil, fmt.Errorf("postgres: parts in use: %w", err)
	}
	nos, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	out := map[int64]bool{}
	for _, n := range nos {
		out[n] = true
	}
	return out, err
}

// ConsentInUse reports whether an application of the round accepted the version.
func (s Rounds) ConsentInUse(ctx context.Context, k application.RoundKey, code, version string) (bool, error) {
	var used bool
	err := s.DB.queryRow(ctx, Builder.Select().Column(sq.Expr("EXISTS (SELECT 1 FROM appl_consent c JOIN application a USING (appl_no) "+
		"WHERE a.school_code = ? AND a.enter_year = ? AND a.recruit_part_seq = ? AND c.code = ? AND c.version = ?::date)",
		k.SchoolCode, k.EnterYear, k.RecruitPartSeq, code, version))).Scan(&used)
	if err != nil {
		return false, fmt.Errorf("postgres: consent in use: %w", err)
	}
	return used, nil
}

// AcceptedConsents answers the texts of the accepted versions: the round's
// then the school's, current or kept in the history.
func (s Rounds) AcceptedConsents(ctx context.Context, k application.RoundKey, acc []school.Acceptance) ([]school.ConsentItem, error) {
	var out []school.ConsentItem
	for _, a := range acc {
		q := "SELECT code, title_ko, title_en, body_ko, body_en, to_char(version, 'YYYY-MM-DD') FROM (" +
			"SELECT code, title_ko, title_en, body_ko, body_en, version, enter_year FROM consent_item WHERE school_code = $1 AND ((enter_year = $2 AND recruit_part_seq = $3) OR enter_year = 0) AND code = $4 AND version = $5::date " +
			"UNION ALL SELECT code, title_ko, title_en, body_ko, body_en, version, enter_year FROM consent_item_version WHERE school_code = $1 AND ((enter_year = $2 AND recruit_part_seq = $3) OR enter_year = 0) AND code = $4 AND version = $5::date" +
			") x ORDER BY enter_year DESC LIMIT 1"
		rows, err := s.DB.q(ctx).Query(ctx, q, k.SchoolCode, k.EnterYear, k.RecruitPartSeq, a.Code, a.Version)
		if err != nil {
			return nil, fmt.Errorf("postgres: accepted consents: %w", err)
		}
		list, err := pgx.CollectRows(rows, scanConsent)
		if err != nil {
			return nil, fmt.Errorf("postgres: accepted consents: %w", err)
		}
		out = append(out, list...)
	}
	return out, nil
}

// ConsentHistory answers the earlier consent versions kept for a round's
// own items, or for the school's (k.EnterYear 0).
func (s Rounds) ConsentHistory(ctx context.Context, k application.RoundKey) ([]school.ConsentItem, error) {
	rows, err := s.DB.query(ctx, Builder.Select("code", "title_ko", "title_en", "body_ko", "body_en", "to_char(version, 'YYYY-MM-DD')").
		From("consent_item_version").Where(roundWhere(k)).OrderBy("code", "version DESC"))
	if err != nil {
		return nil, fmt.Errorf("postgres: consent history: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanConsent)
	if err != nil {
		return nil, fmt.Errorf("postgres: consent history: %w", err)
	}
	return list, nil
}

// LockNumbers takes the round's exam-number counter row lock (completions
// take the same lock with UPDATE ... RETURNING, ExamNumbers.Next).
func (s Rounds) LockNumbers(ctx context.Context, k application.RoundKey) error {
	if _, err := s.DB.exec(ctx, Builder.Insert("appl_id_counter").Columns("school_code", "enter_year", "recruit_part_seq").
		Values(k.SchoolCode, k.EnterYear, k.RecruitPartSeq).Suffix("ON CONFLICT DO NOTHING")); err != nil {
		return fmt.Errorf("postgres: lock numbers: %w", err)
	}
	var n int
	if err := s.DB.queryRow(ctx, Builder.Select("last_seq").From("appl_id_counter").Where(roundWhere(k)).Suffix("FOR UPDATE")).Scan(&n); err != nil {
		return fmt.Errorf("postgres: lock numbers: %w", err)
	}
	return nil
}

// InFlight counts applications waiting on a payment.
func (s Rounds) InFlight(ctx context.Context, k application.RoundKey) (int, error) {
	var n int
	err := s.DB.queryRow(ctx, Builder.Select("count(*)").From("application a").Where(roundWhere(k)).
		Where(sq.Or{sq.Eq{"a.status": "VBANK_ISSUE"}, sq.Expr("(SELECT am.in_flight FROM appl_money am WHERE am.appl_no = a.appl_no)")})).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: payments in flight: %w", err)
	}
	return n, nil
}

// Completions lists the round's COMPLETE applications in completion order.
func (s Rounds) Completions(ctx context.Context, k application.RoundKey) ([]round.Completion, error) {
	rows, err := s.DB.query(ctx, Builder.Select("a.appl_no", "coalesce(a.user_id, '')", "coalesce(a.appl_id, '')", "coalesce(p.major_code, '')",
		"coalesce(p.category_code, '')", "coalesce(a.completed_at, a.updated_at)").
		From("application a").LeftJoin("application_part p ON p.appl_no = a.appl_no AND p.choice_seq = 1").
		Where(sq.Eq{"a.school_code": k.SchoolCode, "a.enter_year": k.EnterYear, "a.recruit_part_seq": k.RecruitPartSeq, "a.status": "COMPLETE"}).
		OrderBy("coalesce(a.completed_at, a.updated_at)", "a.appl_no"))
	if err != nil {
		return nil, fmt.Errorf("postgres: completions: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (round.Completion, error) {
		var c round.Completion
		var at time.Time
		err := r.Scan(&c.ApplNo, &c.UserID, &c.ApplID, &c.MajorCode, &c.CategoryCode, &at)
		c.CompletedAt = at
		return c, err
	})
}

// Renumber stores the new numbers: all of the round's are cleared first,
// so a new number may equal another application's old one.
func (s Rounds) Renumber(ctx context.Context, k application.RoundKey, ids map[int64]string, rule string) error {
	if _, err := s.DB.exec(ctx, Builder.Update("application").Set("appl_id", nil).Where(roundWhere(k)).Where(sq.NotEq{"appl_id": nil})); err != nil {
		return fmt.Errorf("postgres: renumber: %w", err)
	}
	for no, id := range ids {
		if _, err := s.DB.exec(ctx, Builder.Update("application").Set("appl_id", id).Where(sq.Eq{"appl_no": no})); err != nil {
			return fmt.Errorf("postgres: renumber: %w", err)
		}
	}
	if _, err := s.DB.exec(ctx, Builder.Update("appl_id_counter").Set("last_seq", len(ids)).Where(roundWhere(k))); err != nil {
		return fmt.Errorf("postgres: renumber: %w", err)
	}
	if _, err := s.DB.exec(ctx, Builder.Update("recruit_part").Set("appl_id_rule", rule).Set("updated_at", sq.Expr("now()")).Where(roundWhere(k))); err != nil {
		return fmt.Errorf("postgres: renumber: %w", err)
	}
	return nil
}

// School answers a school's settings.
func (s Rounds) School(ctx context.Context, code string) (round.SchoolSettings, error) {
	x := round.SchoolSettings{SchoolCode: code, PassportNone: "N/A", VisaNone: school.VisaNone, ExtraDocuments: true}
	err := s.DB.queryRow(ctx, Builder.Select("kor_name", "eng_name", "slug", "color", "logo_url", "contact_email", "contact_phone").
		From("school").Where(sq.Eq{"school_code": code})).Scan(&x.KorName, &x.EngName, &x.Slug, &x.Color, &x.LogoURL, &x.ContactEmail, &x.ContactPhone)
	if errors.Is(err, pgx.ErrNoRows) {
		return x, apperr.NotFound(round.CodeSchoolNotFound)
	}
	if err != nil {
		return x, fmt.Errorf("postgres: school: %w", err)
	}
	err = s.DB.queryRow(ctx, Builder.Select("refused_nationalities", "passport_none", "visa_none", "etc_document").From("school_setting").
		Where(sq.Eq{"school_code": code})).Scan(&x.RefusedNationalities, &x.PassportNone, &x.VisaNone, &x.ExtraDocuments)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return x, fmt.Errorf("postgres: school settings: %w", err)
	}
	if x.RefusedNationalities == nil {
		x.RefusedNationalities = []string{}
	}
	rows, err := s.DB.query(ctx, Builder.Select("step").From("school_step").Where(sq.Eq{"school_code": code}))
	if err != nil {
		return x, fmt.Errorf("postgres: school steps: %w", err)
	}
	have, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return x, fmt.Errorf("postgres: school steps: %w", err)
	}
	x.Steps = []application.Status{}
	for _, st := range application.OptionalSteps {
		for _, h := range have {
			if string(st) == h {
				x.Steps = append(x.Steps, st)
			}
		}
	}
	if x.Majors, err = s.Majors(ctx, code); err != nil {
		return x, err
	}
	x.VideoEssayMajors = []string{}
	for _, m := range x.Majors {
		if m.VideoEssay {
			x.VideoEssayMajors = append(x.VideoEssayMajors, m.Code)
		}
	}
	return x, nil
}

// SaveSchool writes a school's settings.
func (s Rounds) SaveSchool(ctx context.Context, x round.SchoolSettings) error {
	return s.DB.InTx(ctx, func(ctx context.Context) error {
		wrap := func(err error) error { return fmt.Errorf("postgres: save school: %w", err) }
		if _, err := s.DB.exec(ctx, Builder.Update("school").Where(sq.Eq{"school_code": x.SchoolCode}).SetMap(map[string]any{
			"kor_name": x.KorName, "eng_name": x.EngName, "color": x.Color, "logo_url": x.LogoURL,
			"contact_email": x.ContactEmail, "contact_phone": x.ContactPhone})); err != nil {
			return wrap(err)
		}
		if _, err := s.DB.exec(ctx, Builder.Insert("school_setting").Columns("school_code", "refused_nationalities", "passport_none", "visa_none", "etc_document").
			Values(x.SchoolCode, x.RefusedNationalities, x.PassportNone, x.VisaNone, x.ExtraDocuments).
			Suffix("ON CONFLICT (school_code) DO UPDATE SET refused_nationalities = EXCLUDED.refused_nationalities, passport_none = EXCLUDED.passport_none, "+
				"visa_none = EXCLUDED.visa_none, etc_document = EXCLUDED.etc_document")); err != nil {
			return wrap(err)
		}
		if _, err := s.DB.exec(ctx, Builder.Delete("school_step").Where(sq.Eq{"school_code": x.SchoolCode})); err != nil {
			return wrap(err)
		}
		for _, st := range x.Steps {
			if _, err := s.DB.exec(ctx, Builder.Insert("school_step").Columns("school_code", "step").Values(x.SchoolCode, string(st))); err != nil {
				return wrap(err)
			}
		}
		if _, err := s.DB.exec(ctx, Builder.Update("school_major").Set("video_essay", sq.Expr("major_code = ANY(?)", x.VideoEssayMajors)).
			Where(sq.Eq{"school_code": x.SchoolCode})); err != nil {
			return wrap(err)
		}
		return nil
	})
}
