-- +goose Up
-- Following up refunds the provider answered pending (issue 10 follow-up):
-- when one was settled (succeeded or failed at the provider) and when
-- staff were alerted that it was still pending after 10 business days
-- (once). The job reads the pending ones.
ALTER TABLE pay_cancel ADD COLUMN settled_at timestamptz;
ALTER TABLE pay_cancel ADD COLUMN overdue_at timestamptz;
CREATE INDEX pay_cancel_pending_idx ON pay_cancel (at) WHERE pending;

-- +goose Down
DROP INDEX pay_cancel_pending_idx;
ALTER TABLE pay_cancel DROP COLUMN overdue_at;
ALTER TABLE pay_cancel DROP COLUMN settled_at;
