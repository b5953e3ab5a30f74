-- +goose Up
-- Settlement fees as data (issue 18 item 5): what the providers charge each
-- school, per method of its provider contracts, each rule in effect from a
-- day (Asia/Seoul). Percentages in basis points, fixed parts in minor units
-- of the method's currency (KRW for the domestic PG, USD for PayPal).
-- fee_schedule is the aggregate's row: locked by every change, and holding
-- the last rule number given so a removed rule's number is never reused.
CREATE TABLE fee_schedule (
    school_code text PRIMARY KEY REFERENCES school (school_code) ON DELETE CASCADE,
    last_no     integer NOT NULL DEFAULT 0 CHECK (last_no >= 0)
);

CREATE TABLE fee_rule (
    school_code    text NOT NULL REFERENCES fee_schedule (school_code) ON DELETE CASCADE,
    no             integer NOT NULL CHECK (no > 0),
    method         text NOT NULL CHECK (method IN ('card', 'trans', 'vbank', 'paypal')),
    effective_from date NOT NULL,
    rate_bp        integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
    fixed_amount   bigint NOT NULL CHECK (fixed_amount >= 0),
    fixed_currency text NOT NULL CHECK (fixed_currency = CASE WHEN method = 'paypal' THEN 'USD' ELSE 'KRW' END),
    PRIMARY KEY (school_code, no),
    UNIQUE (school_code, method, effective_from)
);

-- +goose Down
DROP TABLE fee_rule;
DROP TABLE fee_schedule;
