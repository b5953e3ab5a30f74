-- +goose Up
-- A round's own step list (issue 12 item 1, "the step list of the school or
-- round"): NULL means the school's list (school_step) applies.
ALTER TABLE recruit_part ADD COLUMN IF NOT EXISTS steps text[];

-- +goose Down
ALTER TABLE recruit_part DROP COLUMN steps;
