-- +goose Up
-- Decisions and their release (issue 23 item 3). One decision per
-- application (admit, waitlist with its rank, reject); mailed_at is set
-- when its result mail is queued at the release. A round's release is the
-- time results are published and the school's message per decision
-- (ko/en, as JSON keyed by decision). The rejected applicants' retention
-- (1 year, seed section 9) runs from the release time.
CREATE TABLE decision (
    appl_no          bigint PRIMARY KEY REFERENCES application ON DELETE CASCADE,
    user_id          text NOT NULL,
    school_code      text NOT NULL,
    enter_year       integer NOT NULL,
    recruit_part_seq integer NOT NULL,
    kind             text NOT NULL CHECK (kind IN ('admit','waitlist','reject')),
    rank             integer NOT NULL DEFAULT 0,
    decided_by       text NOT NULL,
    decided_at       timestamptz NOT NULL,
    mailed_at        timestamptz,
    CHECK ((kind = 'waitlist') = (rank > 0))
);
CREATE INDEX decision_round_idx ON decision (school_code, enter_year, recruit_part_seq, appl_no);
CREATE INDEX decision_unmailed_idx ON decision (school_code, enter_year, recruit_part_seq) WHERE mailed_at IS NULL;

CREATE TABLE decision_release (
    school_code      text NOT NULL,
    enter_year       integer NOT NULL,
    recruit_part_seq integer NOT NULL,
    release_at       timestamptz NOT NULL,
    messages         jsonb NOT NULL,
    set_by           text NOT NULL,
    set_at           timestamptz NOT NULL,
    PRIMARY KEY (school_code, enter_year, recruit_part_seq),
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part ON DELETE CASCADE
);

-- +goose Down
DROP TABLE decision_release;
DROP TABLE decision;
