// Browser end-to-end test of issue 23 items 3 and 4, the applicant's side:
// two applicants complete (pay by card in the test gateway) an application
// to a round of school 236; the school admin decides them through the staff
// API (admit, reject). Before the release /list shows nothing of it; once
// the release is set to now with a message per decision, the admitted
// applicant reads the decision and the message on /list at 375 px (ko) and
// on the English page (en), and downloads the admission letter (a PDF that
// names the applicant and the school); the rejected one reads its message
// and has no letter. A notice the school admin publishes for the round shows
// on the school page and on the applicant's /list. axe-core finds nothing on
// /list with a result nor on the school page with notices.
//
// The round is this file's own (school 236, sequence SEQ), not the demo
// round: a round's results, once out, never change again, and other files
// decide the demo round's applications on the same database. Its windows are
// opened with SQL as consent.test.mjs does (the API only takes days after
// today); the applications' earlier steps are set with SQL like
// submittedPaidApplication; paying, deciding, releasing and publishing go
// through the real flow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { launch, newPage, freshApplicant, login, createApplication, openTestRound, call, sql, axeViolations, day } from './helpers.mjs';

const T = 30_000;
const SEQ = 47;
const SCHOOL_KO = '이화여자대학교 국제대학원';
const shots = process.env.E2E_SHOTS; // a folder: screenshots for a human look
async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

const messages = {
  admit: { ko: '합격을 알려 드립니다. 등록 안내는 2월 3일까지 메일로 보내 드립니다.', en: 'We are pleased to offer you admission. Enrolment details follow by mail by 3 February.' },
  waitlist: { ko: '예비 합격자로 선정되었습니다. 결원이 생기면 순번대로 연락드립니다.', en: 'You are on the waiting list. We will contact you in order if a place opens.' },
  reject: { ko: '이번 전형에서는 모시지 못하게 되었습니다. 지원해 주셔서 감사합니다.', en: 'We are unable to offer you admission this time. Thank you for applying.' },
};

let browser, staff, year, roundId, tmp, admitted, rejected;

async function noSideScroll(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

function pdfText(file) {
  assert.equal(readFileSync(file).subarray(0, 5).toString(), '%PDF-');
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
}

/** A fresh applicant (ko, phone) whose application to this file's round is paid by card in the test gateway, back on /list. */
async function completed(korName) {
  const page = await newPage(browser, { mobile: true });
  const who = freshApplicant('result');
  await login(page, who.userId);
  const applNo = await createApplication(page, { korName, school: '236', major: 'IS01', seq: SEQ });
  sql(`UPDATE application SET status = 'SUBMIT' WHERE appl_no = ${Number(applNo)}`);
  await page.goto('/list');
  const row = page.getByTestId(`appl-row-${applNo}`);
  await row.getByTestId('appl-action-pay').click({ timeout: T });
  await page.getByTestId('pay-type-card').click({ timeout: T });
  await page.getByTestId('pay-submit').click();
  await page.waitForURL('**/testpg/pay/**', { timeout: T });
  await page.getByRole('button', { name: '결제 승인' }).click();
  await page.getByTestId('completion-exam-number').waitFor({ timeout: T });
  return { page, who, applNo, korName };
}

/** The applicant's /list with its applications loaded (and what they ask for after). */
async function openList(page, applNo) {
  await page.goto('/list');
  await page.getByTestId(`appl-row-${applNo}`).waitFor({ timeout: T });
  await page.waitForLoadState('networkidle').catch(() => {});
  return page.getByTestId(`appl-row-${applNo}`);
}

async function downloadLetter(page, row, name) {
  const dl = page.waitForEvent('download', { timeout: T });
  await row.getByTestId('result-letter').click();
  const file = join(tmp, name);
  await (await dl).saveAs(file);
  return pdfText(file);
}

before(async () => {
  browser = await launch();
  tmp = mkdtempSync(join(tmpdir(), 'e2e-results-'));
  staff = await newPage(browser);
  await login(staff, 'schooladmin');
  ({ id: roundId, year } = await openTestRound(staff, { seq: SEQ, major: 'IS01', korName: '결과 발표 시험 전형', engName: 'Results test round' }));
  admitted = await completed('김합격');
  rejected = await completed('이결과');
});

after(async () => {
  await browser?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('results: nothing before the release; then the decision, the school\'s message and the admission letter on /list (ko, 375 px; en); a rejected applicant has no letter', async () => {
  for (const [who, decision] of [[admitted, 'admit'], [rejected, 'reject']]) {
    const d = await call(staff, 'PUT', `/apply/api-auth/admin/decisions/${who.applNo}`, { decision, rank: 0 });
    assert.equal(d.status, 200, JSON.stringify(d.body));
  }

  // decided, not released: the applicant sees nothing of it
  let row = await openList(admitted.page, admitted.applNo);
  assert.equal(await row.getByTestId('appl-status').getAttribute('data-status'), 'COMPLETE');
  assert.equal(await admitted.page.getByTestId('appl-result').count(), 0, 'no result before the release');
  const early = await call(admitted.page, 'GET', `/apply/api-auth/appl/results/${admitted.applNo}`);
  assert.equal(early.status, 404);
  assert.equal(early.body.code, 'decision.no_result');

  const release = await call(staff, 'PUT', `/apply/api-auth/admin/eval-rounds/${roundId}/release`, { at: new Date(Date.now() - 1000).toISOString(), messages });
  assert.equal(release.status, 200, JSON.stringify(release.body));

  // admitted, Korean, on a phone
  row = await openList(admitted.page, admitted.applNo);
  const result = row.getByTestId('appl-result');
  await result.waitFor({ timeout: T });
  assert.equal(await result.getAttribute('data-decision'), 'admit');
  assert.equal(await result.getByTestId('result-label').innerText(), '합격');
  assert.equal(await result.getByTestId('result-message').innerText(), messages.admit.ko);
  assert.match(await result.getByTestId('result-released').innerText(), /\d{4}-\d{2}-\d{2} \d{2}:\d{2} 발표 \(한국 시간\)/);
  assert.equal(await result.getByRole('heading', { name: '전형 결과' }).count(), 1);
  assert.ok((await noSideScroll(admitted.page)) <= 1, 'no sideways scroll at 375 px');
  assert.deepEqual(await axeViolations(admitted.page), [], 'no axe violations on /list with a result');
  await shot(admitted.page, 'result-admit-375');
  const letter = await downloadLetter(admitted.page, row, 'letter-ko.pdf');
  for (const want of [admitted.korName, SCHOOL_KO, '합격']) {
    assert.ok(letter.includes(want), `the letter names ${want}: ${letter}`);
  }

  // the same applicant in English: the English message, the English letter
  const en = await newPage(browser, { locale: 'en' });
  await login(en, admitted.who.userId);
  const enRow = await openList(en, admitted.applNo);
  const enResult = enRow.getByTestId('appl-result');
  await enResult.waitFor({ timeout: T });
  assert.equal(await enResult.getByTestId('result-label').innerText(), 'Admitted');
  assert.equal(await enResult.getByTestId('result-message').innerText(), messages.admit.en);
  assert.equal(await enResult.getByRole('button', { name: 'Download admission letter' }).count(), 1);
  const enLetter = await downloadLetter(en, enRow, 'letter-en.pdf');
  for (const want of [admitted.korName, 'Ewha']) {
    assert.ok(enLetter.includes(want), `the English letter names ${want}: ${enLetter}`);
  }
  await shot(en, 'result-admit-en');
  await en.context().close();

  // rejected: the message, no letter (and the server refuses one)
  row = await openList(rejected.page, rejected.applNo);
  const no = row.getByTestId('appl-result');
  await no.waitFor({ timeout: T });
  assert.equal(await no.getAttribute('data-decision'), 'reject');
  assert.equal(await no.getByTestId('result-label').innerText(), '불합격');
  assert.equal(await no.getByTestId('result-message').innerText(), messages.reject.ko);
  assert.equal(await row.getByTestId('result-letter').count(), 0, 'no admission letter for a rejected applicant');
  assert.equal((await call(rejected.page, 'GET', `/apply/api-auth/appl/results/${rejected.applNo}/letter`)).status, 409);
  await shot(rejected.page, 'result-reject-375');
});

test('notices: one the school admin publishes for the round shows on the school page (ko, en) and on the applicant\'s /list', async () => {
  const tag = randomBytes(3).toString('hex');
  const title = { ko: `면접 일정 안내 ${tag}`, en: `Interview schedule ${tag}` };
  const body = { ko: '면접은 2월 10일 오전 10시에 국제관 201호에서 진행합니다.', en: 'Interviews are on 10 February at 10:00 in room 201.' };
  const published = await call(staff, 'POST', '/apply/api-auth/admin/notices', {
    schoolCode: '236', roundId, title, body,
    starts: new Date(Date.now() - 60_000).toISOString(), ends: new Date(Date.now() + 7 * 86400_000).toISOString(),
  });
  assert.equal(published.status, 201, JSON.stringify(published.body));

  // the public school page, a guest on a phone
  const guest = await newPage(browser, { mobile: true });
  await guest.goto('/ewha-gsis/main');
  const list = guest.getByTestId('school-notices');
  const item = list.getByTestId('notice-item').filter({ hasText: title.ko });
  await item.waitFor({ timeout: T });
  assert.equal(await item.getByTestId('notice-meta').innerText(), `결과 발표 시험 전형 · ${day(0)}`, "the notice's round and day in Korea");
  await item.getByRole('button', { name: new RegExp(title.ko) }).click();
  await item.getByTestId('notice-body').waitFor({ state: 'visible', timeout: T });
  assert.equal(await item.getByTestId('notice-body').innerText(), body.ko);
  assert.ok((await noSideScroll(guest)) <= 1, 'no sideways scroll at 375 px');
  assert.deepEqual(await axeViolations(guest), [], 'no axe violations on the school page with notices');
  await shot(guest, 'notices-school-375');
  await guest.context().close();

  const enGuest = await newPage(browser, { locale: 'en' });
  await enGuest.goto('/ewha-gsis/main');
  const enItem = enGuest.getByTestId('school-notices').getByTestId('notice-item').filter({ hasText: title.en });
  await enItem.waitFor({ timeout: T });
  assert.equal(await enItem.getByTestId('notice-meta').innerText(), `Results test round · ${day(0)}`);
  await enGuest.context().close();

  // the applicant of the round, above the list
  const page = admitted.page;
  await openList(page, admitted.applNo);
  const mine = page.getByTestId('my-notices').getByTestId('notice-item').filter({ hasText: title.ko });
  await mine.waitFor({ timeout: T });
  assert.equal(await mine.getByTestId('notice-meta').innerText(), `${SCHOOL_KO} · ${day(0)}`);
  await mine.getByRole('button', { name: new RegExp(title.ko) }).click();
  assert.equal(await mine.getByTestId('notice-body').innerText(), body.ko);
  assert.deepEqual(await axeViolations(page), [], 'no axe violations on /list with notices and a result');
  await shot(page, 'notices-list-375');
});
