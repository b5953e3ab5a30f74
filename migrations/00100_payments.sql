-- +goose Up
-- Payment attempts (issue 9): one row per attempt, with our own payment id,
-- the quote it charges, the provider's ids and the state machine of
-- core/payment. At most one attempt of an application is in flight.
CREATE TABLE pay_attempt (
    payment_id        text PRIMARY KEY,
    appl_no           bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    user_id           text NOT NULL,
    school_code       text NOT NULL,
    provider          text NOT NULL CHECK (provider IN ('portone','paypal','testpg')),
    pay_type          text NOT NULL CHECK (pay_type IN ('card','vbank','trans','visa_master','free')),
    currency          text NOT NULL CHECK (currency IN ('KRW','USD')),
    fee               bigint NOT NULL,
    surcharge         bigint NOT NULL,
    total             bigint NOT NULL CHECK (total >= 0),
    result            text NOT NULL CHECK (result IN ('PROCEEDING','PAID','VBANK_ISSUE','TIMEOUT','FAILED')),
    status            text NOT NULL DEFAULT '',
    tx_id             text NOT NULL DEFAULT '',
    paid              bigint NOT NULL DEFAULT 0,
    refunded          bigint NOT NULL DEFAULT 0,
    provider_order_id text NOT NULL DEFAULT '',
    vbank             jsonb,
    vbank_due         timestamptz,
    fail_reason       text NOT NULL DEFAULT '',
    locale            text NOT NULL DEFAULT 'ko',
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    paid_at           timestamptz
);
CREATE UNIQUE INDEX pay_attempt_in_flight ON pay_attempt (appl_no) WHERE result IN ('PROCEEDING', 'VBANK_ISSUE');
CREATE INDEX pay_attempt_appl_idx ON pay_attempt (appl_no, created_at DESC);
CREATE INDEX pay_attempt_user_idx ON pay_attempt (user_id, created_at DESC);
CREATE INDEX pay_attempt_order_idx ON pay_attempt (provider, provider_order_id) WHERE provider_order_id <> '';
CREATE INDEX pay_attempt_stuck_idx ON pay_attempt (created_at) WHERE result = 'PROCEEDING';
CREATE INDEX pay_attempt_due_idx ON pay_attempt (vbank_due) WHERE result = 'VBANK_ISSUE';

-- Every attempt, status change and refused event (bad signature, amount
-- mismatch), for the staff payment pages. A refused webhook may name no
-- payment we know: payment_id '' and appl_no NULL.
CREATE TABLE pay_record (
    id          bigserial PRIMARY KEY,
    payment_id  text NOT NULL DEFAULT '',
    appl_no     bigint REFERENCES application ON DELETE CASCADE,
    provider    text NOT NULL,
    kind        text NOT NULL,
    source      text NOT NULL,
    from_result text NOT NULL DEFAULT '',
    to_result   text NOT NULL DEFAULT '',
    delivery_id text NOT NULL DEFAULT '',
    code        text NOT NULL DEFAULT '',
    detail      jsonb NOT NULL DEFAULT '{}',
    alert       boolean NOT NULL DEFAULT false,
    at          timestamptz NOT NULL
);
CREATE INDEX pay_record_appl_idx ON pay_record (appl_no, id);
CREATE INDEX pay_record_alert_idx ON pay_record (at) WHERE alert;

-- What a school (enter_year 0 and recruit_part_seq 0: every round) or one
-- round offers: pay types and the provider channel of each
-- ({"card": {"storeId": "...", "channelKey": "..."}}). Not secret.
CREATE TABLE pay_setting (
    school_code      text NOT NULL REFERENCES school ON DELETE CASCADE,
    enter_year       integer NOT NULL DEFAULT 0,
    recruit_part_seq integer NOT NULL DEFAULT 0,
    pay_types        text[] NOT NULL,
    channels         jsonb NOT NULL DEFAULT '{}',
    PRIMARY KEY (school_code, enter_year, recruit_part_seq)
);

-- +goose Down
DROP TABLE pay_setting;
DROP TABLE pay_record;
DROP TABLE pay_attempt;
