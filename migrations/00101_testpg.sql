-- +goose Up
-- The test gateway's own payments (adapters/payment/testpg): the provider
-- side of our test gateway, kept in the database so the server and the
-- worker see the same provider.
CREATE TABLE testpg_payment (
    payment_id  text PRIMARY KEY,
    pay_type    text NOT NULL,
    currency    text NOT NULL,
    amount      bigint NOT NULL,
    order_name  text NOT NULL DEFAULT '',
    status      text NOT NULL,
    tx_id       text NOT NULL DEFAULT '',
    vbank       jsonb,
    vbank_due   timestamptz,
    return_url  text NOT NULL DEFAULT '',
    locale      text NOT NULL DEFAULT 'ko',
    fail_reason text NOT NULL DEFAULT '',
    paid_at     timestamptz,
    created_at  timestamptz NOT NULL
);

-- +goose Down
DROP TABLE testpg_payment;
