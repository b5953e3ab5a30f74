-- +goose Up
-- Support tools (issue 23): the mails sent to a member are read from the
-- outbox. A mail row names its account (recipient_pk: the account the use
-- case queued it for, else the live account using the address), its kind
-- and its address masked, so the list outlives the payload, which is
-- cleared once relayed. kept is the payload of a mail without a secret,
-- for a resend; a mail with a secret (mail_secret) is never kept. The
-- worker notes what the mail server did: delivered_at when it took the
-- mail, send_attempts and send_error when it did not.
ALTER TABLE outbox
    ADD COLUMN recipient_pk  bigint,
    ADD COLUMN mail_kind     text,
    ADD COLUMN mail_to       text,
    ADD COLUMN mail_secret   boolean NOT NULL DEFAULT false,
    ADD COLUMN kept          jsonb,
    ADD COLUMN delivered_at  timestamptz,
    ADD COLUMN send_attempts integer NOT NULL DEFAULT 0,
    ADD COLUMN send_error    text;
CREATE INDEX outbox_recipient_idx ON outbox (recipient_pk, id) WHERE recipient_pk IS NOT NULL;

-- +goose Down
DROP INDEX outbox_recipient_idx;
ALTER TABLE outbox DROP COLUMN send_error, DROP COLUMN send_attempts, DROP COLUMN delivered_at, DROP COLUMN kept, DROP COLUMN mail_secret, DROP COLUMN mail_to, DROP COLUMN mail_kind, DROP COLUMN recipient_pk;
