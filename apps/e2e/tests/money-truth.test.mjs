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
import { launch, newPage, call, freshApplicant, login, roundYear, axeViolations } from './helpers.mjs';
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
const pngHead = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGKRt8pgYGBgYgADQAAAAP//CRcAyGlrjcYAAAAASUVORK5CYII=', 'base64');
const pdf = Buffer.from('%PDF-1.4\n%test document\n');

const ok = (r, what, status = 200) => {
  assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
  return r.body;
};

/** A document uploaded as the applicant's page sends it (multipart: the JSON request part, then the file). */
async function upload(page, applNo, itemCode, name, bytes, type) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const status = await page.evaluate(async ({ applNo, itemCode, name, bytes, type, xsrf }) => {
    const form = new FormData();
    form.append('request', new Blob([JSON.stringify({ itemCode })], { type: 'application/json' }));
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const r = await fetch(`/apply/api-auth/appl/doc/upload/${applNo}`, { method: 'POST', body: form, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
    return r.status;
  }, { applNo, itemCode, name, bytes: [...bytes], type, xsrf });
  assert.equal(status, 200, `upload ${name}`);
}

/**
 * Every step of an application to 236's demo round saved through the API
 * the applicant's pages call, then submitted: SUBMIT, waiting for the fee.
 */
async function submittedApplication(page) {
  const year = await roundYear('236');
  const round = ok(await call(page, 'GET', `/apply/api/recruit?schoolCode=236&enterYear=${year}&partSeq=1`), 'round');
  const consents = Object.fromEntries(round.consents.map((c) => [c.code, c.version]));
  const part = {
    applPartRequestList: [{ schoolCode: '236', enterYear: year, recruitPartSeq: 1, majorCode: 'DC01', isMaster: true,
      isGeneralType: true, stayTypeCode: '00001', categoryCode: round.categories[0].code }],
    consents,
  };
  if (round.partSurvey?.length) part.surveyRequest = { answers: [{ questionCode: 'p1', itemCode: '01', inputType: 'radio' }] };
  const applNo = ok(await call(page, 'POST', '/apply/api-auth/appl/part', part), 'part', 201).applNo;
  const step = async (path, body) => ok(await call(page, 'POST', `/apply/api-auth/appl/${path}/${applNo}`, body), path);
  await step('basis', { applicantInfo: {
    gend: 'F', korName: '김하늘', engName: 'KIM HANEUL', nationality: '410', birthDate: '1998-03-01',
    residentNoLast: '2345678', address: '서울특별시 서대문구 이화여대길 52', addressDetail: '101호', postCode: '03760',
    phone: '02-123-4567', mobile: '010-1234-5678', email: 'haneul@example.com',
    emergencyContact: { name: '김부모', relation: '모', phone: '010-2222-3333' },
    maritalStatus: '00001', childNum: '0',
    familyList: [{ relation: '00002', name: '이어머니', nationality: '410', birthDate: '1970-05-05' }],
  } });
  await step('acad', { acadList: [
    { acadType: 'univ', schoolCode: '101', countryCode: '410', city: 'Seoul', college: '사회과학대학', major: '정치외교학',
      department: '정치외교학과', acadFinal: true, enterDay: '2016-03-02', graduateDay: '2020-02-20', graduationStatus: '00001',
      degreeNo: '2020-1234', degreeCourse: '00001', degreeLevel: '00001', credits: '130', gradeForm: '00001', fullScore: '4.50',
      gpa: '3.85', studentId: '2016123456' },
    { acadType: 'high', schoolCode: '999', searchSchoolName: 'Hanbit High School', countryCode: '410', acadFinal: false,
      enterDay: '2013-03-02', graduateDay: '2016-02-10', graduationStatus: '00001', gradeForm: '00002', fullScore: '100', gpa: '92' },
  ] });
  await step('lang', { partLanguages: [{ langExamCode: '00001', score: '105', examDay: '2026-05-10', expiryDay: '2028-05-10' }] });
  await step('career', { careerList: [{ companyName: '한빛전자', description: '해외영업', compType: '00001', employmentType: '00001',
    department: '영업부', position: '대리', joinDay: '2020-03-02', currentYn: true }] });
  await step('add-info', { essays: [
    { no: 1, lang: 'en', text: 'I grew up in Seoul and studied politics.' },
    { no: 2, lang: 'ko', text: '국제개발협력 분야를 공부하고 싶습니다.' },
    { no: 3, lang: 'en', text: 'After graduation I will work for an international organisation.' },
  ] });
  await upload(page, applNo, '00001', 'photo.png', Buffer.concat([pngHead, Buffer.alloc(100)]), 'image/png');
  await upload(page, applNo, '00002', 'diploma.pdf', pdf, 'application/pdf');
  await upload(page, applNo, '00003', '성적증명서.pdf', pdf, 'application/pdf');
  ok(await call(page, 'POST', `/apply/api-auth/appl/doc/save/${applNo}`), 'documents saved');
  const survey = ok(await call(page, 'GET', `/apply/api-auth/survey/${applNo}`), 'survey');
  const answers = survey.questions.map((q) => (q.items?.length
    ? { questionCode: q.questionCode, inputType: q.inputType, itemCode: q.items[0].itemCode }
    : { questionCode: q.questionCode, inputType: q.inputType, answer: 'text' }));
  ok(await call(page, 'POST', '/apply/api-auth/survey/save', { applNo, answers }), 'survey saved');
  const submitted = ok(await call(page, 'POST', `/apply/api-auth/appl/submit/${applNo}`, { consents }), 'submit');
  assert.equal(submitted.status, 'SUBMIT');
  return { applNo, year };
}

/** Pays from /list by card in the test gateway and answers the exam number and the payment id. */
async function payByCard(page, applNo, t) {
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.waitFor({ timeout: T });
  await row.getByTestId('appl-action-pay').click();
  await page.getByTestId('pay-type-card').click();
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/testpg/pay/**', { timeout: T });
  const paymentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: t.approve }).click();
  const exam = page.getByTestId('completion-exam-number');
  await exam.waitFor({ timeout: T });
  return { applId: (await exam.innerText()).trim(), paymentId };
}

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
    const { applNo, year } = await submittedApplication(applicant);

    const school = await staffPage('schooladmin', locale);
    const sys = await staffPage('sysadmin', locale);
    const dashBefore = await dashboard(school, year, t);
    const settleBefore = await settlementCard(sys, t);

    const { applId, paymentId } = await payByCard(applicant, applNo, t);
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
