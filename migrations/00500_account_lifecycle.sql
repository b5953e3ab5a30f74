-- +goose Up
-- Account lifecycle (issue 14): a phone number on My Info, when an account
-- was closed (withdrawal or dormancy), and when an application's personal
-- parts were removed at the end of its retention period.
ALTER TABLE app_user ADD COLUMN phone text;
ALTER TABLE app_user ADD COLUMN closed_at timestamptz;
CREATE INDEX app_user_dormancy_idx ON app_user (coalesce(last_login_at, created_at)) WHERE status <> 'WITHDRAW';
ALTER TABLE application ADD COLUMN anonymised_at timestamptz;

-- +goose Down
ALTER TABLE application DROP COLUMN anonymised_at;
DROP INDEX app_user_dormancy_idx;
ALTER TABLE app_user DROP COLUMN closed_at;
ALTER TABLE app_user DROP COLUMN phone;
