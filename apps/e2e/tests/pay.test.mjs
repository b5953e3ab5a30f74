// Browser end-to-end tests of issue 9 (paying the fee) with the test
// gateway, ko and en, desktop and phone: card -> COMPLETE with the exam
// number and slip; virtual account -> shown, mailed and "awaiting deposit"
// on /list -> deposit -> COMPLETE; expiry -> TIMEOUT -> pay again; a
// decline and a retry; PayPal with its surcharge line; a second payment of
// a paid application refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, call, freshApplicant, login, submittedPaidApplication, mailTo, sql } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;

/** A fresh applicant signed in, with a submitted paid application, on its pay page (from /list). */
async function onPayPage({ locale, mobile }) {
  const page = await newPage(browser, { locale, mobile });
  const who = freshApplicant('pay');
  await login(page, who.userId);
  const applNo = await submittedPaidApplication(page);
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId('appl-action-pay').click();
  await page.getByTestId('appl-pay-page').waitFor({ timeout: T });
  await page.getByTestId('pay-submit').waitFor({ timeout: T });
  return { page, applNo, who };
}

/** Chooses a pay type, pays, and lands on the test gateway's page. */
async function payWith(page, payType) {
  await page.getByTestId(`pay-type-${payType}`).click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/testpg/pay/**', { timeout: T });
}

/** Presses a button on the test gateway's page. */
async function press(page, label) {
  await page.getByRole('button', { name: label }).click();
}

async function completed(page) {
  await page.getByTestId('appl-none-page').waitFor({ timeout: T });
  const exam = page.getByTestId('completion-exam-number');
  await exam.waitFor({ timeout: T });
  const applId = (await exam.innerText()).trim();
  assert.ok(applId.length > 0, 'an exam number is shown');
  await page.getByRole('button', { name: /수험표|Admission slip/ }).first().waitFor({ timeout: T });
  return applId;
}

async function noHorizontalScroll(page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 1, `no horizontal scroll at 375 px (${over})`);
}

test('card (ko, desktop): COMPLETE with exam number and slip, receipt mailed, a second payment refused', async () => {
  const { page, applNo, who } = await onPayPage({ locale: 'ko', mobile: false });
  await page.getByTestId('pay-test-mode').waitFor({ timeout: T });
  await page.getByTestId('pay-type-card').click();
  assert.match(await page.getByTestId('fee-line').innerText(), /전형료\s+80,000원/);
  assert.equal(await page.getByTestId('surcharge-line').count(), 0, 'no surcharge for a card');
  assert.match(await page.getByTestId('pay-submit').innerText(), /80,000원 결제하기/);
  await payWith(page, 'card');
  assert.match(await page.getByTestId('testpg-amount').innerText(), /80,000원/);
  await press(page, '결제 승인');
  const applId = await completed(page);
  const mail = await mailTo(who.email, '결제 금액');
  assert.ok(mail.includes(applId) && mail.includes('80,000원'), 'receipt mail with exam number and amount');
  const again = await call(page, 'POST', `/apply/api-auth/appl/pay/start/${applNo}`, { payType: 'card' });
  assert.equal(again.status, 409);
  assert.equal(again.body.code, 'payment.already_paid');
  await page.goto('/user/pay/receipt');
  await page.getByTestId('receipt').first().waitFor({ timeout: T });
  await page.context().close();
});

test('virtual account (en, phone): shown, mailed, awaiting deposit on /list, then deposited: COMPLETE', async () => {
  const { page, applNo, who } = await onPayPage({ locale: 'en', mobile: true });
  await noHorizontalScroll(page);
  await payWith(page, 'vbank');
  await press(page, 'Issue a virtual account');
  await page.getByTestId('vbank-details').waitFor({ timeout: T });
  const details = await page.getByTestId('vbank-details').innerText();
  const account = details.match(/Account number\s+(\d{10,})/)?.[1];
  assert.ok(account, `account shown: ${details}`);
  assert.match(details, /Shinhan Bank/);
  assert.match(details, /KRW 80,000/);
  assert.match(details, /Deposit by\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await noHorizontalScroll(page);
  const mail = await mailTo(who.email, account);
  assert.ok(mail.includes('KRW 80,000'), 'the account mail holds the amount');
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  assert.equal(await row.getByTestId('appl-status').getAttribute('data-status'), 'VBANK_ISSUE');
  assert.match(await row.innerText(), /awaiting deposit/);
  await row.getByTestId('appl-action-pay').click();
  await page.getByTestId('vbank-test-deposit').click();
  await press(page, 'Deposit');
  await completed(page);
  await page.context().close();
});

test('expiry (ko, phone): TIMEOUT, pay again while the window is open: COMPLETE', async () => {
  const { page, applNo } = await onPayPage({ locale: 'ko', mobile: true });
  await payWith(page, 'vbank');
  await press(page, '가상계좌 발급');
  await page.getByTestId('vbank-test-deposit').click();
  await press(page, '입금 기한 만료시키기');
  await page.getByTestId('pay-timeout').waitFor({ timeout: T });
  assert.equal(sql(`SELECT result FROM pay_attempt WHERE appl_no = ${Number(applNo)} ORDER BY created_at DESC LIMIT 1`), 'TIMEOUT');
  await payWith(page, 'card');
  await press(page, '결제 승인');
  await completed(page);
  await page.context().close();
});

test('decline and retry, then PayPal with its surcharge line (en, desktop)', async () => {
  const { page } = await onPayPage({ locale: 'en', mobile: false });
  await payWith(page, 'card');
  await press(page, 'Decline (card company)');
  await page.getByTestId('pay-declined').waitFor({ timeout: T });
  // PayPal: the fee, the surcharge as its own line, the total.
  await page.getByTestId('pay-type-visa_master').click();
  assert.match(await page.getByTestId('fee-line').innerText(), /USD 65\.00/);
  assert.match(await page.getByTestId('surcharge-line').innerText(), /PayPal fee\s+USD 3\.16/);
  assert.match(await page.getByTestId('total-line').innerText(), /USD 68\.16/);
  await payWith(page, 'visa_master');
  await press(page, 'Approve payment');
  await completed(page);
  await page.goto('/user/pay/receipt');
  const receipt = page.getByTestId('receipt').first();
  await receipt.waitFor({ timeout: T });
  assert.match(await receipt.innerText(), /PayPal fee: USD 3\.16/);
  await page.context().close();
});
