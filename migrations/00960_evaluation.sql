-- +goose Up
-- Evaluation (issue 23 item 2). A round's rubric: its criteria (key,
-- names ko/en, weight, score range) as JSON, locked at the first
-- submitted sheet. A sheet is one reviewer's evaluation of one
-- application, and is the assignment itself: the row exists from the
-- assignment on, its scores are a draft until submitted_at is set.
CREATE TABLE eval_rubric (
    school_code      text NOT NULL,
    enter_year       integer NOT NULL,
    recruit_part_seq integer NOT NULL,
    criteria         jsonb NOT NULL,
    locked_at        timestamptz,
    updated_by       text NOT NULL,
    updated_at       timestamptz NOT NULL,
    PRIMARY KEY (school_code, enter_year, recruit_part_seq),
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part ON DELETE CASCADE
);

CREATE TABLE eval_sheet (
    appl_no          bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    reviewer_id      text NOT NULL,
    school_code      text NOT NULL,
    enter_year       integer NOT NULL,
    recruit_part_seq integer NOT NULL,
    assigned_by      text NOT NULL,
    assigned_at      timestamptz NOT NULL,
    scores           jsonb NOT NULL DEFAULT '{}',
    comment          text NOT NULL DEFAULT '',
    saved_at         timestamptz,
    submitted_at     timestamptz,
    PRIMARY KEY (appl_no, reviewer_id)
);
CREATE INDEX eval_sheet_round_idx ON eval_sheet (school_code, enter_year, recruit_part_seq);
CREATE INDEX eval_sheet_reviewer_idx ON eval_sheet (reviewer_id);

-- +goose Down
DROP TABLE eval_sheet;
DROP TABLE eval_rubric;
