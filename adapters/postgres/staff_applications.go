package postgres

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"

	"github.com/gradapply/gradapply/core/application"
)

// StaffApplications lists applications for the back office.
type StaffApplications struct{ DB *DB }

var _ application.StaffStore = StaffApplications{}

var staffSortColumns = map[string]string{
	"applNo": "a.appl_no", "applId": "a.appl_id", "applicantName": "a.applicant_name", "userId": "a.user_id",
	"status": "a.status", "createdAt": "a.created_at", "updatedAt": "a.updated_at",
}

// ListApplications answers one page of applications and the total.
func (s StaffApplications) ListApplications(ctx context.Context, q application.StaffQuery) ([]application.StaffRow, int, error) {
	where := sq.And{}
	if q.School != "" {
		where = append(where, sq.Eq{"a.school_code": q.School})
	}
	if q.SchoolCode != "" {
		where = append(where, sq.Eq{"a.school_code": q.SchoolCode})
	}
	if q.EnterYear != 0 {
		where = append(where, sq.Eq{"a.enter_year": q.EnterYear})
	}
	if q.RecruitPartSeq != 0 {
		where = append(where, sq.Eq{"a.recruit_part_seq": q.RecruitPartSeq})
	}
	if q.Status != "" {
		where = append(where, sq.Or{sq.And{sq.Eq{"a.is_reviewing": false}, sq.Eq{"a.status": q.Status}},
			sq.And{sq.Eq{"a.is_reviewing": true}, sq.Eq{"a.review_status": q.Status}}})
	}
	if q.UserID != "" {
		where = append(where, sq.Eq{"a.user_id": q.UserID})
	}
	if q.Search != "" {
		like := "%" + escapeLike(q.Search) + "%"
		where = append(where, sq.Or{sq.ILike{"a.applicant_name": like}, sq.ILike{"a.appl_id": like},
			sq.ILike{"a.user_id": like}, sq.ILike{"u.email": like}})
	}
	from := "application a LEFT JOIN app_user u ON u.id = a.user_pk"
	var total int
	if err := s.DB.queryRow(ctx, Builder.Select("count(*)").From(from).Where(where)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("postgres: count applications: %w", err)
	}
	col, ok := staffSortColumns[q.Sort]
	if !ok {
		col = "a.appl_no"
	}
	dir := " ASC"
	if q.Desc {
		dir = " DESC"
	}
	rows, err := s.DB.query(ctx, Builder.Select(applCols, "coalesce(u.email, '')", "sc.kor_name", "sc.eng_name",
		moneyCols).
		From(from).Join("school sc ON sc.school_code = a.school_code").Join("appl_money am ON am.appl_no = a.appl_no").Where(where).
		OrderBy(col+dir+" NULLS LAST", "a.appl_no"+dir).Offset(u64(q.Offset)).Limit(u64(q.Limit)))
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: list applications: %w", err)
	}
	defer rows.Close()
	out := []application.StaffRow{}
	for rows.Next() {
		var r application.StaffRow
		var mm moneyScan
		var st, rst string
		h := &r.Header
		if err := rows.Scan(&h.ApplNo, &h.UserID, &h.Round.SchoolCode, &h.Round.EnterYear, &h.Round.RecruitPartSeq, &h.ApplID,
			&st, &rst, &h.State.Reviewing, &h.ApplicantName, &h.CreatedAt, &h.UpdatedAt,
			&r.Email, &r.SchoolKorName, &r.SchoolEngName, &mm.paid, &mm.inFlight, &mm.method, &mm.currency, &mm.amount, &mm.refunded,
			&mm.paidAt, &mm.providerCancelled); err != nil {
			return nil, 0, fmt.Errorf("postgres: application row: %w", err)
		}
		h.State.Status, h.State.ReviewStatus = application.Status(st), application.Status(rst)
		r.Money = mm.money()
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// Money answers an application's money from the appl_money view.
func (s StaffApplications) Money(ctx context.Context, applNo int64) (application.Money, error) {
	var mm moneyScan
	err := s.DB.queryRow(ctx, Builder.Select(moneyCols).From("appl_money am").Where(sq.Eq{"am.appl_no": applNo})).
		Scan(&mm.paid, &mm.inFlight, &mm.method, &mm.currency, &mm.amount, &mm.refunded, &mm.paidAt, &mm.providerCancelled)
	if err != nil {
		return application.Money{}, missing(err, application.CodeNotFound, "postgres: application money")
	}
	return mm.money(), nil
}

// Dashboard counts a round's applications, and per day since since.
func (s StaffApplications) Dashboard(ctx context.Context, k application.RoundKey, since time.Time) (application.Dashboard, error) {
	d := application.Dashboard{ByStatus: map[application.Status]int{}}
	round := sq.Eq{"a.school_code": k.SchoolCode, "a.enter_year": k.EnterYear, "a.recruit_part_seq": k.RecruitPartSeq}
	rows, err := s.DB.query(ctx, Builder.Select("CASE WHEN a.is_reviewing THEN a.review_status ELSE a.status END", "count(*)",
		"count(*) FILTER (WHERE a.is_reviewing)",
		"count(*) FILTER (WHERE am.paid)").
		From("application a").Join("appl_money am ON am.appl_no = a.appl_no").Where(round).GroupBy("1"))
	if err != nil {
		return d, fmt.Errorf("postgres: dashboard: %w", err)
	}
	for rows.Next() {
		var st string
		var n, reviewing, paid int
		if err := rows.Scan(&st, &n, &reviewing, &paid); err != nil {
			rows.Close()
			return d, fmt.Errorf("postgres: dashboard row: %w", err)
		}
		d.ByStatus[application.Status(st)] = n
		d.Total += n
		d.Reviewing += reviewing
		d.Paid += paid
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return d, err
	}
	err = s.DB.queryRow(ctx, Builder.Select("count(*) FILTER (WHERE r.status <> '00040')", "count(*) FILTER (WHERE r.status = '00040')").
		From("recommend_request r").Join("application a ON a.appl_no = r.appl_no").
		Where(round).Where("NOT r.cancelled").Where(sq.NotEq{"a.status": string(application.Cancel)})).Scan(&d.LettersPending, &d.LettersCompleted)
	if err != nil {
		return d, fmt.Errorf("postgres: dashboard letters: %w", err)
	}
	day := func(col string) string { return "to_char(" + col + " AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD')" }
	rows, err = s.DB.query(ctx, Builder.Select("d", "sum(created)", "sum(completed)", "sum(paid)").FromSelect(
		Builder.Select(day("a.created_at")+" AS d", "1 AS created", "0 AS completed", "0 AS paid").From("application a").
			Where(round).Where(sq.GtOrEq{"a.created_at": since}).
			Suffix("UNION ALL SELECT "+day("a.completed_at")+", 0, 1, 0 FROM application a WHERE a.school_code = ? AND a.enter_year = ? AND a.recruit_part_seq = ? AND a.completed_at >= ?",
				k.SchoolCode, k.EnterYear, k.RecruitPartSeq, since).
			Suffix("UNION ALL SELECT "+day("am.paid_at")+", 0, 0, 1 FROM appl_money am JOIN application a ON a.appl_no = am.appl_no WHERE a.school_code = ? AND a.enter_year = ? AND a.recruit_part_seq = ? AND am.paid AND am.paid_at >= ?",
				k.SchoolCode, k.EnterYear, k.RecruitPartSeq, since), "x").
		GroupBy("d").OrderBy("d"))
	if err != nil {
		return d, fmt.Errorf("postgres: dashboard days: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c application.DayCount
		if err := rows.Scan(&c.Day, &c.Created, &c.Completions, &c.Payments); err != nil {
			return d, fmt.Errorf("postgres: dashboard day: %w", err)
		}
		d.Days = append(d.Days, c)
	}
	return d, rows.Err()
}
