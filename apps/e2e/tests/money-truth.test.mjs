// Issue 18, first "Done when", in Korean and in English: an applicant fills
// an application of school 236 (KRW 80,000) and pays it by card in the test
// gateway; the school's admin (schooladmin) sees it paid, with the amount,
// in the application list, on the application page, on the dashboard (paid
// count and the day's payments) and in the downloaded workbook; the system
// admin refunds 30,000 won through the refund form; the list, the workbook
// and the settlement show refunded and net; the applicant sees the refund on
// /list. Every state comes from what people do: no SQL sets it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, freshApplicant, login, axeViolations, applyThroughAPI, payByCardOnList } from './helpers.mjs';
import { rowByFirstColumn } from './xlsx.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const T = 30_000;
const shots = process.env.E2E_SHOTS;

// What each language shows; amounts as the admin writes them (ko "80,000원", en "KRW 80,000").
const L = {
  ko: {
    won: (n) => `${n.toLocaleString('en-US')}원`,
    paid: '결제 완료', partial: '부분 환불', card: '신용카드', net: (s) => `부분 환불 · 순액 ${s}`,
    dashPaid: /결제 (\d+)건/, approve: '결제 승인',
    partialOption: '부분 취소', doCancel: '취소 실행', settleShow: '조회',
    wb: { paid: '결제', method: '결제 수단', amount: '결제 금액', refunded: '환불 금액', net: '순액', currency: '통화' },
    wbPaid: '예', wbPartial: '부분 환불',
    refund: (s) => `부분 환불 ${s} · `,
  },
  en: {
    won: (n) => `KRW ${n.toLocaleString('en-US')}`,
    paid: 'Paid', partial: 'Partly refunded', card: 'Credit card', net: (s) => `Partly refunded · net ${s}`,
    dashPaid: /(\d+) paid/, approve: 'Approve payment',
    partialOption: 'Partial cancellation', doCancel: 'Cancel payment', settleShow: 'Show',
    wb: { paid: 'Paid', method: 'Payment method', amount: 'Amount paid', refunded: 'Refunded', net: 'Net', currency: 'Currency' },
    wbPaid: 'Yes', wbPartial: 'Partly refunded',
    refund: (s) => `Partial refund of ${s} · `,
  },
};

// A 2x2 PNG that decodes (uploads decode images); padding after its end is allowed.
async function staffPage(userId, locale) {
  const page = await newPage(browser, { locale });
  await login(page, userId);
  return page;
}

/** The school admin's application list, searched by the applicant's id: the row's money as shown. */
async function listMoney(admin, userId, applNo) {
  await admin.goto('/sysadmin/applications');
  const answered = admin.waitForResponse((r) => r.url().includes('/admin/applications?') && decodeURIComponent(r.url()).includes(userId), { timeout: T });
  await admin.getByTestId('applications-search').fill(userId);
  await answered;
  // The user id is the applicant's own (fresh) one: exactly one row, once the search has been applied.
  const row = admin.getByTestId('applications-table').locator('tbody tr').filter({ hasText: userId });
  await row.waitFor({ timeout: T });
  await admin.getByTestId('applications-table').locator('tbody tr').filter({ hasNotText: userId }).first().waitFor({ state: 'detached', timeout: T });
  assert.match(await row.innerText(), new RegExp(`^${applNo}\\b`), 'the row of the application paid');
  return (await row.getByTestId('appl-money-text').innerText()).trim();
}

/**
 * The dashboard of 236's round as the school admin sees it: the paid count
 * shown, and today's payments in the data its per-day chart draws.
 */
async function dashboard(admin, year, t) {
  const answered = admin.waitForResponse((r) => r.url().includes('/admin/dashboard?') && r.url().includes(`enterYear=${year}`), { timeout: T });
  await admin.goto('/sysadmin/');
  await admin.getByTestId('round-dashboard').waitFor({ timeout: T });
  // The year field starts at next year; the demo round's year may differ.
  await admin.getByTestId('dash-round').selectOption(`236-${year}-1`);
  const data = await (await answered).json();
  const total = admin.getByTestId('dash-total');
  let paid = NaN;
  for (const until = Date.now() + T; Date.now() < until; await admin.waitForTimeout(200)) {
    paid = Number(((await total.count()) ? await total.innerText() : '').match(t.dashPaid)?.[1]);
    if (paid === data.paid) break;
  }
  assert.equal(paid, data.paid, 'the paid count shown is the count answered');
  await admin.getByRole('figure').last().waitFor({ timeout: T });
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  return { paid, todayPayments: data.days.find((d) => d.day === today)?.payments ?? 0 };
}

/** The applicants' workbook of 236's round downloaded from the list page: the row of an exam number. */
async function workbookRow(admin, year, applId) {
  await admin.goto('/sysadmin/applications');
  const panel = admin.getByTestId('export-panel');
  await panel.waitFor({ timeout: T });
  await admin.getByTestId('export-round').selectOption(`236-${year}-1`);
  const [download] = await Promise.all([admin.waitForEvent('download', { timeout: T }), admin.getByTestId('export-excel').click()]);
  const row = rowByFirstColumn(readFileSync(await download.path()), applId);
  assert.ok(row, `the workbook has a row for ${applId}`);
  return row;
}

/** The settlement of 236 this month (sysadmin): the card row in KRW, as numbers read from the screen. */
async function settlementCard(admin, t) {
  await admin.goto('/sysadmin/settlement/list');
  await admin.getByTestId('settle-school').selectOption('236');
  await admin.getByRole('button', { name: t.settleShow, exact: true }).click();
  const table = admin.getByTestId('settlement-rows');
  const empty = admin.getByText(/이 기간에 결제와 환불이 없습니다|No payments or refunds/);
  await table.or(empty).first().waitFor({ timeout: T });
  if (!(await table.isVisible())) return { payments: 0, paid: 0, fees: 0, refunds: 0, refunded: 0, net: 0 };
  const row = table.locator('tbody tr').filter({ hasText: t.card });
  if ((await row.count()) === 0) return { payments: 0, paid: 0, fees: 0, refunds: 0, refunded: 0, net: 0 };
  const cells = (await row.first().locator('td').allInnerTexts()).map((s) => s.trim());
  assert.equal(cells[0], 'KRW');
  const n = (s) => Number(s.replace(/[^\d-]/g, ''));
  return { payments: n(cells[2]), paid: n(cells[3]), fees: n(cells[4]), refunds: n(cells[5]), refunded: n(cells[6]), net: n(cells[7]) };
}

/**
 * Refunds part of a payment through the system admin's refund form on the
 * payment page: the type by its name, the amount, a reason; the form asks
 * first, showing what is refunded and what remains.
 */
async function refundPart(admin, paymentId, amount, t) {
  await admin.goto(`/sysadmin/pay/attempts/${encodeURIComponent(paymentId)}/show`);
  const form = admin.getByTestId('cancel-form');
  await form.waitFor({ timeout: T });
  await form.locator('[name="cancelType"]').locator('..').click();
  await admin.getByRole('option', { name: t.partialOption, exact: true }).click();
  await form.locator('input[name="amount"]').fill(String(amount));
  await form.locator('textarea[name="reason"]').first().fill('수업료 일부 환불');
  await form.getByRole('button', { name: t.doCancel }).click();
  const dialog = admin.getByTestId('cancel-confirm');
  await dialog.waitFor({ timeout: T });
  const shown = { refund: await admin.getByTestId('confirm-refund').innerText(), remaining: await admin.getByTestId('confirm-remaining').innerText() };
  await admin.getByTestId('confirm-cancel').click();
  await dialog.waitFor({ state: 'detached', timeout: T });
  await admin.getByTestId('cancel-table').locator('tbody tr').first().waitFor({ timeout: T });
  return shown;
}

for (const locale of ['ko', 'en']) {
  test(`money truth (${locale}): paid by card, seen paid by the school; a partial refund seen refunded and net everywhere`, async () => {
    const t = L[locale];
    const who = freshApplicant(`truth${locale}`);
    const applicant = await newPage(browser, { locale });
    await login(applicant, who.userId);
    const { applNo, year } = await applyThroughAPI(applicant, { highSchool: true });

    const school = await staffPage('schooladmin', locale);
    const sys = await staffPage('sysadmin', locale);
    const dashBefore = await dashboard(school, year, t);
    const settleBefore = await settlementCard(sys, t);

    const { applId, paymentId } = await payByCardOnList(applicant, applNo, t.approve);
    assert.ok(applId, 'an exam number after paying');

    // The school admin: the list, the page, the dashboard, the workbook.
    assert.equal(await listMoney(school, who.userId, applNo), `${t.paid} ${t.won(80000)}`);
    assert.deepEqual(await axeViolations(school), [], 'axe on the application list');
    if (shots) await school.screenshot({ path: `${shots}/money-list-paid-${locale}.png`, fullPage: true });
    await school.getByTestId('applications-table').locator('tbody tr').filter({ hasText: who.userId }).click();
    const section = school.getByTestId('appl-money');
    await section.waitFor({ timeout: T });
    assert.equal((await section.getByTestId('money-state').innerText()).trim(), t.paid);
    assert.equal((await section.getByTestId('money-method').innerText()).trim(), t.card);
    assert.equal((await section.getByTestId('money-amount').innerText()).trim(), t.won(80000));
    assert.equal((await section.getByTestId('money-refunded').innerText()).trim(), t.won(0));
    assert.equal((await section.getByTestId('money-net').innerText()).trim(), t.won(80000));
    assert.match(await section.getByTestId('money-paid-at').innerText(), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(/);
    assert.deepEqual(await axeViolations(school), [], 'axe on the application page');
    if (shots) await school.screenshot({ path: `${shots}/money-page-paid-${locale}.png`, fullPage: true });

    const dashAfter = await dashboard(school, year, t);
    assert.equal(dashAfter.paid, dashBefore.paid + 1, 'the dashboard counts the payment');
    assert.equal(dashAfter.todayPayments, dashBefore.todayPayments + 1, "today's payments in the chart");

    let row = await workbookRow(school, year, applId);
    assert.equal(row[t.wb.paid], t.wbPaid);
    assert.equal(row[t.wb.method], t.card);
    assert.equal(row[t.wb.amount], '80000');
    assert.equal(row[t.wb.refunded], '0');
    assert.equal(row[t.wb.net], '80000');
    assert.equal(row[t.wb.currency], 'KRW');

    // Staff refund 30,000 of the 80,000 won.
    const asked = await refundPart(sys, paymentId, 30000, t);
    assert.match(asked.refund, /30,000/);
    assert.match(asked.remaining, /50,000/);

    assert.equal(await listMoney(school, who.userId, applNo), t.net(t.won(50000)));
    if (shots) await school.screenshot({ path: `${shots}/money-list-refunded-${locale}.png`, fullPage: true });
    await school.getByTestId('applications-table').locator('tbody tr').filter({ hasText: who.userId }).click();
    await section.waitFor({ timeout: T });
    assert.equal((await section.getByTestId('money-state').innerText()).trim(), t.partial);
    assert.equal((await section.getByTestId('money-refunded').innerText()).trim(), t.won(30000));
    assert.equal((await section.getByTestId('money-net').innerText()).trim(), t.won(50000));
    if (shots) await school.screenshot({ path: `${shots}/money-page-refunded-${locale}.png`, fullPage: true });

    row = await workbookRow(school, year, applId);
    assert.equal(row[t.wb.paid], t.wbPartial);
    assert.equal(row[t.wb.amount], '80000');
    assert.equal(row[t.wb.refunded], '30000');
    assert.equal(row[t.wb.net], '50000');

    const settleAfter = await settlementCard(sys, t);
    assert.equal(settleAfter.payments, settleBefore.payments + 1, 'one more card payment');
    assert.equal(settleAfter.paid, settleBefore.paid + 80000);
    assert.equal(settleAfter.refunds, settleBefore.refunds + 1, 'one more refund');
    assert.equal(settleAfter.refunded, settleBefore.refunded + 30000);
    assert.equal(settleAfter.net, settleAfter.paid - settleAfter.fees - settleAfter.refunded, 'net is paid less fees and refunds');
    if (shots) await sys.screenshot({ path: `${shots}/money-settlement-${locale}.png`, fullPage: true });

    // The applicant sees the refund under the application on /list.
    await applicant.goto('/list');
    const mine = applicant.getByTestId(`appl-row-${applNo}`);
    await mine.getByTestId('appl-refunds').waitFor({ timeout: T });
    const line = (await mine.getByTestId('appl-refund').innerText()).trim();
    assert.ok(line.startsWith(t.refund(locale === 'ko' ? '30,000원' : 'KRW 30,000')), line);
    assert.match(line, /\d{4}-\d{2}-\d{2} \d{2}:\d{2} \((한국 시간|Korea time)\)$/);
    assert.deepEqual(await axeViolations(applicant), [], 'axe on /list');
    if (shots) await applicant.screenshot({ path: `${shots}/money-applicant-list-${locale}.png`, fullPage: true });

    for (const p of [applicant, school, sys]) await p.context().close();
  });
}

test('money on a phone (375 px): the school admin reads the list and the payment section without sideways scrolling', async () => {
  const page = await newPage(browser, { locale: 'ko', mobile: true });
  await login(page, 'schooladmin');
  await page.goto('/sysadmin/applications');
  const first = page.getByTestId('appl-money-text').first();
  await first.waitFor({ timeout: T });
  const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(await noSideScroll() <= 1, 'the list fits');
  if (shots) await page.screenshot({ path: `${shots}/money-list-375.png`, fullPage: true });
  await first.click();
  await page.waitForURL('**/applications/*/show', { timeout: T });
  await page.getByTestId('appl-money').waitFor({ timeout: T });
  assert.ok(await noSideScroll() <= 1, 'the application page fits');
  assert.deepEqual(await axeViolations(page), [], 'axe on the application page at 375 px');
  if (shots) await page.screenshot({ path: `${shots}/money-page-375.png`, fullPage: true });
  await page.context().close();
});
