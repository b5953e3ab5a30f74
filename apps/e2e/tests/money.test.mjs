// Browser end-to-end tests of issue 10 (staff handle the money) with the
// test gateway: a system admin refuses a refund above what remains,
// refunds part, then the rest, and the applicant sees both on
// /user/pay/receipt and gets two mails; a manual payment completes an
// unpaid application with an exam number; pay-check lists a payment the
// gateway reports paid and our records do not, and one re-query fixes it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, newPage, freshApplicant, login, submittedPaidApplication, mailTo, sql, demoPassword } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

async function adminPage(userId = 'sysadmin', opts = {}) {
  const page = await newPage(browser, opts);
  await page.goto('/user/login');
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('input[name="password"]').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: T });
  return page;
}

/** A fresh applicant with a submitted application of school 236 paid by card through the test gateway. */
async function paidApplicant() {
  const page = await newPage(browser, { locale: 'ko' });
  const who = freshApplicant('money');
  await login(page, who.userId);
  const applNo = await submittedPaidApplication(page);
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId('appl-action-pay').click();
  await page.getByTestId('pay-type-card').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/testpg/pay/**', { timeout: T });
  const paymentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  return { page, who, applNo, paymentId };
}

const CANCEL_NAMES = { '00001': '전액 취소', '00002': '취소(환불 없음)', '00003': '부분 취소' };

/**
 * Fills the refund form: the cancel type is picked by its name (the list
 * shows no codes); when the form can show what is refunded and what
 * remains, it asks first: the confirmation's two figures are answered.
 */
async function cancel(admin, { type, amount = '', reason }) {
  const form = admin.getByTestId('cancel-form');
  await form.locator('[name="cancelType"]').locator('..').click();
  const options = await admin.getByRole('option').allInnerTexts();
  assert.deepEqual(options.map((o) => o.trim()), Object.values(CANCEL_NAMES), 'cancel types by name, never codes');
  await admin.getByRole('option', { name: CANCEL_NAMES[type], exact: true }).click();
  if (type === '00003') await form.locator('input[name="amount"]').fill(amount);
  await form.locator('textarea[name="reason"]').first().fill(reason);
  await form.getByRole('button', { name: '취소 실행' }).click();
  const dialog = admin.getByTestId('cancel-confirm');
  const asked = await dialog.waitFor({ timeout: 3_000 }).then(() => true, () => false);
  if (!asked) return null;
  const shown = { refund: await admin.getByTestId('confirm-refund').innerText(), remaining: await admin.getByTestId('confirm-remaining').innerText() };
  if (process.env.E2E_SHOTS) {
    await admin.waitForTimeout(400); // the dialog's fade-in
    await admin.screenshot({ path: `${process.env.E2E_SHOTS}/refund-confirm-${type}.png` });
  }
  await admin.getByTestId('confirm-cancel').click();
  await dialog.waitFor({ state: 'detached', timeout: T });
  return shown;
}

test('refund above what remains is refused; part, then the rest; the applicant sees both and gets two mails', async () => {
  const { page, who, applNo, paymentId } = await paidApplicant();
  await page.getByRole('button', { name: '결제 승인' }).click();
  await page.getByTestId('completion-exam-number').waitFor({ timeout: T });
  const examNo = (await page.getByTestId('completion-exam-number').innerText()).trim();

  const admin = await adminPage();
  await admin.goto(`/sysadmin/pay/attempts/${encodeURIComponent(paymentId)}/show`);
  await admin.getByTestId('cancel-form').waitFor({ timeout: T });
  assert.match(await admin.getByTestId('remaining').innerText(), /80,000 KRW/);
  assert.equal(await admin.getByTestId('cancel-form').locator('input[name="cancelType"]').inputValue(), '', 'no cancel type preselected');

  // Without a reason the server says one is required, naming the field.
  await admin.getByTestId('cancel-form').getByRole('button', { name: '취소 실행' }).click();
  await admin.getByTestId('cancel-form').getByText('사유는 필수입니다', { exact: false }).first().waitFor({ timeout: T });

  assert.equal(await cancel(admin, { type: '00003', amount: '90000', reason: '초과 환불 시도' }), null, 'no confirmation above what remains');
  const refused = admin.getByTestId('cancel-form').getByText(/80,000원 이하/);
  await refused.first().waitFor({ timeout: T });
  assert.match(await admin.getByTestId('remaining').innerText(), /80,000 KRW/, 'nothing refunded');

  assert.deepEqual(await cancel(admin, { type: '00003', amount: '30000', reason: '일부 환불' }), { refund: '30,000 KRW', remaining: '50,000 KRW' });
  await admin.getByTestId('remaining').filter({ hasText: /^50,000 KRW$/ }).waitFor({ timeout: T });
  assert.deepEqual(await cancel(admin, { type: '00001', reason: '지원 취소 요청' }), { refund: '50,000 KRW', remaining: '0 KRW' });
  await admin.getByTestId('remaining').filter({ hasText: /^0 KRW$/ }).waitFor({ timeout: T });
  await admin.getByTestId('cancel-table').locator('tbody tr').nth(1).waitFor({ timeout: T });
  if (process.env.E2E_SHOTS) await admin.screenshot({ path: `${process.env.E2E_SHOTS}/payment-admin.png`, fullPage: true });
  assert.equal(await admin.getByTestId('cancel-table').locator('tbody tr').count(), 2);

  assert.equal(sql(`SELECT status || ' ' || appl_id FROM application WHERE appl_no = ${Number(applNo)}`), `CANCEL ${examNo}`,
    'cancelled, the exam number kept');
  await page.goto('/user/pay/receipt');
  await page.getByTestId('receipt-refunds').waitFor({ timeout: T });
  const lines = await page.getByTestId('receipt-refund').allInnerTexts();
  assert.equal(lines.length, 2, `two refunds shown: ${lines}`);
  assert.match(lines[0], /부분 환불: 30,000원/);
  assert.match(lines[1], /전액 환불: 50,000원/);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/receipt.png`, fullPage: true });
  const partial = await mailTo(who.email, '일부 환불되었습니다');
  assert.match(partial, /환불 금액: 30,000원/);
  assert.match(partial, /취소 유형: 부분 환불/, 'the cancel type by name, never its code');
  const full = await mailTo(who.email, '전액 환불되었습니다');
  assert.match(full, /환불 금액: 50,000원/);
  // The provider answered the full refund pending: the history's "pending" filter lists it, in words.
  sql(`UPDATE pay_cancel SET answer = 'pending', pending = true WHERE payment_id = :'p1' AND cancel_type = '00001'`, paymentId);
  await admin.goto(`/sysadmin/pay/cancels?filter=${encodeURIComponent(JSON.stringify({ answer: 'pending', paymentId }))}`);
  const rows = admin.locator('tbody tr');
  await rows.filter({ hasText: '대행사 처리 대기' }).first().waitFor({ timeout: T });
  assert.equal(await rows.count(), 1, 'only the pending refund');
  assert.match(await rows.first().innerText(), /전액 취소/);
  assert.doesNotMatch(await rows.first().innerText(), /00001/, 'the cancel type by name');
  const axe = await new AxeBuilder({ page: admin }).analyze();
  assert.deepEqual(axe.violations.map((v) => v.id), [], 'axe on the filtered cancellations');
  await page.context().close();
  await admin.context().close();
});

test('a manual payment completes an unpaid application with an exam number', async () => {
  const page = await newPage(browser, { locale: 'ko' });
  const who = freshApplicant('manual');
  await login(page, who.userId);
  const applNo = await submittedPaidApplication(page);
  const admin = await adminPage();
  await admin.goto('/sysadmin/manual-pay');
  const form = admin.getByTestId('manual-pay');
  await form.waitFor({ timeout: T });
  await form.locator('input[name="applNo"]').fill(String(applNo));
  await form.locator('textarea[name="reason"]').first().fill('학교 계좌로 입금 확인');
  await form.locator('input[name="evidence"]').fill('신한 2026-11-24 입금 #123');
  await form.getByRole('button', { name: '결제 완료 처리' }).click();
  const done = admin.getByTestId('manual-done');
  await done.waitFor({ timeout: T });
  const examNo = sql(`SELECT appl_id FROM application WHERE appl_no = ${Number(applNo)} AND status = 'COMPLETE'`);
  assert.ok(examNo.length > 0, 'COMPLETE with an exam number');
  assert.match(await done.innerText(), new RegExp(examNo));
  await mailTo(who.email, examNo);
  // A deposit to the school's account is its own method, never a PG transfer.
  await done.getByRole('link').click();
  await admin.getByTestId('remaining').waitFor({ timeout: T });
  assert.match(await admin.locator('main').innerText(), /무통장 입금\(학교 계좌\)/);
  await page.context().close();
  await admin.context().close();
});

test('fee rules: a system admin adds one; a school without rules settles with the warning', async () => {
  const admin = await adminPage();
  await admin.goto('/sysadmin/settlement/fee-rules');
  const table = admin.getByTestId('fee-rules-table');
  await table.waitFor({ timeout: T });
  await table.getByText('2.5%').first().waitFor({ timeout: T });
  await admin.getByRole('link', { name: /만들기|생성|Create/ }).first().click();
  await admin.getByRole('combobox', { name: '학교' }).click();
  await admin.getByRole('option', { name: '새봄대학교 공공정책대학원' }).click();
  await admin.getByRole('combobox', { name: /결제 수단/ }).click();
  await admin.getByRole('option', { name: '신용카드' }).click();
  await admin.locator('input[name="effectiveFrom"]').fill('2099-01-01');
  await admin.locator('input[name="rate"]').fill('2.35');
  await admin.locator('input[name="fixed"]').fill('10');
  await admin.getByRole('button', { name: /저장|Save/ }).click();
  await admin.waitForURL((u) => u.pathname.endsWith('/fee-rules'), { timeout: T });
  await table.getByText('2099-01-01').first().waitFor({ timeout: T });
  if (process.env.E2E_SHOTS) await admin.screenshot({ path: `${process.env.E2E_SHOTS}/fee-rules.png`, fullPage: true });
  assert.equal(sql(`SELECT count(*) FROM audit_log WHERE action = 'feerule.add' AND actor = 'sysadmin' AND detail->>'effectiveFrom' = '2099-01-01'`), '1');
  sql(`DELETE FROM fee_rule WHERE school_code = 'GSPP01' AND effective_from = '2099-01-01'`);

  await admin.goto('/sysadmin/settlement/list');
  await admin.getByTestId('settle-school').selectOption('ARTS01');
  await admin.getByRole('button', { name: '조회' }).click();
  await admin.getByTestId('no-fee-rules').waitFor({ timeout: T });
  assert.match(await admin.getByTestId('no-fee-rules').innerText(), /수수료 규칙이 없습니다/);
  await admin.getByTestId('settle-school').selectOption('236');
  await admin.getByRole('button', { name: '조회' }).click();
  await admin.getByTestId('fee-rules-used').waitFor({ timeout: T });
  assert.match(await admin.getByTestId('fee-rules-used').innerText(), /신용카드 2\.5%/);
  if (process.env.E2E_SHOTS) await admin.screenshot({ path: `${process.env.E2E_SHOTS}/settlement-rules.png`, fullPage: true });
  await admin.context().close();
});

test('pay-check lists a payment the gateway reports paid and we do not; one re-query completes it', async () => {
  const { page, applNo, paymentId } = await paidApplicant();
  // Paid at the gateway, but neither the browser nor a webhook told us.
  sql(`UPDATE testpg_payment SET status = 'paid', tx_id = 'tx-e2e', paid_at = now() WHERE payment_id = :'p1'`, paymentId);
  assert.equal(sql(`SELECT status FROM application WHERE appl_no = ${Number(applNo)}`), 'SUBMIT');

  const admin = await adminPage();
  await admin.goto('/sysadmin/pay/check');
  const button = admin.getByTestId(`requery-${paymentId}`);
  await button.waitFor({ timeout: T });
  const row = admin.locator('tr', { has: button });
  assert.match(await row.innerText(), /대행사에만 결제됨/);
  assert.equal(sql(`SELECT status FROM application WHERE appl_no = ${Number(applNo)}`), 'SUBMIT', 'pay-check changed nothing');
  await button.click();
  await button.waitFor({ state: 'detached', timeout: T });
  assert.equal(sql(`SELECT status FROM application WHERE appl_no = ${Number(applNo)}`), 'COMPLETE');
  assert.ok(sql(`SELECT appl_id FROM application WHERE appl_no = ${Number(applNo)}`).length > 0, 'with an exam number');
  await page.context().close();
  await admin.context().close();
});

test('money pages on a phone (375 px) for settlement staff: settlement and payment list without horizontal scroll', async () => {
  const admin = await adminPage('settle', { mobile: true });
  await admin.goto('/sysadmin/settlement/list');
  await admin.getByTestId('settle-school').selectOption('236');
  await admin.getByRole('button', { name: '조회' }).click();
  await admin.getByText(/결제 목록 보기/).waitFor({ timeout: T });
  if (process.env.E2E_SHOTS) await admin.screenshot({ path: `${process.env.E2E_SHOTS}/settlement-375.png`, fullPage: true });
  const over = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const wide = over > 1 ? await admin.evaluate(() => [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .slice(0, 5).map((e) => `${e.tagName}.${e.className}`.slice(0, 120))) : [];
  assert.ok(over <= 1, `no horizontal scroll (${over}): ${wide.join(' | ')}`);
  await admin.context().close();
});
