-- +goose Up
-- A round closed early by closing staff (issue 13, ROLE_CLOSE_ADMIN): its
-- SUBMIT and COMPLETE windows end at closed_at (core applies it on load; the
-- stored windows are kept, so a system admin's reopen deletes the row).
-- The history of closes and reopens is in audit_log (round.close, round.reopen).
CREATE TABLE round_closure (
    school_code       text NOT NULL,
    enter_year        integer NOT NULL,
    recruit_part_seq  integer NOT NULL,
    closed_at         timestamptz NOT NULL,
    closed_by         text NOT NULL,
    reason            text NOT NULL,
    PRIMARY KEY (school_code, enter_year, recruit_part_seq),
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part ON DELETE CASCADE
);

-- +goose Down
DROP TABLE round_closure;
