-- +goose Up
-- 경쟁률 (issue 21 item 3): how many each part of a round admits, set
-- against its applicants on the public competition page, and a round's
-- choice to keep off that page.
ALTER TABLE recruit_part_major ADD COLUMN quota integer NOT NULL DEFAULT 0 CHECK (quota BETWEEN 0 AND 9999);
ALTER TABLE recruit_part ADD COLUMN competition_hidden boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE recruit_part DROP COLUMN competition_hidden;
ALTER TABLE recruit_part_major DROP COLUMN quota;
