-- A settlement period of demo school 236 for issue 10's test: November
-- 2026 in Asia/Seoul. Runs on the demo data (school 236 and its round).
-- The hand-computed table is in adapters/httpapi/money_test.go.
WITH m AS (SELECT school_code, enter_year, recruit_part_seq FROM recruit_part WHERE school_code = '236' ORDER BY enter_year, recruit_part_seq LIMIT 1),
ap AS (
    INSERT INTO application (user_pk, user_id, school_code, enter_year, recruit_part_seq, status, applicant_name, appl_id)
    SELECT NULL, 'seed-' || n, m.school_code, m.enter_year, m.recruit_part_seq, 'COMPLETE', '정산' || n, 'S-' || n
    FROM m, generate_series(1, 8) AS n
    RETURNING appl_no, user_id
)
INSERT INTO pay_attempt (payment_id, appl_no, user_id, school_code, provider, pay_type, currency, fee, surcharge, total, result,
    status, tx_id, paid, refunded, created_at, updated_at, paid_at)
SELECT v.payment_id, ap.appl_no, ap.user_id, '236', v.provider, v.pay_type, v.currency, v.fee, v.surcharge, v.total, 'PAID',
    'COMPLETE', 'tx-' || v.payment_id, v.total, v.refunded, v.paid_at::timestamptz - interval '5 minutes', v.paid_at::timestamptz, v.paid_at::timestamptz
FROM ap JOIN (VALUES
    -- card, paid on the period's first minutes (Seoul), 30,000 refunded in the period
    ('seed-1', 'seed-card-1', 'portone', 'card', 'KRW', 80000, 0, 80000, 30000, '2026-11-01 00:10:00+09'),
    ('seed-2', 'seed-card-2', 'portone', 'card', 'KRW', 80000, 0, 80000, 0, '2026-11-15 10:00:00+09'),
    -- paid before the period (Seoul), refunded 10,000 within it
    ('seed-3', 'seed-card-oct', 'portone', 'card', 'KRW', 80000, 0, 80000, 10000, '2026-10-31 23:30:00+09'),
    ('seed-4', 'seed-trans-1', 'portone', 'trans', 'KRW', 80000, 0, 80000, 5000, '2026-11-20 09:00:00+09'),
    ('seed-5', 'seed-vbank-1', 'portone', 'vbank', 'KRW', 80000, 0, 80000, 80000, '2026-11-21 09:00:00+09'),
    -- a bank transfer to the school, entered on manual-pay: no provider fee
    ('seed-6', 'seed-manual-1', 'manual', 'trans', 'KRW', 80000, 0, 80000, 0, '2026-11-22 09:00:00+09'),
    ('seed-7', 'seed-paypal-1', 'paypal', 'visa_master', 'USD', 6500, 316, 6816, 0, '2026-11-23 09:00:00+09'),
    -- paid after the period
    ('seed-8', 'seed-card-dec', 'portone', 'card', 'KRW', 80000, 0, 80000, 0, '2026-12-01 00:00:00+09')
) AS v(user_id, payment_id, provider, pay_type, currency, fee, surcharge, total, refunded, paid_at) ON v.user_id = ap.user_id;

INSERT INTO pay_cancel (id, payment_id, appl_no, school_code, provider, pay_type, cancel_type, currency, amount, reason, refund_account, cancelled_by, at, answer)
SELECT v.id, p.payment_id, p.appl_no, '236', p.provider, p.pay_type, v.cancel_type, 'KRW', v.amount, v.reason, v.acct::jsonb, 'sysadmin', v.at::timestamptz, 'ok'
FROM pay_attempt p JOIN (VALUES
    ('seed-c1', 'seed-card-1', '00003', 30000, '부분 환불', NULL, '2026-11-16 10:00:00+09'),
    ('seed-c2', 'seed-card-oct', '00003', 10000, '부분 환불', NULL, '2026-11-02 10:00:00+09'),
    ('seed-c3', 'seed-vbank-1', '00001', 80000, '지원 취소', '{"bank":"004","holder":"정산5","accountNo":"123-456-7890"}', '2026-11-30 23:59:00+09'),
    -- after the period
    ('seed-c4', 'seed-trans-1', '00003', 5000, '부분 환불', NULL, '2026-12-01 00:05:00+09')
) AS v(id, payment_id, cancel_type, amount, reason, acct, at) ON v.payment_id = p.payment_id;

-- Issue 18: the demo data gives 236 card 2.5% from 2026-01-01; its PG
-- lowered it to 2.0% from 2026-11-15 (Seoul), so seed-card-2, paid that
-- morning, is priced by the new rule and seed-card-1 by the old one.
UPDATE fee_schedule SET last_no = last_no + 1 WHERE school_code = '236';
INSERT INTO fee_rule (school_code, no, method, effective_from, rate_bp, fixed_amount, fixed_currency)
SELECT '236', last_no, 'card', '2026-11-15', 200, 0, 'KRW' FROM fee_schedule WHERE school_code = '236';
