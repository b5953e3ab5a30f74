package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/decision"
)

// Decisions stores applications' decisions (decision).
type Decisions struct{ DB *DB }

// Releases stores the rounds' releases (decision_release).
type Releases struct{ DB *DB }

var (
	_ decision.Decisions = Decisions{}
	_ decision.Releases  = Releases{}
)

var decisionSelect = Builder.Select("appl_no", "user_id", "school_code", "enter_year", "recruit_part_seq", "kind", "rank",
	"decided_by", "decided_at", "mailed_at").From("decision")

func scanDecision(row pgx.Row) (decision.Decision, error) {
	var d decision.Data
	var kind string
	if err := row.Scan(&d.ApplNo, &d.UserID, &d.Round.SchoolCode, &d.Round.EnterYear, &d.Round.RecruitPartSeq, &kind, &d.Rank,
		&d.DecidedBy, &d.DecidedAt, &d.MailedAt); err != nil {
		return decision.Decision{}, err
	}
	d.Kind = decision.Kind(kind)
	return decision.UnmarshalDecisionFromDatabase(d)
}

var decisionRows = aggregateRows[decision.Decision]{table: "decision", what: "decision", sel: decisionSelect,
	scan: scanDecision, notFound: decision.CodeNoDecision, values: plainValues(outcomeValues)}

func outcomeValues(d decision.Decision) map[string]any {
	x := d.Data()
	return map[string]any{"kind": string(x.Kind), "rank": x.Rank, "decided_by": x.DecidedBy, "decided_at": x.DecidedAt,
		"mailed_at": x.MailedAt}
}

// Create stores a new decision.
func (s Decisions) Create(ctx context.Context, d decision.Decision) error {
	v := outcomeValues(d)
	k := d.Round()
	v["appl_no"], v["user_id"], v["school_code"], v["enter_year"], v["recruit_part_seq"] = d.ApplNo(), d.UserID(), k.SchoolCode,
		k.EnterYear, k.RecruitPartSeq
	if _, err := s.DB.exec(ctx, Builder.Insert("decision").SetMap(v)); err != nil {
		if IsUniqueViolation(err, "decision_pkey") {
			return apperr.Conflict(decision.CodeExists)
		}
		return fmt.Errorf("postgres: create decision: %w", err)
	}
	return nil
}

// Get answers an application's decision.
func (s Decisions) Get(ctx context.Context, applNo int64) (decision.Decision, error) {
	return decisionRows.get(ctx, s.DB, decisionSelect.Where(sq.Eq{"appl_no": applNo}))
}

// Update locks one decision's row for fn and writes it back.
func (s Decisions) Update(ctx context.Context, applNo int64, fn func(ctx context.Context, d *decision.Decision) error) error {
	return decisionRows.update(ctx, s.DB, sq.Eq{"appl_no": applNo}, fn)
}

// ForRound lists a round's decisions.
func (s Decisions) ForRound(ctx context.Context, k application.RoundKey) ([]decision.Decision, error) {
	return decisionRows.list(ctx, s.DB, decisionSelect.Where(roundWhere(k)).OrderBy("appl_no"))
}

// MailBatch locks up to limit unmailed decisions of the round (SKIP
// LOCKED: two workers never take the same one) for fn.
func (s Decisions) MailBatch(ctx context.Context, k application.RoundKey, limit int, fn func(ctx context.Context, list []*decision.Decision) error) (int, error) {
	var n int
	err := s.DB.InTx(ctx, func(ctx context.Context) error {
		due, err := decisionRows.list(ctx, s.DB, decisionSelect.Where(roundWhere(k)).Where("mailed_at IS NULL").OrderBy("appl_no").
			Limit(u64(limit)).Suffix("FOR UPDATE SKIP LOCKED"))
		if err != nil {
			return err
		}
		if n = len(due); n == 0 {
			return nil
		}
		ptrs := make([]*decision.Decision, n)
		for i := range due {
			ptrs[i] = &due[i]
		}
		if err := fn(ctx, ptrs); err != nil {
			return err
		}
		for _, d := range due {
			if err := decisionRows.write(ctx, s.DB, sq.Eq{"appl_no": d.ApplNo()}, d); err != nil {
				return fmt.Errorf("postgres: mark decision mailed: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

var releaseSelect = Builder.Select("school_code", "enter_year", "recruit_part_seq", "release_at", "messages", "set_by", "set_at").
	From("decision_release")

// messageJSON is a release message as decision_release.messages holds it.
type messageJSON struct {
	Ko string `json:"ko"`
	En string `json:"en"`
}

func scanRelease(row pgx.Row) (decision.Release, error) {
	var d decision.ReleaseData
	var raw []byte
	if err := row.Scan(&d.Round.SchoolCode, &d.Round.EnterYear, &d.Round.RecruitPartSeq, &d.At, &raw, &d.SetBy, &d.SetAt); err != nil {
		return decision.Release{}, err
	}
	var m map[string]messageJSON
	if err := json.Unmarshal(raw, &m); err != nil {
		return decision.Release{}, fmt.Errorf("postgres: release messages: %w", err)
	}
	d.Messages = map[decision.Kind]decision.Message{}
	for k, v := range m {
		d.Messages[decision.Kind(k)] = decision.Message(v)
	}
	return decision.UnmarshalReleaseFromDatabase(d)
}

var releaseRows = aggregateRows[decision.Release]{table: "decision_release", what: "release", sel: releaseSelect,
	scan: scanRelease, notFound: decision.CodeNoRelease, values: releaseValues}

func releaseValues(r decision.Release) (map[string]any, error) {
	d := r.Data()
	m := map[string]messageJSON{}
	for k, v := range d.Messages {
		m[string(k)] = messageJSON(v)
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return map[string]any{"release_at": d.At, "messages": raw, "set_by": d.SetBy, "set_at": d.SetAt}, nil
}

// Create stores a round's first release.
func (s Releases) Create(ctx context.Context, r decision.Release) error {
	v, err := releaseValues(r)
	if err != nil {
		return err
	}
	k := r.Round()
	v["school_code"], v["enter_year"], v["recruit_part_seq"] = k.SchoolCode, k.EnterYear, k.RecruitPartSeq
	if _, err := s.DB.exec(ctx, Builder.Insert("decision_release").SetMap(v)); err != nil {
		if IsUniqueViolation(err, "decision_release_pkey") {
			return apperr.Conflict(decision.CodeReleaseExists)
		}
		return fmt.Errorf("postgres: create release: %w", err)
	}
	return nil
}

// Get answers a round's release.
func (s Releases) Get(ctx context.Context, k application.RoundKey) (decision.Release, error) {
	return releaseRows.get(ctx, s.DB, releaseSelect.Where(roundWhere(k)))
}

// Update locks a round's release row for fn and writes it back.
func (s Releases) Update(ctx context.Context, k application.RoundKey, fn func(ctx context.Context, r *decision.Release) error) error {
	return releaseRows.update(ctx, s.DB, roundWhere(k), fn)
}

// Due lists the released rounds with decisions not yet mailed.
func (s Releases) Due(ctx context.Context, now time.Time) ([]application.RoundKey, error) {
	rows, err := s.DB.query(ctx, Builder.Select("r.school_code", "r.enter_year", "r.recruit_part_seq").From("decision_release r").
		Where("r.release_at <= ?", now).
		Where(`EXISTS (SELECT 1 FROM decision d WHERE d.school_code = r.school_code AND d.enter_year = r.enter_year
			AND d.recruit_part_seq = r.recruit_part_seq AND d.mailed_at IS NULL)`).
		OrderBy("r.school_code", "r.enter_year", "r.recruit_part_seq"))
	if err != nil {
		return nil, fmt.Errorf("postgres: due releases: %w", err)
	}
	defer rows.Close()
	var out []application.RoundKey
	for rows.Next() {
		var k application.RoundKey
		if err := rows.Scan(&k.SchoolCode, &k.EnterYear, &k.RecruitPartSeq); err != nil {
			return nil, fmt.Errorf("postgres: due releases: %w", err)
		}
		out = append(out, k)
	}
	return out, rows.Err()
}
