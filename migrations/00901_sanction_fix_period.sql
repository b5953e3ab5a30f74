-- +goose Up
-- The 10-day fix period of a LIMIT (spec section 4, issue 13): staff mark it
-- FIXED, or the scheduled job ENDED the membership when it ran out. A
-- resolved row is never picked again, so the job is idempotent.
ALTER TABLE user_sanction
    ADD COLUMN resolved_at timestamptz,
    ADD COLUMN resolution text CHECK (resolution IN ('FIXED','ENDED')),
    ADD CONSTRAINT user_sanction_resolution CHECK ((resolved_at IS NULL) = (resolution IS NULL));
CREATE INDEX user_sanction_open_limit_idx ON user_sanction (fix_by) WHERE kind = 'LIMIT' AND resolved_at IS NULL;

-- +goose Down
DROP INDEX user_sanction_open_limit_idx;
ALTER TABLE user_sanction DROP CONSTRAINT user_sanction_resolution, DROP COLUMN resolution, DROP COLUMN resolved_at;
