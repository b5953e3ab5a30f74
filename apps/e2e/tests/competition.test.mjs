// Browser end-to-end test of issue 21 item 3, 경쟁률: the public page
// /{school}/competition counts what the real flow wrote.
//
// A fresh applicant completes (pays by card in the test gateway) an
// application to school 236's demo round, major KS02 (master's), whose quota
// the demo data sets. Other files on this worker may have applied to the
// same round before, so the test reads the figures first and expects one
// more applicant and one more completed application (the server counts at
// most once a minute: it polls). The page then shows that row with the quota
// and the ratio, in Korean at 375 px (reached from the school page's link)
// and in English on a desktop, with nothing for axe-core and no sideways
// scroll of the page.
//
// The school admin also sets a quota on a round of this file's own (seq 49,
// opened as results.test.mjs does) and keeps it off the page through the
// staff round API: the round was on the page before and is gone after.
// Like results.test.mjs the application's earlier steps are set with SQL;
// paying and the school admin's change go through the real flow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, newPage, freshApplicant, login, createApplication, openTestRound, call, sql, axeViolations, baseURL } from './helpers.mjs';

const T = 30_000;
const SEQ = 49;
const MAJOR = 'KS02';
const shots = process.env.E2E_SHOTS; // a folder: screenshots for a human look
async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

let browser, staff, hidden, before0, applicant;

/** The public API's answer for school 236, as anyone reads it. */
async function board() {
  const res = await fetch(`${baseURL}/apply/api/competition/236`);
  assert.equal(res.status, 200);
  return res.json();
}

/** Asks the API until it answers what ok accepts (the server counts at most once a minute). */
async function until(ok, what, ms = 100_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const page = await board();
    if (ok(page)) return page;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s: ${JSON.stringify(page)}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

const demoRound = (page) => page.rounds.find((r) => r.recruitPartSeq === 1);
const majorLine = (page) => demoRound(page)?.parts.find((p) => p.majorCode === MAJOR && p.isMaster);
const hasRound = (page, seq) => page.rounds.some((r) => r.recruitPartSeq === seq);

const noSideScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A fresh applicant (ko, phone) whose application to 236's demo round is paid by card in the test gateway. */
async function completed() {
  const page = await newPage(browser, { mobile: true });
  const who = freshApplicant('compet');
  await login(page, who.userId);
  const applNo = await createApplication(page, { korName: '김경쟁', school: '236', major: MAJOR, seq: 1 });
  sql(`UPDATE application SET status = 'SUBMIT' WHERE appl_no = ${Number(applNo)}`);
  await page.goto('/list');
  await page.getByTestId(`appl-row-${applNo}`).getByTestId('appl-action-pay').click({ timeout: T });
  await page.getByTestId('pay-type-card').click({ timeout: T });
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/testpg/pay/**', { timeout: T });
  await page.getByRole('button', { name: '결제 승인' }).click();
  await page.getByTestId('completion-exam-number').waitFor({ timeout: T });
  return { page, applNo };
}

/** The figures of a row of the page's table (quota, applicants, completed, ratio). */
async function rowFigures(row) {
  return Promise.all(['competition-quota', 'competition-submitted', 'competition-completed', 'competition-ratio']
    .map((id) => row.getByTestId(id).innerText()));
}

before(async () => {
  browser = await launch();
  staff = await newPage(browser);
  await login(staff, 'schooladmin');
  hidden = await openTestRound(staff, { seq: SEQ, major: 'IS01', korName: '경쟁률 비공개 시험 전형', engName: 'Hidden ratios test round' });
  // what the page counted before this file's application; the own round is on it until hidden
  before0 = await until((p) => hasRound(p, SEQ) && majorLine(p), 'the demo round and the test round on the page');
  assert.ok(majorLine(before0).quota > 0, 'the demo data sets a quota for the major');

  // the school admin sets a quota and keeps the round off the competition page, as the round form sends it
  const got = await call(staff, 'GET', `/apply/api-auth/admin/recruit-parts/${hidden.id}`);
  assert.equal(got.status, 200, JSON.stringify(got.body));
  assert.equal(got.body.competitionHidden, false);
  const body = { ...got.body, competitionHidden: true, parts: got.body.parts.map((p) => ({ ...p, quota: 7 })) };
  const put = await call(staff, 'PUT', `/apply/api-auth/admin/recruit-parts/${hidden.id}`, body);
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.equal(put.body.competitionHidden, true);
  assert.equal(put.body.parts[0].quota, 7);

  applicant = await completed();
});

after(async () => {
  await browser?.close();
});

test('competition: a paid application counts on the page, with the quota and the ratio (ko at 375 px from the school page; en desktop); axe finds nothing', async () => {
  const was = majorLine(before0);
  const now = await until((p) => majorLine(p)?.submitted === was.submitted + 1 && majorLine(p)?.completed === was.completed + 1,
    'one more applicant and one more completed application of the major');
  const line = majorLine(now);
  assert.equal(line.quota, was.quota);
  // completed per place, to two decimals (half up)
  assert.equal(line.ratio.toFixed(2), (Math.round((line.completed * 100) / line.quota) / 100).toFixed(2), `ratio for ${line.completed} / ${line.quota}`);
  const ratio = `${line.ratio.toFixed(2)} : 1`;

  // Korean, on a phone: from the school page's link
  const ko = applicant.page;
  await ko.goto('/ewha-gsis/main');
  await ko.getByTestId('school-competition-link').click({ timeout: T });
  await ko.waitForURL('**/ewha-gsis/competition', { timeout: T });
  // the page's code loads after the address changes: wait for its heading, not the school page's
  await ko.getByRole('heading', { level: 1, name: '경쟁률', exact: true }).waitFor({ timeout: T });
  const round = ko.locator(`[data-testid="competition-round-1"]`);
  const row = round.getByTestId(`competition-row-${MAJOR}-M`);
  await row.waitFor({ timeout: T });
  assert.deepEqual(await rowFigures(row), [String(line.quota), String(line.submitted), String(line.completed), ratio]);
  assert.match(await row.getByRole('rowheader').innerText(), /한국학\s*석사과정/);
  assert.deepEqual(await round.getByRole('columnheader').allInnerTexts(), ['전공', '모집인원', '지원자', '접수 완료', '경쟁률']);
  assert.equal(await round.getByTestId('competition-total').getByRole('rowheader').innerText(), '합계');
  assert.equal(await round.getByTestId('competition-open').innerText(), '접수 중');
  assert.match(await ko.getByTestId('competition-counted-at').innerText(), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 기준$/);
  assert.ok((await noSideScroll(ko)) <= 1, 'no sideways scroll of the page at 375 px');
  // a table wider than the phone would scroll in its own box
  assert.equal(await round.getByTestId('competition-table-box').evaluate((el) => getComputedStyle(el).overflowX), 'auto');
  await shot(ko, 'competition-ko-375');
  assert.deepEqual(await axeViolations(ko), [], 'no axe violations on the competition page (ko, 375 px)');

  // English, on a desktop, by the school's code
  const en = await newPage(browser, { locale: 'en' });
  await en.goto('/236/competition');
  await en.getByRole('heading', { level: 1, name: 'Competition ratios', exact: true }).waitFor({ timeout: T });
  const enRow = en.locator('[data-testid="competition-round-1"]').getByTestId(`competition-row-${MAJOR}-M`);
  await enRow.waitFor({ timeout: T });
  const figures = await rowFigures(enRow);
  // the figures may have moved on by a minute's count, never below ours
  assert.equal(figures[0], String(line.quota));
  assert.ok(Number(figures[2]) >= line.completed);
  assert.match(figures[3], /^\d+\.\d{2} : 1$/);
  assert.match(await enRow.getByRole('rowheader').innerText(), /Korean Studies\s*Master's/);
  assert.match(await en.getByTestId('competition-counted-at').innerText(), /^As of \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Korea time\)$/);
  assert.ok((await noSideScroll(en)) <= 1);
  await shot(en, 'competition-en');
  assert.deepEqual(await axeViolations(en), [], 'no axe violations on the competition page (en)');
  await en.context().close();
});

test('competition: a round the school keeps off the page is absent from the API and the page; an unknown school is said so', async () => {
  const now = await until((p) => !hasRound(p, SEQ), `round ${hidden.id} off the page`);
  assert.ok(demoRound(now), 'the other rounds stay');
  const page = applicant.page;
  await page.goto('/ewha-gsis/competition');
  await page.getByTestId('competition-round-1').waitFor({ timeout: T });
  assert.equal(await page.getByTestId(`competition-round-${SEQ}`).count(), 0);
  assert.equal(await page.getByText('경쟁률 비공개 시험 전형').count(), 0);

  const unknown = await fetch(`${baseURL}/apply/api/competition/no-such-school`);
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).code, 'competition.school_unknown');
  await page.goto('/no-such-school/competition'); // the server answers 404 with the app, which says why
  assert.match(await page.getByTestId('competition-unknown').innerText({ timeout: T }), /학교를 찾을 수 없습니다/);
});
