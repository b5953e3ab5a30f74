-- +goose Up
-- Applicants' refund requests (issue 18 item 6). A request is about one
-- paid attempt; it keeps what was paid and when (the receipt notice, from
-- which the withdrawal right's 7 days count), the applicant's reason and,
-- for a virtual account, the refund account (personal data: staff reads
-- are audited). Staff approve it through the staff refund (cancel_id is
-- the pay_cancel row) or deny it; answer is what the applicant reads, note
-- stays with staff. Kept with the payment records (deleted with them).
CREATE TABLE refund_request (
    id             bigserial PRIMARY KEY,
    payment_id     text NOT NULL REFERENCES pay_attempt ON DELETE CASCADE,
    appl_no        bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    user_id        text NOT NULL,
    school_code    text NOT NULL,
    pay_type       text NOT NULL,
    provider       text NOT NULL,
    currency       text NOT NULL CHECK (currency IN ('KRW','USD')),
    paid           bigint NOT NULL CHECK (paid >= 0),
    remaining      bigint NOT NULL CHECK (remaining >= 0),
    paid_at        timestamptz NOT NULL,
    reason         text NOT NULL,
    refund_account jsonb,
    state          text NOT NULL CHECK (state IN ('pending','approved','denied')),
    created_at     timestamptz NOT NULL,
    decided_at     timestamptz,
    decided_by     text NOT NULL DEFAULT '',
    answer         text NOT NULL DEFAULT '',
    note           text NOT NULL DEFAULT '',
    refunded       bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
    cancel_id      text NOT NULL DEFAULT '',
    CHECK ((state = 'pending') = (decided_at IS NULL))
);
-- One request awaiting an answer per payment.
CREATE UNIQUE INDEX refund_request_open_idx ON refund_request (payment_id) WHERE state = 'pending';
CREATE INDEX refund_request_user_idx ON refund_request (user_id, created_at);
CREATE INDEX refund_request_state_idx ON refund_request (state, created_at);
CREATE INDEX refund_request_appl_idx ON refund_request (appl_no);

-- Each school's refund rule, shown on the request form; system admins edit it.
CREATE TABLE refund_rule (
    school_code text PRIMARY KEY REFERENCES school ON DELETE CASCADE,
    text_ko     text NOT NULL DEFAULT '',
    text_en     text NOT NULL DEFAULT '',
    updated_by  text NOT NULL,
    updated_at  timestamptz NOT NULL
);

-- +goose Down
DROP TABLE refund_rule;
DROP TABLE refund_request;
