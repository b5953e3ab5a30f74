-- +goose Up
-- Staff money pages (issue 10): manual payments (provider 'manual'), staff
-- cancellations and refunds, and closed settlement periods.
ALTER TABLE pay_attempt DROP CONSTRAINT pay_attempt_provider_check;
ALTER TABLE pay_attempt ADD CONSTRAINT pay_attempt_provider_check CHECK (provider IN ('portone','paypal','testpg','manual'));
CREATE INDEX pay_attempt_paid_idx ON pay_attempt (school_code, paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX pay_attempt_created_idx ON pay_attempt (school_code, created_at);

-- One row per staff cancel: type 00001 all, 00002 zero, 00003 partial;
-- amount refunded (0 for 00002); the refund account of a virtual-account
-- payment (personal data: reads are access-logged); the provider's answer.
CREATE TABLE pay_cancel (
    id                 text PRIMARY KEY,
    payment_id         text NOT NULL REFERENCES pay_attempt ON DELETE CASCADE,
    appl_no            bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    school_code        text NOT NULL,
    provider           text NOT NULL,
    pay_type           text NOT NULL,
    cancel_type        text NOT NULL CHECK (cancel_type IN ('00001','00002','00003')),
    currency           text NOT NULL CHECK (currency IN ('KRW','USD')),
    amount             bigint NOT NULL CHECK (amount >= 0),
    reason             text NOT NULL,
    refund_account     jsonb,
    cancelled_by       text NOT NULL,
    at                 timestamptz NOT NULL,
    provider_cancel_id text NOT NULL DEFAULT '',
    answer             text NOT NULL DEFAULT '',
    pending            boolean NOT NULL DEFAULT false
);
CREATE INDEX pay_cancel_payment_idx ON pay_cancel (payment_id, at);
CREATE INDEX pay_cancel_school_idx ON pay_cancel (school_code, at);

-- A closed settlement period of a school: the figures as they were when
-- closed (rows of core/payment.MethodSummary). Periods of a school never
-- overlap (checked under an advisory lock).
CREATE TABLE settlement_close (
    school_code text NOT NULL REFERENCES school ON DELETE CASCADE,
    period_from timestamptz NOT NULL,
    period_to   timestamptz NOT NULL CHECK (period_to > period_from),
    rows        jsonb NOT NULL,
    closed_by   text NOT NULL,
    closed_at   timestamptz NOT NULL,
    PRIMARY KEY (school_code, period_from)
);

-- +goose Down
DROP TABLE settlement_close;
DROP TABLE pay_cancel;
DROP INDEX pay_attempt_created_idx;
DROP INDEX pay_attempt_paid_idx;
DELETE FROM pay_attempt WHERE provider = 'manual';
ALTER TABLE pay_attempt DROP CONSTRAINT pay_attempt_provider_check;
ALTER TABLE pay_attempt ADD CONSTRAINT pay_attempt_provider_check CHECK (provider IN ('portone','paypal','testpg'));
