-- +goose Up
-- One truth for money (issue 18): every payment fact lives in pay_attempt,
-- written by core/payment alone. Free completions become zero attempts of
-- provider 'none' (they were rows of appl_payment, which staff views read
-- while real payments were in pay_attempt, so paid applicants looked
-- unpaid). A fully refunded or cancelled payment ends as CANCELLED; a
-- payment cancelled at the provider after we recorded it paid is flagged.
ALTER TABLE pay_attempt DROP CONSTRAINT pay_attempt_provider_check;
ALTER TABLE pay_attempt ADD CONSTRAINT pay_attempt_provider_check CHECK (provider IN ('portone','paypal','testpg','manual','none'));
ALTER TABLE pay_attempt DROP CONSTRAINT pay_attempt_result_check;
ALTER TABLE pay_attempt ADD CONSTRAINT pay_attempt_result_check CHECK (result IN ('PROCEEDING','PAID','VBANK_ISSUE','TIMEOUT','FAILED','CANCELLED'));
ALTER TABLE pay_attempt ADD COLUMN provider_cancelled_at timestamptz;
-- What the applicant is told about a refund; reason stays the staff's
-- internal note.
ALTER TABLE pay_cancel ADD COLUMN applicant_reason text NOT NULL DEFAULT '';

INSERT INTO pay_attempt (payment_id, appl_no, user_id, school_code, provider, pay_type, currency, fee, surcharge, total,
    result, status, paid, refunded, locale, created_at, updated_at, paid_at)
SELECT 'f' || p.appl_no || '-' || p.id, p.appl_no, coalesce(a.user_id, ''), a.school_code, 'none', p.pay_type, p.currency,
    p.fee, p.surcharge, p.total, 'PAID', 'COMPLETE', p.total, 0, 'ko', p.paid_at, p.paid_at, p.paid_at
FROM appl_payment p JOIN application a ON a.appl_no = p.appl_no
WHERE NOT EXISTS (SELECT 1 FROM pay_attempt x WHERE x.appl_no = p.appl_no AND x.result = 'PAID');
DROP TABLE appl_payment;

-- The one read model of an application's money, for every staff view
-- (list, page, dashboard, export, re-numbering guard, withdrawal check).
-- Money received counts attempts PAID or CANCELLED (refunded after being
-- paid); a manual transfer is its own method, never a PG transfer.
CREATE VIEW appl_money AS
SELECT a.appl_no,
    coalesce(m.paid, false) AS paid,
    coalesce(m.in_flight, false) AS in_flight,
    coalesce(m.method, '') AS method,
    coalesce(m.currency, '') AS currency,
    coalesce(m.amount, 0) AS amount,
    coalesce(m.refunded, 0) AS refunded,
    coalesce(m.amount, 0) - coalesce(m.refunded, 0) AS net,
    m.paid_at,
    coalesce(m.payment_id, '') AS payment_id,
    coalesce(m.provider_cancelled, false) AS provider_cancelled
FROM application a
LEFT JOIN LATERAL (
    SELECT bool_or(p.result IN ('PAID', 'CANCELLED')) AS paid,
        bool_or(p.result IN ('PROCEEDING', 'VBANK_ISSUE')) AS in_flight,
        (array_agg(CASE WHEN p.provider = 'manual' AND p.pay_type <> 'free' THEN 'manual' ELSE p.pay_type END ORDER BY p.paid_at)
            FILTER (WHERE p.result IN ('PAID', 'CANCELLED')))[1] AS method,
        min(p.currency) FILTER (WHERE p.result IN ('PAID', 'CANCELLED')) AS currency,
        sum(p.paid) FILTER (WHERE p.result IN ('PAID', 'CANCELLED')) AS amount,
        sum(p.refunded) FILTER (WHERE p.result IN ('PAID', 'CANCELLED')) AS refunded,
        min(p.paid_at) FILTER (WHERE p.result IN ('PAID', 'CANCELLED')) AS paid_at,
        (array_agg(p.payment_id ORDER BY p.paid_at DESC) FILTER (WHERE p.result IN ('PAID', 'CANCELLED')))[1] AS payment_id,
        bool_or(p.provider_cancelled_at IS NOT NULL) AS provider_cancelled
    FROM pay_attempt p WHERE p.appl_no = a.appl_no
) m ON true;

-- +goose Down
DROP VIEW appl_money;
CREATE TABLE appl_payment (
    id          bigserial PRIMARY KEY,
    appl_no     bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    pay_type    text NOT NULL CHECK (pay_type IN ('card','vbank','trans','visa_master','free')),
    currency    text NOT NULL,
    fee         bigint NOT NULL,
    surcharge   bigint NOT NULL,
    total       bigint NOT NULL,
    result      text NOT NULL DEFAULT 'PAID',
    paid_at     timestamptz NOT NULL
);
CREATE INDEX appl_payment_appl_idx ON appl_payment (appl_no);
INSERT INTO appl_payment (appl_no, pay_type, currency, fee, surcharge, total, paid_at)
SELECT appl_no, pay_type, currency, fee, surcharge, total, paid_at FROM pay_attempt WHERE provider = 'none';
DELETE FROM pay_attempt WHERE provider = 'none';
UPDATE pay_attempt SET result = 'PAID' WHERE result = 'CANCELLED';
ALTER TABLE pay_attempt DROP COLUMN provider_cancelled_at;
ALTER TABLE pay_cancel DROP COLUMN applicant_reason;
ALTER TABLE pay_attempt DROP CONSTRAINT pay_attempt_result_check;
ALTER TABLE pay_attempt ADD CONSTRAINT pay_attempt_result_check CHECK (result IN ('PROCEEDING','PAID','VBANK_ISSUE','TIMEOUT','FAILED'));
ALTER TABLE pay_attempt DROP CONSTRAINT pay_attempt_provider_check;
ALTER TABLE pay_attempt ADD CONSTRAINT pay_attempt_provider_check CHECK (provider IN ('portone','paypal','testpg','manual'));
