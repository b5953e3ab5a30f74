// Browser end-to-end test of issue 18 item 6 (refund requests): an
// applicant pays by card in the test gateway, asks for a refund from /list
// on a phone (the school's refund rule shown on the form), a system admin
// sees it marked as the withdrawal right and approves it in the back
// office (the refund goes through the staff refund), the applicant gets
// the mail and /list shows it refunded. A second applicant's request is
// denied in English with a reason the applicant reads on /list.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, newPage, freshApplicant, login, submittedPaidApplication, mailTo, sql, demoPassword, axeViolations } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const shots = process.env.E2E_SHOTS; // a folder: screenshots for a human look
async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function adminPage(opts = {}) {
  const page = await newPage(browser, opts);
  await page.goto('/user/login');
  await page.locator('input[name="userId"]').fill('sysadmin');
  await page.locator('input[name="password"]').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: T });
  return page;
}

/** A fresh applicant whose application of school 236 is paid by card in the test gateway, back on /list. */
async function paidByCard({ locale, mobile }) {
  const page = await newPage(browser, { locale, mobile });
  const who = freshApplicant('refund');
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
  await page.getByRole('button', { name: locale === 'en' ? 'Approve payment' : '결제 승인' }).click();
  await page.getByTestId('completion-exam-number').waitFor({ timeout: T });
  await page.goto('/list');
  await row.waitFor({ timeout: T });
  return { page, who, applNo, paymentId, row };
}

/** Asks for a refund from the application's card on /list. */
async function ask(page, row, reason) {
  await row.getByTestId('refund-request-open').click();
  const dialog = page.getByTestId('refund-dialog');
  await dialog.getByTestId('refund-rule').waitFor({ timeout: T });
  await page.getByTestId('refund-reason').fill(reason);
  return dialog;
}

test('an applicant asks for a refund from /list on a phone, a system admin approves it, the applicant is mailed and sees it refunded', async () => {
  const { page, who, applNo, paymentId, row } = await paidByCard({ locale: 'ko', mobile: true });
  assert.equal(await row.getByTestId('appl-status').getAttribute('data-status'), 'COMPLETE');
  assert.equal(await row.getByTestId('appl-action-cancel').count(), 0, 'a paid application cannot be cancelled');

  const dialog = await ask(page, row, '다른 학교에 합격하여 지원을 철회합니다.');
  assert.match(await dialog.getByTestId('refund-rule').innerText(), /청약 철회/, "the school's rule is on the form");
  assert.match(await dialog.getByTestId('refund-paid').innerText(), /80,000원/);
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 1, `no horizontal scroll at 375 px (${over})`);
  assert.deepEqual(await axeViolations(page), [], 'no axe violations on the request form');
  await shot(page, 'refund-request-form-375');
  await dialog.getByTestId('refund-submit').click();
  await dialog.waitFor({ state: 'detached', timeout: T });
  const state = row.getByTestId('refund-state');
  await state.waitFor({ timeout: T });
  assert.equal(await state.getAttribute('data-state'), 'pending');
  assert.equal(await row.getByTestId('refund-request-open').count(), 0, 'one open request per payment');

  // A system admin: the request is marked as the withdrawal right, and approved in full.
  const admin = await adminPage();
  await admin.goto('/sysadmin/pay/refund-requests');
  const line = admin.locator('tr', { hasText: who.userId });
  await line.waitFor({ timeout: T });
  assert.match(await line.getByTestId('withdrawal-chip').innerText(), /청약 철회 \(D\+0\)/);
  await line.click();
  await admin.getByTestId('approve-form').waitFor({ timeout: T });
  assert.match(await admin.getByTestId('refund-remaining').innerText(), /80,000 KRW/);
  await shot(admin, 'refund-request-admin');
  await admin.getByLabel('전액 환불').check();
  await admin.getByTestId('approve-reason').fill('청약 철회 기간 내 요청으로 전액 환불합니다.');
  await admin.getByTestId('approve-open').click();
  assert.match(await admin.getByTestId('confirm-body').innerText(), /80,000 KRW.*0 KRW/);
  await admin.getByTestId('approve-confirm').click();
  await admin.getByTestId('refund-state').and(admin.locator('[data-state="approved"]')).waitFor({ timeout: T });
  await shot(admin, 'refund-request-admin-approved');

  assert.equal(sql(`SELECT status FROM application WHERE appl_no = ${Number(applNo)}`), 'CANCEL');
  assert.equal(sql(`SELECT count(*) FROM pay_cancel WHERE payment_id = :'p1' AND amount = 80000`, paymentId), '1', 'refunded by the staff refund');
  const mail = await mailTo(who.email, '환불 요청이 승인되어');
  assert.match(mail, /80000/);
  assert.match(mail, /청약 철회 기간 내 요청으로 전액 환불합니다/);

  await page.goto('/list');
  await row.waitFor({ timeout: T });
  const done = row.getByTestId('refund-state');
  await done.and(page.locator('[data-state="approved"]')).waitFor({ timeout: T });
  assert.match(await done.innerText(), /80,000원/);
  assert.equal(await row.getByTestId('appl-status').getAttribute('data-status'), 'CANCEL');
  await shot(page, 'refund-request-list-375');
  await admin.context().close();
  await page.context().close();
});

test('a denied request (en, desktop): the applicant reads the reason on /list and may ask again', async () => {
  const { page, who, row } = await paidByCard({ locale: 'en', mobile: false });
  const dialog = await ask(page, row, 'Admitted elsewhere');
  assert.match(await dialog.getByTestId('refund-rule').innerText(), /article 18/);
  await dialog.getByTestId('refund-submit').click();
  await dialog.waitFor({ state: 'detached', timeout: T });

  const admin = await adminPage({ locale: 'en' });
  await admin.goto('/sysadmin/pay/refund-requests');
  const line = admin.locator('tr', { hasText: who.userId });
  await line.waitFor({ timeout: T });
  await line.click();
  await admin.getByTestId('deny-form').waitFor({ timeout: T });
  await admin.getByTestId('deny-reason').fill('The document review has begun.');
  await admin.getByTestId('deny-submit').click();
  await admin.getByTestId('refund-state').and(admin.locator('[data-state="denied"]')).waitFor({ timeout: T });
  await mailTo(who.email, 'The document review has begun.');

  await page.reload();
  await row.waitFor({ timeout: T });
  await row.getByTestId('refund-state').and(page.locator('[data-state="denied"]')).waitFor({ timeout: T });
  assert.match(await row.getByTestId('refund-answer').innerText(), /The document review has begun\./);
  assert.equal(await row.getByTestId('appl-status').getAttribute('data-status'), 'COMPLETE');
  assert.equal(await row.getByTestId('refund-request-open').count(), 1, 'a denial frees the payment for a new request');
  await admin.context().close();
  await page.context().close();
});
